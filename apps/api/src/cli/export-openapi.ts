import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';

/**
 * Writes the OpenAPI document the running API serves, for the docs site to build its reference from, and the
 * console's, which its browser client is generated from.
 */
async function main(): Promise<void> {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const outDir = path.resolve(process.argv[2] ?? path.join(repoRoot, 'apps/docs/generated'));
  const config = loadConfig(
    { LOG_LEVEL: 'silent', PASSWORD_HASH_COST: '10' },
    { databaseUrl: 'sqlite::memory:', docsDir: '/nonexistent' },
  );
  const app = await buildApp(config, { logger: false });
  await app.ready();
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'openapi.json'), `${JSON.stringify(app.swagger(), null, 2)}\n`);
  writeFileSync(path.join(outDir, 'openapi.yaml'), app.swagger({ yaml: true }));
  await app.voltin.console!.ready();
  writeFileSync(
    path.join(outDir, 'ops-openapi.json'),
    `${JSON.stringify(app.voltin.console!.swagger(), null, 2)}\n`,
  );
  await app.close();
  console.log(
    `OpenAPI documents written to ${path.relative(process.cwd(), outDir) || '.'}/openapi.{json,yaml} and ops-openapi.json`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
