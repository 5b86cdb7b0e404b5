import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Files that replace a module with vi.mock: each gets a module registry of its own, found by reading them. */
const MOCKING_FILES = readdirSync('test', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && !file.startsWith('load/'))
  .map((file) => `test/${file}`)
  .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));

export default defineConfig({
  test: {
    // Runs under load are a step of their own (vitest.load.config.ts).
    exclude: ['test/load/**', '**/node_modules/**'],
    // Each test file builds its own app on its own database (an in-memory SQLite or a fresh PostgreSQL database).
    pool: 'forks',
    // Vitest's default (one fewer than the cores) leaves one of two cores idle; the files share nothing, so each core
    // runs one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // CI runs on shared, noisy machines: a failed test runs once more there, and `npm test` names any that
    // passed only on the retry, so flakiness is reported without failing the whole run.
    retry: process.env.CI === 'true' ? 1 : 0,
    hookTimeout: 60_000,
    testTimeout: 60_000,
    setupFiles: ['test/helpers/file-boundary.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/**/*.test.ts'],
          exclude: ['test/load/**', ...MOCKING_FILES],
          // The app's modules hold no state of their own (each file builds its app on its own database), so a
          // worker imports them once for all its files instead of once per file: importing the app took longer
          // than most files' tests.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'api-mocking', include: MOCKING_FILES } },
    ],
  },
});
