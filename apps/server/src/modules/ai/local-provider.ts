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

const listed = (items: { name: string; count: number }[]) =>
  items.map((item) => `${item.name} (${item.count})`).join(', ');

function overview(facts: InsightFacts) {
  const participants = new Set(facts.points.map((point) => point.participant)).size;
  return {
    participants,
    emotions: ranked(facts.points.map((point) => point.emotion)),
    tags: ranked(facts.points.flatMap((point) => point.tags)),
    comments: facts.points.filter((point) => point.comment.trim() !== ''),
  };
}

function explain(facts: InsightFacts): string {
  const { participants, emotions, tags, comments } = overview(facts);
  const parts = [
    paragraph(
      facts.points.length === 0
        ? `The insight “${facts.title}” of the test “${facts.test.name}” has no significant points linked yet: link points to ground it in what participants felt.`
        : `The insight “${facts.title}” of the test “${facts.test.name}” rests on ${plural(facts.points.length, 'significant point')} of ${plural(participants, 'participant')}.`,
    ),
  ];
  if (facts.test.purpose) parts.push(paragraph(`The test set out to: ${facts.test.purpose}`));
  if (emotions.length > 0) parts.push(paragraph(`Emotions measured at these moments: ${listed(emotions)}.`));
  if (tags.length > 0) parts.push(paragraph(`Tags given to them: ${listed(tags)}.`));
  if (comments.length > 0) {
    const items = comments
      .slice(0, 5)
      .map(
        (point) =>
          `<li>${escapeHtml(`Participant ${point.participant} (${point.emotion}): “${point.comment.trim()}”`)}</li>`,
      );
    parts.push(`${paragraph('What the researchers noted:')}<ul>${items.join('')}</ul>`);
  }
  for (const comment of facts.comments) parts.push(paragraph(`${comment.label}: ${comment.text}`));
  if (facts.focusPoint) parts.push(paragraph(`Focus point: ${facts.focusPoint}.`));
  return parts.join('');
}

/** At most 100 words (spec 2 §7), in one paragraph. */
function summarize(facts: InsightFacts): string {
  const { participants, emotions, tags, comments } = overview(facts);
  const sentences = [
    facts.points.length === 0
      ? `${facts.title}: no significant points are linked yet.`
      : `${facts.title}: ${plural(facts.points.length, 'moment')} of ${plural(participants, 'participant')}, mostly ${emotions[0]?.name}.`,
  ];
  if (tags.length > 0)
    sentences.push(
      `Tagged ${tags
        .slice(0, 3)
        .map((tag) => tag.name)
        .join(', ')}.`,
    );
  const quote = comments[0]?.comment.trim() ?? facts.comments[0]?.text;
  if (quote) sentences.push(`Noted: “${quote}”`);
  if (facts.explanation) sentences.push(facts.explanation);
  return paragraph(firstWords(sentences.join(' '), AI_SUMMARY_MAX_WORDS));
}

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
