/**
 * The database schema: every table, enum and record type, one file per domain under tables/.
 * drizzle-kit (drizzle.config.ts) and the client read them all through this file.
 */
export * from './tables/accounts.js';
export * from './tables/ai.js';
export * from './tables/annotations.js';
export * from './tables/contracts.js';
export * from './tables/heatmaps.js';
export * from './tables/ingestion.js';
export * from './tables/insights.js';
export * from './tables/jobs.js';
export * from './tables/participants.js';
export * from './tables/predictions.js';
export * from './tables/questionnaire.js';
export * from './tables/rate-limits.js';
export * from './tables/resources.js';
export * from './tables/support.js';
export * from './tables/test-setups.js';
export * from './tables/tests.js';
export * from './tables/video-results.js';
