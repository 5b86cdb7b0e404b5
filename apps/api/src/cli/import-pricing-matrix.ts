import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/index.js';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { ApiError } from '../http/errors.js';
import { importPricingMatrix } from '../modules/prospects/index.js';

/**
 * Manual pricing matrix import: `npm run import:pricing-matrix -w @voltin/api -- <company-slug> <file.csv>`.
 * Uses DATABASE_URL like the server. The file format is described in src/modules/prospects/pricing-matrix.ts;
 * a file with any bad line is rejected whole (exit code 1, one line per problem) and nothing is loaded.
 */
async function main(argv: string[]): Promise<number> {
  const [slug, file] = argv;
  if (!slug || !file) {
    console.error('Usage: import-pricing-matrix <company-slug> <pricing-matrix.csv>');
    return 2;
  }
  const config = loadConfig();
  const db = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db.kysely);
    const company = await db.kysely
      .selectFrom('retail_companies')
      .select(['id', 'name'])
      .where('slug', '=', slug)
      .executeTakeFirst();
    if (!company) {
      console.error(`No retail company has the slug "${slug}".`);
      return 1;
    }
    // npm runs workspace scripts in apps/api; a relative path means the directory the command was typed in.
    const filePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
    const result = await importPricingMatrix(db.kysely, company.id, {
      fileName: path.basename(filePath),
      content: readFileSync(filePath),
      importedBy: 'cli',
    });
    console.log(
      `Imported ${result.rows} prices (price file ${result.priceFileDate}; ${result.utilities.join(', ')}) ` +
        `for ${company.name}; import ${result.idImport} replaces the previous matrix.`,
    );
    return 0;
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
