import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import { collectReference } from '../reference-export.js';

/** Writes the lists the code owns (error codes, statuses, utilities, zip codes…) for the docs site to render. */
async function main(): Promise<void> {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const outFile = path.resolve(process.argv[2] ?? path.join(repoRoot, 'apps/docs/generated/reference.json'));
  const config = loadConfig(
    { LOG_LEVEL: 'silent', PASSWORD_HASH_COST: '10', BACKGROUND_TASKS: 'false' },
    { databaseUrl: 'sqlite::memory:', docsDir: '/nonexistent' },
  );
  const app = await buildApp(config, { logger: false });
  await app.ready();
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(await collectReference(app), null, 2)}\n`);
  await app.close();
  console.log(`Reference data written to ${path.relative(process.cwd(), outFile)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
