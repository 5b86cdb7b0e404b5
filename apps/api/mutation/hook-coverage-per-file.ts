/**
 * Stryker's vitest runner records which test reaches each mutant; code run by a file's `beforeAll` hooks (the app
 * built, enrollments created once for the whole file) it counts as static, and tests such a mutant against the whole
 * suite: a full run would take days. A mutant that a file's set-up reaches can only change what that file's tests
 * see, so here, during Stryker's first (coverage) run only, what the hooks reach is counted as reached by each test
 * of that file: such a mutant runs that file's tests (and those of every other file whose set-up or tests reach it),
 * not the whole suite. Module-level code (reached while files are imported) stays static, as it should.
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

const HOOKS_ID = '#hooks';

if (inject('mode') === 'dry-run') {
  // Stryker's own setup file runs first and creates its namespace.
  const stryker = (globalThis as Record<string, unknown>)[inject('globalNamespace')] as StrykerGlobal;
  let current: string | undefined;
  let inFile = false;
  const testsOfFile = new Set<string>();
  // Stryker sets the id before each test and clears it after; between tests, the file's hooks are running.
  Object.defineProperty(stryker, 'currentTestId', {
    configurable: true,
    get: () => current ?? (inFile ? HOOKS_ID : undefined),
    set: (id: string | undefined) => {
      current = id;
      if (id !== undefined) testsOfFile.add(id);
    },
  });
  beforeAll(() => {
    inFile = true;
    testsOfFile.clear();
  });
  // Registered before the file's own hooks, so it runs after their afterAll hooks (vitest runs them in reverse).
  afterAll(() => {
    inFile = false;
    const perTest = stryker.mutantCoverage?.perTest;
    const reachedBySetUp = perTest?.[HOOKS_ID];
    if (!perTest || !reachedBySetUp) return;
    for (const testId of testsOfFile) {
      const reached = perTest[testId] ?? {};
      for (const [mutantId, hits] of Object.entries(reachedBySetUp))
        reached[mutantId] = (reached[mutantId] ?? 0) + hits;
      perTest[testId] = reached;
    }
    delete perTest[HOOKS_ID];
  });
}
