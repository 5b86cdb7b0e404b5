import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    retry: process.env.CI === 'true' ? 1 : 0,
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
