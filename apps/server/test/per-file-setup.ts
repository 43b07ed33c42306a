import { restartFactorySeeds } from './factories.js';

// The server's test files share their worker's modules (vitest.config.ts): each file starts with
// the seeds a fresh import of the factories had, so that its synthetic data does not depend on
// which files ran before it in the same worker.
restartFactorySeeds();
