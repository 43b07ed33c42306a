export { annotateEvents, SIGNIFICANT_INTENSITY, sessionMood } from './annotate-events.js';
export { demoShopFile } from './demo-shop.js';
export {
  type GenerateCohortOptions,
  type GenerateVideoCohortOptions,
  type GenerateWebcamCohortOptions,
  generateCohort,
  generateVideoCohort,
  generateWebcamCohort,
} from './generate-cohort.js';
export {
  DEFAULT_RATES,
  type GenerateParticipantOptions,
  generateParticipant,
  resolveRates,
} from './generate-participant.js';
export {
  DEMO_VIDEO_SCENES,
  demoVideoScenes,
  type GenerateVideoParticipantOptions,
  generateVideoParticipant,
  type SalientPoint,
  type SceneEvent,
  type VideoScene,
} from './generate-video-participant.js';
export {
  type GenerateWebcamParticipantOptions,
  generateWebcamParticipant,
  type WebcamParticipant,
  type WebcamValidation,
  type WebcamValidationTarget,
} from './generate-webcam-participant.js';
export type {
  DemoComment,
  DemoEvent,
  Demographic,
  DemoParticipant,
  DemoTagSuggestion,
  DemoVisit,
  Gender,
  Language,
  QuestionnaireAnswers,
  SampleRates,
} from './participant-types.js';
export { DEMO_TAG_NAMES, EVENT_KINDS, type EventKind } from './phrase-bank.js';
export {
  type DemoQuestionnaire,
  demoAnswersIn,
  EDUCATION_LEVELS,
  VIDEO_QUESTIONNAIRE,
  WEB_QUESTIONNAIRE,
} from './questionnaire.js';
export { deriveSeed, mix32, normalizeSeed, Random } from './random.js';
export {
  DEMO_INSIGHT_TOPICS,
  DEMO_PAGE_LABELS,
  DEMO_TAG_DESCRIPTIONS,
  demoPageLabel,
  type Effort,
} from './research-notes.js';
export { siteCapturePath } from './site-capture.js';
export {
  findPage,
  findRegion,
  isInsideRegion,
  type LayoutPage,
  type LayoutRegion,
  type PageName,
  type Platform,
  parseSiteLayout,
  SITE_ORIGIN,
  SITE_PAGES,
  type SiteLayout,
  VIEWPORTS,
} from './site-layout.js';
export { siteLayout, siteScreenshotPath } from './site-layouts.js';
