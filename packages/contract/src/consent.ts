/**
 * What a participant can consent to (docs/data-rights.md): the streams recorded of them and the
 * purposes their data serves. A test's consent terms name both; each participant's consent record
 * grants some of each.
 */

/** The kinds of data recorded of a participant that consent covers. */
export const CONSENT_STREAMS = ['emotions', 'eyes', 'mice', 'screen', 'voice', 'answers'] as const;
export type ConsentStream = (typeof CONSENT_STREAMS)[number];

export const CONSENT_STREAM_NAMES: Record<ConsentStream, string> = {
  emotions: 'EEG and emotions',
  eyes: 'Gaze',
  mice: 'Mouse and touch',
  screen: 'Screen recording',
  voice: 'Voice and spoken feedback',
  answers: 'Questionnaire answers',
};

/** What a participant's data may be used for. */
export const CONSENT_PURPOSES = ['report', 'norms', 'ai'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

export const CONSENT_PURPOSE_NAMES: Record<ConsentPurpose, string> = {
  report: "This study's report for the client",
  norms: 'Anonymised norms and benchmarks across tests',
  ai: "AI processing (text generated from the participant's comments)",
};

/** How a consent was given or changed. */
export const CONSENT_METHODS = ['recorder', 'import', 'paper', 'withdrawal'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

export const CONSENT_METHOD_NAMES: Record<ConsentMethod, string> = {
  recorder: 'Given at the lab recorder',
  import: 'Given with an import',
  paper: 'Given on paper, entered by a researcher',
  withdrawal: 'Withdrawn in part',
};
