// `npm start`: builds what is missing or stale, then runs Voltin (docs site at /, API at /api/v1) in this process.
import { buildDocs, docsAreStale, repoRoot, runOrExit } from './lib.mjs';

runOrExit('npm', ['run', 'build', '-w', '@voltin/api']);
if (docsAreStale()) {
  const status = buildDocs();
  if (status !== 0) {
    console.error('\nThe documentation site did not build; see the output above.');
    process.exit(status);
  }
}
process.chdir(repoRoot);
await import('../apps/api/dist/server.js');
