// `npm test`: every check a change must pass, in order, with one closing line of counts.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportDocsData, run } from './lib.mjs';

const reports = {
  api: path.join(tmpdir(), 'voltin-vitest.json'),
  e2e: path.join(tmpdir(), 'voltin-playwright.json'),
};
const counts = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

function step(name, status) {
  if (status !== 0) failedSteps.push(name);
  return status === 0;
}

function countVitest(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    counts.passed += report.numPassedTests;
    counts.failed += report.numFailedTests;
    counts.skipped += report.numPendingTests + report.numTodoTests;
  } catch {}
}

function countPlaywright(file) {
  try {
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    counts.passed += stats.expected + stats.flaky;
    counts.failed += stats.unexpected;
    counts.skipped += stats.skipped;
  } catch {}
}

for (const file of Object.values(reports)) rmSync(file, { force: true });

step('lint and format (biome)', run('npx', ['biome', 'check', '.']));
const built = step('API build', run('npm', ['run', 'build', '-w', '@voltin/api']));
// The docs site's types come from the exported data, so it is exported before anything is type-checked.
const exported = built && step('docs data export', exportDocsData());
step('typecheck', run('npm', ['run', 'typecheck', '--workspaces', '--if-present']));
const postgresUrl = process.env.DATABASE_URL?.startsWith('postgres') ? process.env.DATABASE_URL : undefined;
const engines = [['SQLite', undefined], ...(postgresUrl ? [['PostgreSQL', postgresUrl]] : [])];
for (const [engine, databaseUrl] of engines) {
  const env = { ...process.env, DATABASE_URL: databaseUrl ?? '' };
  step(
    `API tests on ${engine}`,
    run(
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reports.api}`],
      {
        cwd: path.resolve('apps/api'),
        env,
      },
    ),
  );
  countVitest(reports.api);
}
if (exported && step('docs site build', run('npm', ['run', 'build', '-w', '@voltin/docs']))) {
  step(
    'browser tests',
    run('npx', ['playwright', 'test'], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: reports.e2e } }),
  );
  countPlaywright(reports.e2e);
}

console.log(failedSteps.length ? `\nFailed steps: ${failedSteps.join('; ')}` : '\nEvery step passed.');
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
