import type { AiInsightField } from '@limbus/contract';

/** What the model is told about an insight: the test's own data, as plain text. */
export type InsightFacts = {
  /** `participants`: those who count in the test's metrics, what a share of participants is of. */
  test: { name: string; purpose: string; participants: number };
  title: string;
  /** The Data section's comments that hold text (not the '...' a new insight starts with). */
  comments: { label: string; text: string }[];
  focusPoint: string;
  /** Explanation and summary as plain text, '' when empty. */
  explanation: string;
  summary: string;
  /**
   * The linked significant points in time order; `participant` is the participant's label
   * (participantLabel): the texts name people as the screens do, never by a database id.
   */
  points: { participant: string; emotion: string; comment: string; tags: string[] }[];
};

/** A significant point of the tag, as the model sees it: participants' comments are quoted data. */
export type TagPoint = {
  id: number;
  /** The participant's label (participantLabel), as the screens name them; never a database id. */
  participant: string;
  emotion: string;
  comment: string;
  /** The page (section title) the participant was on at the peak, '' when unknown. */
  page: string;
};

/** Spec 3 §7's input: about (the test's description), the tag with its points, an optional focus point. */
export type InsightInput = {
  about: string;
  tag: { name: string; description: string; significant_points: TagPoint[] };
  focus_point: string;
  /** The test's focus elements: the local provider names those the comments mention. */
  elements: string[];
};

/** One piece of text to write; `maxTokens` is the budget of spec 2 §9 and spec 3 §7. */
export type AiTask =
  | { kind: AiInsightField; facts: InsightFacts; maxTokens: number }
  | { kind: 'free'; prompt: string; text: string | undefined; maxTokens: number }
  | { kind: 'insight'; input: InsightInput; language: string; maxTokens: number }
  | { kind: 'translation'; text: string; language: string; maxTokens: number };

/** What a model answered, with the tokens it reported using (0 when it reports none). */
export type AiReply = { text: string; tokens: number };

/**
 * Writes text for a task: HTML for explanation, summary and free text; for suggestions the JSON
 * {"suggestions": [{"suggestion_title", "suggestion_description"}]} (spec 3's output names); for an
 * insight the JSON of spec 3 §7 with the cited point ids; for a translation {"translation"}.
 */
export type AiProvider = {
  complete: (task: AiTask) => Promise<AiReply>;
  /**
   * Whether the provider is a language model, which can translate and rewrite. The local provider
   * is not: it builds text from the test's data, so translation and free text are refused with
   * `ai_not_configured` (409) rather than answered with nothing or the text given back.
   */
  languageModel: boolean;
};

/** Every kind of task answers JSON except the HTML of explanation, summary and free text. */
export const answersJson = (task: AiTask) =>
  task.kind === 'suggestion' || task.kind === 'insight' || task.kind === 'translation';
