import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const docsBuildIndex = path.join(repoRoot, 'apps/docs/build/index.html');

/** Runs a command in the repository, streaming its output; returns its exit status. */
export function run(command, args, options = {}) {
  console.log(`\n▶ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

export function runOrExit(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) process.exit(status);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (['node_modules', 'build', 'dist', 'dist-server', '.docusaurus', 'generated'].includes(entry))
      continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** The docs site is rebuilt when missing or older than its sources or the API schemas it documents. */
export function docsAreStale() {
  if (!existsSync(docsBuildIndex)) return true;
  const built = statSync(docsBuildIndex).mtimeMs;
  return (
    newestMtime(path.join(repoRoot, 'apps/docs')) > built ||
    newestMtime(path.join(repoRoot, 'apps/api/src')) > built
  );
}

export const consoleBuildIndex = path.join(repoRoot, 'apps/console/dist/index.html');
export const selfServiceBuildIndex = path.join(repoRoot, 'apps/self-service/dist/index.html');

/** An app is rebuilt when missing or older than its sources or the API whose document types its client. */
function appIsStale(builtIndex, appDir) {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return (
    newestMtime(path.join(repoRoot, appDir)) > built ||
    newestMtime(path.join(repoRoot, 'apps/api/src')) > built
  );
}

export const consoleIsStale = () => appIsStale(consoleBuildIndex, 'apps/console');
export const selfServiceIsStale = () => appIsStale(selfServiceBuildIndex, 'apps/self-service');

/** Builds the Operations console, its client generated from the exported ops document (the API must be built). */
export function buildConsole() {
  const exported = exportDocsData();
  return exported === 0 ? run('npm', ['run', 'build', '-w', '@voltin/console']) : exported;
}

/** Builds the self-service site and its server, on the SDK built from the exported public document. */
export function buildSelfService() {
  const exported = exportDocsData();
  return exported === 0 ? run('npm', ['run', 'build', '-w', '@voltin/self-service']) : exported;
}

/** Exports what the docs site is built from: the API's OpenAPI document and the lists the code owns. */
export function exportDocsData() {
  for (const exporter of ['export-openapi.js', 'export-reference.js']) {
    const status = run(process.execPath, [`apps/api/dist/cli/${exporter}`]);
    if (status !== 0) return status;
  }
  return 0;
}

/** Builds the docs site from the exported data (the API must be built). */
export function buildDocs() {
  const exported = exportDocsData();
  return exported === 0 ? run('npm', ['run', 'build', '-w', '@voltin/docs']) : exported;
}
