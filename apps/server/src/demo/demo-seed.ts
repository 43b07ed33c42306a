import type { JobDeps } from '../jobs/job-runner.js';
import { seedDemoConsent } from './demo-consent.js';
import { seedDemoData } from './demo-data.js';
import { seedDemoPredictions } from './demo-predictions.js';
import { DEMO_PARTICIPANTS_PER_TEST, seedDemoRecordings } from './demo-recordings.js';
import { queueDemoReels } from './demo-reels.js';
import { DEMO_REMOTE_PARTICIPANTS } from './demo-remote-cohort.js';
import { clearDemoSeedPending, isDatabaseEmpty, isDemoSeedPending } from './demo-seed.repository.js';

/** What the first start prints after each demo test it seeded. */
export const DEMO_SEED_STEP_LINE = 'Demo test seeded:';

/**
 * The demo at a start: seeded into an empty database unless SEED_DEMO says otherwise (`seedDemo`),
 * and finished when a start killed while seeding left it half made. `write` is told each step.
 * Answers whether the demo is seeded on request or by default (the start then lists its sign-ins).
 */
export async function seedDemoAtStart(
  deps: JobDeps,
  options: { seedDemo: boolean | undefined; write: (text: string) => void },
): Promise<boolean> {
  const isEmpty = await isDatabaseEmpty(deps.db);
  const shouldSeed = options.seedDemo ?? isEmpty;
  if (shouldSeed && isEmpty) {
    options.write('Seeding the demo data: companies, users and tests...\n');
    await seedDemoData(deps.db, new Date());
  }
  // A start killed while seeding left the mark: this start finishes what it began.
  if (await isDemoSeedPending(deps.db)) {
    options.write('Seeding the demo recordings: participants and videos...\n');
    await seedDemoRecordings(deps, {
      now: new Date(),
      participantsPerTest: DEMO_PARTICIPANTS_PER_TEST,
      remoteParticipantsPerTest: DEMO_REMOTE_PARTICIPANTS,
      onTestSeeded: (name) => options.write(`  ${DEMO_SEED_STEP_LINE} ${name}\n`),
    });
    await seedDemoPredictions(deps);
    await seedDemoConsent(deps.db);
    // made after the start, once their recordings are: a durable job that waits for them
    await queueDemoReels(deps, new Date());
    await clearDemoSeedPending(deps.db);
  }
  return shouldSeed;
}
