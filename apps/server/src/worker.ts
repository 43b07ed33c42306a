import pino from 'pino';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { createFileStore, fileStoreLocation } from './files/create-file-store.js';
import { JOB_HANDLERS } from './job-handlers.js';
import { createJobRunner } from './jobs/job-runner.js';
import { scheduleIncompleteSessionsAtStart } from './modules/remote-studies/incomplete-sessions-job.js';
import { scheduleRetentionAtStart } from './modules/retention/retention.service.js';

/**
 * `npm run worker`: a process that only runs queued jobs (video processing, AI generation,
 * screenshot captures, heatmap and prediction rendering) from the `jobs` table that the API
 * processes fill, beside them on the same PostgreSQL and file store. Several may run; a job is
 * claimed by one at a time, and one whose worker dies is taken again when its lease ends. The API
 * processes then run with RUN_JOBS=off. The embedded database belongs to one process, so a worker
 * needs DATABASE_URL.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl)
    throw new Error('Invalid configuration:\n  DATABASE_URL: a worker needs PostgreSQL, shared with the API');
  const log = pino({ level: config.logLevel === 'silent' ? 'silent' : config.logLevel, name: 'worker' });
  const database = await openDatabase(config);
  const files = await createFileStore(config);
  const runner = createJobRunner(
    {
      db: database.db,
      files,
      log,
      clock: () => new Date(),
      capture: config.capture,
      ai: config.ai,
      attentionModelPath: config.attentionModelPath,
      demoRecordings: config.demoRecordings,
    },
    JOB_HANDLERS,
  );
  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    log.info({ signal }, 'worker shutting down after the job in hand');
    await runner.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await scheduleRetentionAtStart({ db: database.db, clock: () => new Date() });
  await scheduleIncompleteSessionsAtStart({ db: database.db, clock: () => new Date() });
  runner.start();
  process.stdout.write(`Limbus worker running jobs from PostgreSQL (files: ${fileStoreLocation(config)})\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `The Limbus worker could not start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  if (error instanceof Error && !error.message.startsWith('Invalid configuration')) console.error(error);
  process.exit(1);
});
