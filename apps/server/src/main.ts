import { buildApp } from './app.js';
import { resolveJwtSecret } from './auth/access-tokens.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedReferenceData } from './db/reference-data.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/demo-data.js';
import { seedDemoAtStart } from './demo/demo-seed.js';
import { createFileStore, fileStoreLocation } from './files/create-file-store.js';
import { JOB_HANDLERS } from './job-handlers.js';
import { createJobRunner, releaseRunningJobs } from './jobs/job-runner.js';
import { makeScreenRecordingsInBackground } from './modules/participants/screen-recording-jobs.js';
import { scheduleIncompleteSessionsAtStart } from './modules/remote-studies/incomplete-sessions-job.js';
import { scheduleRetentionAtStart } from './modules/retention/retention.service.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await seedReferenceData(database.db);
  const files = await createFileStore(config);
  const app = await buildApp({
    config,
    db: database.db,
    files,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
  });
  const jobDeps = {
    db: database.db,
    files,
    log: app.log,
    clock: () => new Date(),
    capture: config.capture,
    ai: config.ai,
    attentionModelPath: config.attentionModelPath,
    demoRecordings: config.demoRecordings,
  };
  const shouldSeed = await seedDemoAtStart(jobDeps, {
    seedDemo: config.seedDemo,
    write: (text) => process.stdout.write(text),
  });
  // In-process on both PGlite and PostgreSQL unless RUN_JOBS=off
  // (docs/decisions/recorded-data-and-ingestion.md). The embedded database belongs to this process
  // alone, so a job left running was cut off by a killed process: it runs again now.
  if (database.kind === 'pglite') {
    const released = await releaseRunningJobs(database.db, new Date());
    if (released > 0) app.log.warn({ released }, 'jobs of a stopped process run again');
  }
  const jobRunner = createJobRunner(jobDeps, JOB_HANDLERS);
  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await jobRunner.stop(); // drain: the job in hand finishes, no new one is claimed
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // The daily retention run (docs/data-rights.md): queued once a day, whichever process asks first.
  await scheduleRetentionAtStart(jobDeps);
  // Remote sessions that expired without their end, closed as incomplete (docs/remote-studies.md): hourly.
  await scheduleIncompleteSessionsAtStart(jobDeps);
  // The demo's screen recordings, made one after another while the product serves.
  if (config.demoRecordings === 'background') await makeScreenRecordingsInBackground(database.db, new Date());
  // RUN_JOBS=off: separate workers (`npm run worker`) run the jobs this process queues.
  if (config.runJobs) jobRunner.start();
  const store = database.kind === 'pglite' ? `embedded database in ${config.dataDir}/db` : 'PostgreSQL';
  const lines = [
    '',
    `  Limbus is running at ${config.publicUrl}  (${store})`,
    `  API reference: ${config.publicUrl}/api/docs`,
    `  Files: ${fileStoreLocation(config)}`,
  ];
  if (shouldSeed) {
    lines.push(`  Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.email.padEnd(28)} ${account.role}`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Limbus could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  if (error instanceof Error && !error.message.startsWith('Invalid configuration')) console.error(error);
  process.exit(1);
});
