/**
 * Stryker's vitest runner records which test reaches each mutant; code run by a file's `beforeAll` hooks (the app
 * built, enrollments created once for the whole file) it counts as static, and tests such a mutant against the whole
 * suite: a full run would take days. A mutant that only set-up code reaches is pinned by no assertion, so here,
 * during Stryker's first (coverage) run only, what hooks reach is not counted: such a mutant is reported as not
 * covered, and each other mutant runs only the tests that reach it. The score can only come out lower for it.
 * Module-level code (reached while files are imported) stays static, as it should.
 */
import { afterAll, beforeAll, inject } from 'vitest';

interface StrykerGlobal {
  currentTestId?: string;
  mutantCoverage?: { perTest: Record<string, Record<string, number>> };
}

declare module 'vitest' {
  interface ProvidedContext {
    mode: string;
    globalNamespace: string;
  }
}

if (inject('mode') === 'dry-run') {
  // Stryker's own setup file runs first and creates its namespace.
  const stryker = (globalThis as Record<string, unknown>)[inject('globalNamespace')] as StrykerGlobal;
  const hooksId = '#hooks';
  let current: string | undefined;
  let inFile = false;
  // Stryker sets the id before each test and clears it after; between tests, the file's hooks are running.
  Object.defineProperty(stryker, 'currentTestId', {
    configurable: true,
    get: () => current ?? (inFile ? hooksId : undefined),
    set: (id: string | undefined) => {
      current = id;
    },
  });
  beforeAll(() => {
    inFile = true;
  });
  afterAll(() => {
    inFile = false;
    delete stryker.mutantCoverage?.perTest[hooksId];
  });
}
