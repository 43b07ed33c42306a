import { configDefaults, defineConfig } from 'vitest/config';

/** The route matrix: every route × role × company, and bad input to every route, per module. */
const ROUTE_MATRIX = [
  'src/**/*.route-policy.test.ts',
  'src/**/*.bad-input.test.ts',
  'test/route-coverage.test.ts',
];

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
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ROUTE_MATRIX],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
