import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/index.js';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedReferenceData } from '../db/seed/reference.js';
import { withStartupLock } from '../db/startup-lock.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { applyCompanyFile, CompanyFileRefused, parseCompanyFile } from '../modules/company/index.js';

/**
 * `npm run company:apply -- <company-file.json>`: creates or updates one retail company from its company file (the
 * shape is CompanyFileSchema, published on the docs page "Going to production"). Everything is applied in one
 * transaction; applying the same file again changes nothing. A refused file writes nothing and exits 1.
 */
async function run(args: string[]): Promise<number> {
  if (args.length !== 1) {
    console.error('Usage: npm run company:apply -- <company-file.json>');
    return 2;
  }
  // npm runs workspace scripts in apps/api; a relative path means the directory the command was typed in.
  const filePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (error) {
    console.error(`The file ${filePath} cannot be read: ${(error as Error).message}.`);
    return 1;
  }
  const db = openDatabase(loadConfig().databaseUrl);
  try {
    const file = parseCompanyFile(text);
    // A fresh production database: the same preparation a server start does (utilities need the reference ZIP codes).
    await withStartupLock(db.kysely, async () => {
      await migrateToLatest(db.kysely);
      await seedReferenceData(db.kysely);
    });
    const changes = await applyCompanyFile(db.kysely, file, new Date());
    if (changes.length === 0)
      console.log(`No change: ${file.slug} already matches ${path.basename(filePath)}.`);
    else
      console.log(
        `Applied ${path.basename(filePath)} to ${file.slug}:\n${changes.map((c) => `  ${c}`).join('\n')}`,
      );
    return 0;
  } catch (error) {
    if (isUniqueViolation(error)) {
      console.error(
        'Another company:apply changed this company at the same moment; nothing of this run was applied. Run the command again.',
      );
      return 1;
    }
    if (!(error instanceof CompanyFileRefused)) throw error;
    console.error(error.message);
    for (const problem of error.problems) console.error(`  ${problem}`);
    return 1;
  } finally {
    await db.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
