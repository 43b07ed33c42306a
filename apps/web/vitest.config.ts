import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    root: './apps/web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // The files share their worker's modules: each importing Mantine, React and jsdom's globals
    // again took 108 of the project's 144 s alone (docs/testing.md); the setup file runs per file.
    isolate: false,
    // component tests drive real Mantine inputs; on a busy 2-core machine with two files at once
    // one test can take over 20 s (a hang guard, not a speed check)
    testTimeout: 45_000,
  },
});
