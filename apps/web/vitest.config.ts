import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    root: './apps/web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // component tests drive real Mantine inputs; on a busy 2-core machine with two files at once
    // one test can take over 20 s (a hang guard, not a speed check)
    testTimeout: 45_000,
  },
});
