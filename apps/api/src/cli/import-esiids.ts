import { createReadStream } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/index.js';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { ApiError } from '../http/errors.js';
import { type EsiidImportCounts, importEsiidExtract } from '../modules/premises/index.js';

/**
 * ERCOT TDSP ESI ID extract import: `npm run import:esiids -w @voltin/api -- <company-slug> <extract.csv>`.
 * Uses DATABASE_URL like the server; the file format and the rules are in src/modules/premises/esiid-import.ts.
 * Malformed lines are skipped and listed with their line numbers (exit code 1); the good rows are loaded.
 */
const describe = (c: EsiidImportCounts) =>
  `${c.rowsRead} rows read: ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged, ` +
  `${c.removed} removed, ${c.rejected} rejected`;

async function main(argv: string[]): Promise<number> {
  const [slug, file] = argv;
  if (!slug || !file) {
    console.error('Usage: import-esiids <company-slug> <tdsp-esiid-extract.csv>');
    return 2;
  }
  const db = openDatabase(loadConfig().databaseUrl);
  try {
    await migrateToLatest(db.kysely);
    const company = await db.kysely
      .selectFrom('retail_companies')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (!company) {
      console.error(`No retail company has the slug "${slug}".`);
      return 1;
    }
    // npm runs workspace scripts in apps/api; a relative path means the directory the command was typed in.
    const filePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
    const result = await importEsiidExtract(db.kysely, company.id, createReadStream(filePath), {
      onProgress: (counts) => console.log(describe(counts)),
    });
    for (const { line, reason } of result.rejectedLines) console.error(`line ${line}: ${reason}`);
    if (result.rejected > result.rejectedLines.length)
      console.error(`... and ${result.rejected - result.rejectedLines.length} more rejected lines`);
    console.log(`Done. ${describe(result)}.`);
    return result.rejected > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof ApiError) {
      console.error(error.message);
      for (const line of error.details) console.error(`  ${line}`);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
