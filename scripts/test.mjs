#!/usr/bin/env node
// `npm test`: everything a change can break, in order of speed: types, lint, unit and API tests
// (embedded database; again on PostgreSQL when TEST_DATABASE_URL is set), then the browser journeys.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const steps = [
  ['types', 'npm', ['run', 'typecheck']],
  ['lint', 'npx', ['biome', 'check', '--error-on-warnings', '.']],
  ['unit and API tests (embedded database)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'server'], {}]);
}
steps.push(['browser journeys', 'npm', ['run', 'test:e2e']]);

for (const [name, command, args, env = {}] of steps) {
  console.log(`\n== ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\nFAILED: ${name}`);
    process.exit(result.status ?? 1);
  }
}
console.log('\nAll checks passed.');
