import type { Insight } from './insights.js';

/** The sections of an insight a reader reads one after another. */
const SECTIONS = [
  'summary',
  'explanation',
  'behavior_comment',
  'eeg_comment',
  'eye_tracking_comment',
  'touch_tracking_comment',
  'suggestion',
] as const;
type Section = (typeof SECTIONS)[number];

/** A paragraph shorter than this many words ('Focus point: Hero.') may repeat without harm. */
const MIN_REPEATED_WORDS = 6;

/** The paragraphs (and list items) of a section's HTML or plain text, as comparable plain text. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/<\/(?:p|li|h\d)>|\n\s*\n/i)
    .map((part) =>
      part
        .replace(/<[^>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

const comparable = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, '')
    .trim();

/**
 * What reads as written by a template rather than an analyst (issue 26): a summary that starts
 * with the insight's title word for word, and a paragraph that stands twice, in one section or
 * across two. Each problem as a sentence naming where it is; none for a well-written insight.
 */
export function insightTextProblems(insight: Pick<Insight, 'title' | Section>): string[] {
  const problems: string[] = [];
  const title = comparable(insight.title);
  const summary = comparable(paragraphsOf(insight.summary).join(' '));
  if (title !== '' && summary.startsWith(title))
    problems.push(`The summary starts with the title “${insight.title}”: say what the title does not.`);
  const seen: { key: string; section: Section }[] = [];
  for (const section of SECTIONS) {
    for (const paragraph of paragraphsOf(insight[section])) {
      const key = comparable(paragraph);
      if (key.split(' ').length < MIN_REPEATED_WORDS) continue;
      // 'Behavior: The peaks came…' repeats 'The peaks came…': one holding the other is a repeat
      const first = seen.find((earlier) => earlier.key.includes(key) || key.includes(earlier.key));
      if (first) problems.push(`“${shortened(paragraph)}” stands in ${placesOf(first.section, section)}.`);
      else seen.push({ key, section });
    }
  }
  return problems;
}

const shortened = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

const placesOf = (first: Section, second: Section) =>
  first === second ? `the ${first} twice` : `both the ${first} and the ${second}`;
