import { accessRoutes } from './access.js';
import { aiRoutes } from './ai.js';
import { annotationRoutes } from './annotations.js';
import { answerRoutes } from './answers.js';
import { auditRoutes } from './audit.js';
import { authRoutes } from './auth.js';
import { benchmarkRoutes } from './benchmark.js';
import { cohortAgreementRoutes } from './cohort-agreement.js';
import { companyRoutes } from './companies.js';
import { consentRoutes } from './consent.js';
import { contractRoutes } from './contracts.js';
import { erasureRoutes } from './erasures.js';
import { evidenceReelRoutes } from './evidence-reels.js';
import { exportRoutes } from './exports.js';
import { heatmapRoutes } from './heatmaps.js';
import { ingestionRoutes } from './ingestion.js';
import { insightRoutes } from './insights.js';
import { journeyRoutes } from './journey.js';
import { participantRoutes } from './participants.js';
import { predictionRoutes } from './predictions.js';
import { processingRecordRoutes } from './processing-record.js';
import { qualityRoutes } from './quality.js';
import { remoteCohortRoutes, remoteRoutes } from './remote-studies.js';
import { resourceRoutes } from './resources.js';
import { retentionRoutes } from './retention.js';
import { sectionClipsRoutes } from './section-clips.js';
import { sharedRoutes, shareLinkRoutes } from './share-links.js';
import { suggestionRoutes } from './suggestions.js';
import { supportRoutes } from './support.js';
import { testSetupRoutes } from './test-setups.js';
import { testRoutes } from './user-tests.js';
import { userRoutes } from './users.js';
import { videoResultRoutes } from './video-results.js';
import { videoTestRoutes } from './video-tests.js';
import { voiceRoutes } from './voice.js';

/** Every group of the route table of /api/v1, by domain. */
export const apiRoutes = {
  access: accessRoutes,
  ai: aiRoutes,
  annotations: annotationRoutes,
  answers: answerRoutes,
  audit: auditRoutes,
  auth: authRoutes,
  benchmark: benchmarkRoutes,
  cohortAgreement: cohortAgreementRoutes,
  companies: companyRoutes,
  consent: consentRoutes,
  contracts: contractRoutes,
  erasures: erasureRoutes,
  evidenceReels: evidenceReelRoutes,
  exports: exportRoutes,
  heatmaps: heatmapRoutes,
  ingestion: ingestionRoutes,
  insights: insightRoutes,
  journey: journeyRoutes,
  participants: participantRoutes,
  predictions: predictionRoutes,
  processingRecord: processingRecordRoutes,
  quality: qualityRoutes,
  remoteCohorts: remoteCohortRoutes,
  remote: remoteRoutes,
  resources: resourceRoutes,
  retention: retentionRoutes,
  sectionClips: sectionClipsRoutes,
  shareLinks: shareLinkRoutes,
  shared: sharedRoutes,
  suggestions: suggestionRoutes,
  support: supportRoutes,
  tests: testRoutes,
  testSetups: testSetupRoutes,
  users: userRoutes,
  videoTests: videoTestRoutes,
  videoResults: videoResultRoutes,
  voice: voiceRoutes,
};

/** What each group holds: the API reference's sections. */
export const API_GROUP_DESCRIPTIONS: Record<keyof typeof apiRoutes, string> = {
  access:
    "A participant's right of access and to portability: everything held about them as one ZIP, audited",
  ai: 'AI text written by the server: insight fields and free-text prompts, limited per user',
  annotations: "What researchers add to a test's recordings: tags, page titles, sections, notes on points",
  answers: "Participants' answers to the test's questions",
  audit:
    'The append-only, hash-chained audit trail of participant-level data: who viewed, exported, erased or changed what',
  auth: 'Sign-in, sign-out, token refresh, sign-up, activation and password reset',
  benchmark:
    "A web test's emotions as percentiles among the company's and the category's done tests, anonymised",
  cohortAgreement:
    'How far a remote (webcam) cohort agrees with the lab cohort of the same test, with bootstrap intervals',
  consent:
    "Consent terms of a test, versioned, and each participant's consent: what they granted, when and how, with withdrawals",
  companies: 'Client companies with their licences and contracts; countries',
  contracts: 'Contracts of a company and the bundles of tests they hold',
  erasures:
    'Erasure of a participant (GDPR Art. 17): researchers erase, company admins request; receipts with their verification',
  evidenceReels:
    "An insight's evidence reel: clips of its points' screen recordings with gaze and emotions, made by a job, published to clients",
  exports:
    "Streamed exports of a test's recordings for other tools: raw samples, events, page and tag metrics (CSV or JSON)",
  heatmaps:
    "A test's heatmap pages (name, URL, match type, screenshot), their gaze and click points, server-side captures",
  ingestion: 'The lab recorders’ upload API: heartbeat, participants, sample batches, resumable videos',
  insights: "A test's insights, numbered 1..n: significant points grouped and explained by researchers",
  journey: "How a web test's participants moved from page to page, with drop-offs and each page's emotions",
  participants: "A test's participants with their recordings, sample streams and favourites",
  predictions:
    "A company's predicted attention heatmaps: uploaded screenshots, the model's images and boxes with their shares",
  processingRecord:
    "A company's record of processing (GDPR Art. 30): what is held about its participants, why, for whom, where and how long",
  quality:
    "Data quality of a test's recordings (tracking ratio, precision, accuracy, EEG) and participants left out of the metrics: research area only",
  remoteCohorts:
    "A test's remote cohorts (issue 30): the participant link with its cap, expiry and completion redirect, opened, listed and closed by the research area",
  remote:
    "What a remote participant's browser calls: with the link's token (`Authorization: Remote <token>`) the study and one new participant, with that participant's session (`Authorization: Session <token>`) its uploads and its end; nothing else answers either",
  resources: 'The resources library: articles for every user, drafts and authoring for the provider',
  retention:
    "A company's retention policy: how long recordings and raw streams are kept before the daily job removes them",
  sectionClips:
    "The section video of a web test: each participant's first visit of a page as a clip, with its video and emotions",
  shareLinks:
    "Share links of a done test's results or one insight: made by the company's users, listed and revoked by its admins",
  shared:
    "What a share link's visitor reads with the link's token (`Authorization: Share <token>`): nothing else answers it",
  suggestions:
    'Suggestions of a test, ranked from 1: read by whoever reads the test, written by staff and its company',
  support: 'The support chat: conversations of users with the provider’s staff',
  tests: 'Tests: ordering, the whole Test entity, its video; categories and flows',
  testSetups: 'The lab recorders (test setups) of the research area and their keys',
  users: 'Users, their roles and profiles; the members of a company; who may be a researcher',
  videoTests: 'Processing a video test and its aggregated result',
  videoResults:
    "A video test's results for its screens: summary data, consultant notes on scenes, qualitative feedback, generated viewers",
  voice:
    "A remote participant's spoken audio: uploaded in chunks with consent, joined per take when the session ends, played back by its readers",
};
