import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    root: './apps/web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // component tests drive real Mantine inputs; busy CI machines need more than the default 5 s
    testTimeout: 20_000,
  },
});
