import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { ROUTE_MATRIX, serverTestFiles } from './apps/server/test/test-projects.js';

const serverTests = serverTestFiles(fileURLToPath(new URL('./apps/server', import.meta.url)));
/**
 * The server's files share their worker's modules (`isolate: false`): each file imported the
 * whole app again, 110 of the embedded stage's 377 s of CPU (docs/testing.md). A file that mocks
 * a module keeps its own registry. `test/per-file-setup.ts` gives each file the state a fresh
 * import had.
 */
const sharedServer = {
  environment: 'node',
  root: './apps/server',
  isolate: false,
  setupFiles: ['test/per-file-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    // Vitest's default (cores − 1) runs one file at a time on a 2-core CI machine; the API tests
    // wait on the embedded database, files and child processes often enough to share both cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'analytics',
          root: './packages/analytics',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // the exactness and property tests do seconds of work; 5 s is too tight on a busy machine
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'demo-data',
          root: './packages/demo-data',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          environment: 'node',
          include: ['**/*.test.ts'],
        },
      },
      // scripts/test.mjs runs the database projects on both engines, the others once
      { test: { ...sharedServer, name: 'server', include: serverTests.database } },
      {
        test: {
          ...sharedServer,
          name: 'server-isolated',
          include: serverTests.databaseIsolated,
          isolate: true,
        },
      },
      { test: { ...sharedServer, name: 'server-no-database', include: serverTests.databaseFree } },
      {
        test: {
          // One process without isolation: the module files share one app per suite
          // (test/shared-per-process.ts) instead of building ≈35 (docs/decisions/testing.md).
          name: 'server-matrix',
          root: './apps/server',
          environment: 'node',
          include: ROUTE_MATRIX,
          isolate: false,
          globalSetup: ['test/matrix-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
