import type { Emotion, EmotionSamples, EyeSamples, MouseSamples } from '@limbus/analytics';
import type { EventKind } from './phrase-bank.js';
import type { Platform } from './site-layout.js';

export type Language = 'nl' | 'en';
export type Gender = 'male' | 'female' | 'other';

export type Demographic = { age: number; gender: Gender; education: string };

/** Sampling rates in Hz. */
export type SampleRates = {
  /** Eye tracker, 30 to 1000 (default 120). */
  eyeHz?: number;
  /** Mouse or touch while the pointer moves or the page scrolls (default 60). */
  mouseHz?: number;
  /** Recorder keep-alive while the pointer rests, so that no gap inside a page exceeds 1 s (default 5). */
  mouseIdleHz?: number;
  /** EEG-derived emotion scores (default 10). */
  emotionHz?: number;
};

/**
 * Ground truth: something that happened to the participant and produced an emotion peak.
 * `timestamp` is the top of the peak (epoch ms), `causedAt` the moment that triggered it.
 */
export type DemoEvent = {
  timestamp: number;
  causedAt: number;
  emotion: Emotion;
  kind: EventKind;
  /** Region of the page (or scene of the video) the event is about. */
  regionName: string;
  /** Page URL, or the video scene's name for video tests. */
  url: string;
  /** Peak height in logit units above the participant's baseline (about 0.8 to 3). */
  intensity: number;
  /** Large enough that a researcher would annotate it: such events get a comment and tags. */
  isSignificant: boolean;
};

/** A researcher-style comment on a significant event, in the participant's language. */
export type DemoComment = {
  eventIndex: number;
  timestamp: number;
  emotion: Emotion;
  language: Language;
  /** In the participant's language: `translations[language]`. */
  text: string;
  /** The same comment in each language. */
  translations: Readonly<Record<Language, string>>;
};

/** Tag names a researcher would attach to a significant event. */
export type DemoTagSuggestion = { eventIndex: number; timestamp: number; names: string[] };

export type QuestionnaireAnswers = {
  /** Each answer with its words in every language (`translations[language]` is `text`). */
  openQuestions: { questionId: string; text: string; translations: Record<Language, string> }[];
  evaluations: {
    questionId: string;
    score: number;
    comment: string;
    commentTranslations: Record<Language, string>;
  }[];
  associations: { associationId: string; text: string }[];
};

/** Ground-truth page visit: the participant was on `url` from `startedAt` to `endedAt`. */
export type DemoVisit = { url: string; pageName: string; startedAt: number; endedAt: number };

export type DemoParticipant = {
  realId: string;
  platform: Platform | 'video';
  language: Language;
  demographic: Demographic;
  startedAt: number;
  endedAt: number;
  eyes: EyeSamples;
  /** Empty (length 0) for video participants. */
  mice: MouseSamples;
  emotions: EmotionSamples;
  totalClicks: number;
  visits: DemoVisit[];
  events: DemoEvent[];
  answers: QuestionnaireAnswers;
  comments: DemoComment[];
  tags: DemoTagSuggestion[];
};
