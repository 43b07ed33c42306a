import { PUBLISH_DEMO_REELS, publishDemoReels } from './demo/demo-reels.js';
import { makeDemoScreenRecording } from './demo/demo-screen-recordings.js';
import type { JobHandlers } from './jobs/job-runner.js';
import { GENERATE_INSIGHT, generateInsightJob } from './modules/ai/insight-generation-job.js';
import { erasureJobHandlers } from './modules/erasures/erasure-job.js';
import { MAKE_EVIDENCE_REEL, makeEvidenceReelJob } from './modules/evidence-reels/evidence-reel-job.js';
import { CAPTURE_HEATMAP, captureHeatmapJob } from './modules/heatmaps/heatmap-capture-job.js';
import { ingestionJobHandlers } from './modules/ingestion/analysis.js';
import { MAKE_SCREEN_RECORDING } from './modules/participants/screen-recording-jobs.js';
import {
  GENERATE_PREDICTION,
  generatePredictionJob,
} from './modules/predictions/prediction-generation-job.js';
import {
  CLOSE_INCOMPLETE_SESSIONS,
  closeIncompleteSessionsJob,
} from './modules/remote-studies/incomplete-sessions-job.js';
import { APPLY_RETENTION, applyRetentionJob } from './modules/retention/retention.service.js';
import { PROCESS_VIDEO_TEST, processVideoTest } from './modules/video-tests/process-video-test.js';
import { JOIN_VOICE, joinVoiceJob } from './modules/voice/voice-joining.js';

/** Every kind of job the runner knows. */
export const JOB_HANDLERS: JobHandlers = {
  ...ingestionJobHandlers,
  ...erasureJobHandlers,
  [PROCESS_VIDEO_TEST]: processVideoTest,
  [CAPTURE_HEATMAP]: captureHeatmapJob,
  [MAKE_SCREEN_RECORDING]: makeDemoScreenRecording,
  [GENERATE_PREDICTION]: generatePredictionJob,
  [GENERATE_INSIGHT]: generateInsightJob,
  [APPLY_RETENTION]: applyRetentionJob,
  [CLOSE_INCOMPLETE_SESSIONS]: closeIncompleteSessionsJob,
  [MAKE_EVIDENCE_REEL]: makeEvidenceReelJob,
  [PUBLISH_DEMO_REELS]: publishDemoReels,
  [JOIN_VOICE]: joinVoiceJob,
};
