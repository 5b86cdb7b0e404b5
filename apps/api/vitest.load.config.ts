import { defineConfig } from 'vitest/config';

// Fault, restart and soak runs under load: their own step after the main suite, one file at a time, because one
// of them restarts the PostgreSQL server that every other test file would share.
export default defineConfig({
  test: {
    include: ['test/load/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    hookTimeout: 120_000,
    testTimeout: 900_000,
  },
});
