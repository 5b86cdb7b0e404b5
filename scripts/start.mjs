// `npm start`: builds what is missing or stale, then runs Voltin in this process: the docs site at / and the API at
// /api/v1 on PORT (3000), the Operations console and its API at /ops/api/v1 on CONSOLE_PORT (3001), the customer
// self-service site on SELF_SERVICE_PORT (3002).
import {
  buildConsole,
  buildDocs,
  buildSelfService,
  consoleIsStale,
  docsAreStale,
  repoRoot,
  runOrExit,
  selfServiceIsStale,
} from './lib.mjs';

runOrExit('npm', ['run', 'build', '-w', '@voltin/api']);
if (docsAreStale()) {
  const status = buildDocs();
  if (status !== 0) {
    console.error('\nThe documentation site did not build; see the output above.');
    process.exit(status);
  }
}
if (consoleIsStale()) {
  const status = buildConsole();
  if (status !== 0) {
    console.error('\nThe Operations console did not build; see the output above.');
    process.exit(status);
  }
}
if (selfServiceIsStale()) {
  const status = buildSelfService();
  if (status !== 0) {
    console.error('\nThe self-service site did not build; see the output above.');
    process.exit(status);
  }
}
process.chdir(repoRoot);
await import('./serve.mjs');
