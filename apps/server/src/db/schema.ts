/**
 * The database schema: every table, enum and record type, one file per domain under tables/.
 * drizzle-kit (drizzle.config.ts) and the client read them all through this file.
 */
export * from './tables/accounts.js';
export * from './tables/data-rights.js';
export * from './tables/library.js';
export * from './tables/predictions.js';
export * from './tables/recordings.js';
export * from './tables/remote-studies.js';
export * from './tables/results.js';
export * from './tables/sharing.js';
export * from './tables/user-tests.js';
