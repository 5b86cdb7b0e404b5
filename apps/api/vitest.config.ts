import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Runs under load are a step of their own (vitest.load.config.ts).
    exclude: ['test/load/**', '**/node_modules/**'],
    // Each test file builds its own app on its own database (an in-memory SQLite or a fresh PostgreSQL schema).
    pool: 'forks',
    // Vitest's default (one fewer than the cores) leaves one of two cores idle; the files share nothing, so each core
    // runs one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // CI runs on shared, noisy machines: a failed test runs once more there, and `npm test` names any that
    // passed only on the retry, so flakiness is reported without failing the whole run.
    retry: process.env.CI === 'true' ? 1 : 0,
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
