import {
  AI_SUGGESTION_TITLE_MAX_WORDS,
  AI_SUGGESTIONS_MAX,
  AI_SUMMARY_MAX_WORDS,
  type AiInsightField,
} from '@limbus/contract';
import type { AiTask, InsightFacts } from './ai.provider.js';

export type ChatMessage = { role: 'system' | 'user'; content: string };

const SYSTEM =
  'You help UX researchers write up usability tests. Answer in HTML using only p, ul, ol, li, strong and em, without code fences.';

const INSTRUCTIONS: Record<AiInsightField, string> = {
  explanation:
    'Explain this insight of a usability test: what participants experienced and why, grounded in the significant points below.',
  summary: `Summarize this insight of a usability test in at most ${AI_SUMMARY_MAX_WORDS} words.`,
  suggestion: `Give up to ${AI_SUGGESTIONS_MAX} suggestions to improve what this insight describes. Answer with JSON only: {"suggestions": [{"suggestion_title": "a title of at most ${AI_SUGGESTION_TITLE_MAX_WORDS} words", "suggestion_description": "HTML"}]}.`,
};

function describe(facts: InsightFacts): string {
  const lines = [
    `Test: ${facts.test.name}`,
    facts.test.purpose ? `Purpose: ${facts.test.purpose}` : '',
    `Insight: ${facts.title}`,
    ...facts.comments.map((comment) => `${comment.label}: ${comment.text}`),
    facts.focusPoint ? `Focus point: ${facts.focusPoint}` : '',
    facts.explanation ? `Explanation so far: ${facts.explanation}` : '',
    facts.summary ? `Summary so far: ${facts.summary}` : '',
    'Significant points (participant, emotion, tags, comment):',
    ...facts.points.map(
      (point) =>
        `- participant ${point.participantId}, ${point.emotion}, tags: ${point.tags.join(', ') || 'none'}, comment: ${point.comment || 'none'}`,
    ),
  ];
  return lines.filter(Boolean).join('\n');
}

/** The chat messages of a task (spec 2 §7: HTML output; a summary of at most 100 words; suggestions as JSON). */
export function messagesOf(task: AiTask): ChatMessage[] {
  if (task.kind === 'free') {
    const content = task.text ? `${task.prompt}\n\nText:\n${task.text}` : task.prompt;
    return [
      { role: 'system', content: SYSTEM },
      { role: 'user', content },
    ];
  }
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `${INSTRUCTIONS[task.kind]}\n\n${describe(task.facts)}` },
  ];
}
