import type { AiInsightField } from '@limbus/contract';
import type { AiSettings } from '../../config.js';
import { createLocalProvider } from './local-provider.js';
import { createOpenAiProvider } from './openai-provider.js';

/** What the model is told about an insight: the test's own data, as plain text. */
export type InsightFacts = {
  test: { name: string; purpose: string };
  title: string;
  /** The Data section's comments that hold text (not the '...' a new insight starts with). */
  comments: { label: string; text: string }[];
  focusPoint: string;
  /** Explanation and summary as plain text, '' when empty. */
  explanation: string;
  summary: string;
  /** The linked significant points in time order. */
  points: { participantId: number; emotion: string; comment: string; tags: string[] }[];
};

/** One piece of text to write; `maxTokens` is the budget of spec 2 §9. */
export type AiTask =
  | { kind: AiInsightField; facts: InsightFacts; maxTokens: number }
  | { kind: 'free'; prompt: string; text: string | undefined; maxTokens: number };

/**
 * Writes text for a task: HTML for explanation, summary and free text; for suggestions the JSON
 * {"suggestions": [{"suggestion_title", "suggestion_description"}]} (spec 3's output names).
 */
export type AiProvider = { complete: (task: AiTask) => Promise<string> };

export function createAiProvider(settings: AiSettings): AiProvider {
  return settings.provider === 'openai' ? createOpenAiProvider(settings) : createLocalProvider();
}
