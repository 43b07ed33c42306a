import { shareConfidenceInterval } from '@limbus/analytics';
import {
  AI_SUGGESTION_TITLE_MAX_WORDS,
  AI_SUGGESTIONS_MAX,
  AI_SUMMARY_MAX_WORDS,
  type AiInsightField,
} from '@limbus/contract';
import type { AiProvider, AiTask, InsightFacts } from './ai.provider.js';
import { escapeHtml } from './html-text.js';
import { localInsight } from './local-insight.js';

/**
 * Text built from the test's own data, the same for the same data: every AI feature works and is
 * tested without a network (DESIGN §4). Tags, emotions, comments and the insight's own texts are
 * counted and quoted; nothing is made up.
 */
export function createLocalProvider(): AiProvider {
  return { complete: async (task: AiTask) => ({ text: localText(task), tokens: 0 }), languageModel: false };
}

function localText(task: AiTask): string {
  switch (task.kind) {
    case 'free':
      return tidyText(task.text || task.prompt, task.maxTokens);
    case 'insight':
      return JSON.stringify(localInsight(task.input, task.language));
    case 'translation':
      // Without a model there is no translation: an empty one rather than an invented one.
      return JSON.stringify({ translation: '' });
    default:
      return WRITERS[task.kind](task.facts);
  }
}

const WRITERS: Record<AiInsightField, (facts: InsightFacts) => string> = {
  explanation: explain,
  summary: summarize,
  suggestion: suggest,
};

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const words = (text: string) => text.split(/\s+/).filter(Boolean);
const firstWords = (text: string, count: number) => words(text).slice(0, count).join(' ');
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** Names by how often they occur, most first, then alphabetically. */
function ranked(names: string[]): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

function overview(facts: InsightFacts) {
  const participants = new Set(facts.points.map((point) => point.participant)).size;
  return {
    participants,
    emotions: ranked(facts.points.map((point) => point.emotion)),
    tags: ranked(facts.points.flatMap((point) => point.tags)),
    /** Each comment once, with who it is about: the same words from two participants are one quote. */
    quotes: [
      ...new Map(
        facts.points
          .filter((point) => point.comment.trim() !== '')
          .map((point) => [point.comment.trim(), point.participant] as const),
      ),
    ].map(([text, participant]) => ({ text, participant })),
  };
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** 'k of N participants (s %, 95 % CI a–b %)': who showed the finding, with how sure the share is. */
function reach(participants: number, inTest: number): string {
  const interval = shareConfidenceInterval(participants, Math.max(inTest, participants));
  if (!interval) return plural(participants, 'participant');
  const { share, lower, upper } = interval;
  return `${participants} of ${plural(Math.max(inTest, participants), 'participant')} (${percent(share)}, 95 % CI ${Math.round(lower * 100)}–${percent(upper)})`;
}

/** How far the interval lets the finding be generalised, in words a client can act on. */
function certainty(participants: number, inTest: number): string {
  const interval = shareConfidenceInterval(participants, Math.max(inTest, participants));
  if (!interval) return '';
  if (inTest < 5)
    return `With ${plural(Math.max(inTest, participants), 'participant')} in the test this may be an individual reaction: treat it as a lead and check it in the next test.`;
  if (interval.lower >= 0.5)
    return `Even at the low end of the interval, more than half of such users would react this way: a pattern, not an anecdote.`;
  if (interval.lower >= 0.2)
    return `At least about ${percent(interval.lower)} of such users are likely to react this way: a substantial group, worth acting on.`;
  return `With ${plural(Math.max(inTest, participants), 'participant')} this may be an individual reaction: treat it as a lead and check it in the next test.`;
}

/** Why a reaction of this emotion matters to the product. */
const MEANING: Record<string, string> = {
  frustration:
    'Frustration at a step means it takes more effort than people expect; in a shop that is where they hesitate or leave.',
  joy: 'Joy marks what works: people feel confident here, which carries them on to the next step.',
  attention:
    'Attention shows what draws the eye; it helps when it answers a question people have, and costs time when it does not.',
};

/** What a finding of this emotion says to the question the test set out to answer. */
const TOWARDS_PURPOSE: Record<string, string> = {
  frustration: 'this is a place where people hesitate.',
  joy: 'this is a step that carries people forward.',
  attention: 'this is what people look at on the way, for better or worse.',
};

const names = (items: { name: string }[], count: number, and = ', ') =>
  items
    .slice(0, count)
    .map((item) => item.name)
    .join(and);

/** 'joy (7) and attention (2)' after the main emotion, '' when there is one emotion. */
const otherEmotions = (emotions: { name: string; count: number }[]) =>
  emotions.length > 1
    ? `, then ${emotions
        .slice(1)
        .map((emotion) => `${emotion.name} (${emotion.count})`)
        .join(' and ')}`
    : '';

/**
 * The explanation interprets the data rather than repeating it (issue 26): what happened, why it
 * matters, how sure we are (n and the interval), what it says to the test's question. The Data
 * section's comments are not repeated: the insight shows them beside it.
 */
function explain(facts: InsightFacts): string {
  const { participants, emotions, tags, quotes } = overview(facts);
  const main = emotions[0];
  if (!main)
    return paragraph(
      'No significant points are linked to this insight yet: link the moments that show it, and the explanation can say how many participants it concerns and how sure that is.',
    );
  const share = main.count === facts.points.length ? 'all' : `${main.count} of them`;
  const tied = tags.length > 0 ? ` The researchers tied them to ${names(tags, 3)}.` : '';
  const parts = [
    `What happened: ${reach(participants, facts.test.participants)} had a significant moment here, ${plural(facts.points.length, 'moment')} in all, ${share} of ${main.name}${otherEmotions(emotions)}.${tied}`,
    MEANING[main.name] ? `Why it matters: ${MEANING[main.name]}` : '',
    quotes.length > 0
      ? `In the researchers' notes: ${quotes
          .slice(0, 2)
          .map((quote) => `${quote.participant} “${quote.text}”`)
          .join('; ')}.`
      : '',
    `How sure we are: ${certainty(participants, facts.test.participants)}`,
    facts.test.purpose
      ? `For the test's question, “${facts.test.purpose}”: ${TOWARDS_PURPOSE[main.name] ?? TOWARDS_PURPOSE.attention}`
      : '',
    facts.focusPoint ? `Focus point: ${facts.focusPoint}.` : '',
  ];
  return parts.filter(Boolean).map(paragraph).join('');
}

/** At most 100 words (spec 2 §7), in one paragraph, adding to the title rather than repeating it. */
function summarize(facts: InsightFacts): string {
  const { participants, emotions, tags, quotes } = overview(facts);
  const main = emotions[0];
  if (!main)
    return paragraph('No significant points are linked yet: link the moments that show this finding.');
  const where = tags.length > 0 ? `, at ${names(tags, 2, ' and ')}` : '';
  const sentences = [
    `${capitalised(reach(participants, facts.test.participants))} showed it, mostly as ${main.name}${where}.`,
  ];
  const quote = quotes[0]?.text ?? facts.comments[0]?.text;
  if (quote) sentences.push(`In a researcher's words: “${quote}”`);
  return paragraph(firstWords(sentences.join(' '), AI_SUMMARY_MAX_WORDS));
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Up to three suggestions, one per most-used tag (else per emotion), titles of at most five words:
 * improve what frustrates, keep what pleases, build on what holds attention.
 */
function suggest(facts: InsightFacts): string {
  const { tags, emotions } = overview(facts);
  const topics = tags.length > 0 ? tags : emotions;
  const suggestions =
    topics.length === 0
      ? [
          {
            title: `Investigate ${facts.title}`,
            description: `Link significant points to “${facts.title}” to see where participants struggle.`,
          },
        ]
      : topics.slice(0, AI_SUGGESTIONS_MAX).map((topic) => suggestionFor(facts, topic));
  return JSON.stringify({
    suggestions: suggestions.map((suggestion) => ({
      suggestion_title: firstWords(suggestion.title, AI_SUGGESTION_TITLE_MAX_WORDS),
      suggestion_description: paragraph(suggestion.description),
    })),
  });
}

/** What to do about a part of the product, by the emotion its moments mostly show. */
const IMPROVE = { verb: 'Improve', advice: 'Rework this part and test it again.' };
const ADVICE: Record<string, typeof IMPROVE> = {
  frustration: IMPROVE,
  joy: { verb: 'Keep', advice: 'Keep this part as it is, and use what works here elsewhere.' },
  attention: {
    verb: 'Build on',
    advice: 'Participants look closely here: make sure it answers their questions, and test it again.',
  },
};

function suggestionFor(facts: InsightFacts, topic: { name: string; count: number }) {
  const points = facts.points.filter(
    (point) => point.tags.includes(topic.name) || point.emotion === topic.name,
  );
  const feeling = ranked(points.map((point) => point.emotion))[0]?.name ?? topic.name;
  const { verb, advice } = ADVICE[feeling] ?? IMPROVE;
  const quote = points.find((point) => point.comment.trim() !== '')?.comment.trim();
  const where = facts.focusPoint ? ` around ${facts.focusPoint}` : '';
  return {
    title: `${verb} ${topic.name}`,
    description: `${plural(topic.count, 'moment')} of ${feeling} concern ${topic.name}${where}.${quote ? ` Participants were noted: “${quote}”.` : ''} ${advice}`,
  };
}

/**
 * Free text without a model: the given text tidied (spaces collapsed, sentences capitalised and
 * ended) as paragraphs, within the token budget at about ¾ of a word per token.
 */
function tidyText(text: string, maxTokens: number): string {
  let budget = Math.max(1, Math.floor(maxTokens * 0.75));
  const paragraphs: string[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    if (budget <= 0) break;
    const kept = firstWords(block, budget);
    budget -= words(kept).length;
    if (kept) paragraphs.push(sentenceCase(kept));
  }
  return paragraphs.map(paragraph).join('');
}

function sentenceCase(text: string): string {
  const sentences = text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.charAt(0).toUpperCase() + sentence.slice(1));
  const joined = sentences.join(' ');
  return /[.!?…”"]$/.test(joined) ? joined : `${joined}.`;
}
