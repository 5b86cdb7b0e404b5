import { afterAll, vi } from 'vitest';

// Test files share a worker's modules (vitest.config.ts): a file that faked the clock leaves with the real one.
afterAll(() => {
  vi.useRealTimers();
});
