import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Each test file builds its own app on its own database (an in-memory SQLite or a fresh PostgreSQL schema).
    pool: 'forks',
    hookTimeout: 60_000,
    testTimeout: 60_000,
  },
});
