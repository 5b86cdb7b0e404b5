import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The suite as Stryker runs it (`npm run test:mutation`): the tests of the money and enrollment modules, with what a
 * file's set-up reaches counted for that file's tests (mutation/hook-coverage-per-file.ts). Test files share loaded
 * modules (no isolation) because each mutant reruns a few files and loading the app for each would cost more than the
 * tests.
 */
// The main suite's projects split its files by isolation; here one set of files shares its modules.
const { projects: _projects, setupFiles: _setupFiles, ...shared } = base.test ?? {};

export default defineConfig({
  test: {
    ...shared,
    include: [
      'test/modules/{charges,payments,credit-checks,enrollments,customers,verifications,billing}/**/*.test.ts',
      'test/modules/files/upload-quotas.test.ts',
      'test/http/idempotency.test.ts',
      'test/adapters/payment-gateway/**/*.test.ts',
    ],
    setupFiles: ['mutation/hook-coverage-per-file.ts'],
    isolate: false,
    retry: 0,
  },
});
