// Mutation testing of the code that decides money and enrollments (`npm run test:mutation`).
// Not part of `npm test`: a full run takes hours on two cores. CI runs it when VOLTIN_MUTATION=1.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  coverageAnalysis: 'perTest',
  // In place: the tests read the docs site's pages next to this app, which a sandbox copy of apps/api would not
  // have. Stryker puts every file back when the run ends or is interrupted.
  inPlace: true,
  plugins: ['@stryker-mutator/vitest-runner', './mutation/ignore-wording.mjs'],
  ignorers: ['Wording'],
  mutate: [
    // The enrollments core and its account changes (their routes, schemas, view and stores are not rules of money).
    'src/modules/enrollments/{decision,create,create-request,create-credit,create-payment,submission,service}.ts',
    'src/modules/enrollments/{changes,renewals,drop,autopay,credit-letters,customer-match,delivery-method}.ts',
    'src/modules/charges/{service,pay,records,reconcile,refunds,deposits,captured-deposits}.ts',
    'src/modules/charges/{confirmation,hosted-payment,return-urls}.ts',
    'src/modules/payments/service.ts',
    'src/modules/credit-checks/{service,identity,thresholds}.ts',
    'src/domain/dates.ts',
  ],
  // A later run re-tests only the mutants whose code or covering tests changed since the last one. The file is kept in
  // git, so a fresh clone (and CI) starts from the last recorded run instead of hours from scratch.
  incremental: true,
  incrementalFile: 'mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  concurrency: 2,
  timeoutMS: 60_000,
  tempDirName: '.stryker-tmp',
  thresholds: { high: 95, low: 90, break: 90 },
};
