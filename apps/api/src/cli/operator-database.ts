import type { Kysely } from 'kysely';
import { loadConfig } from '../config/index.js';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { deriveKeys, type KeyRing } from '../security/keys.js';
import { masterKeyFor } from '../security/master-key.js';
import { companyBySlug } from './company-by-slug.js';

export interface OperatorDatabase {
  db: Kysely<Database>;
  keys: KeyRing;
  company: { id: number; name: string };
}

/**
 * The shape of an operator command that seals secrets for one retail company: the database of DATABASE_URL, migrated,
 * the master key of the server's configuration, the company by its slug; the exit code (1 with the reason printed).
 */
export function runOperatorCommand(
  usage: string,
  valid: (args: string[]) => boolean,
  work: (input: OperatorDatabase, args: string[]) => Promise<number>,
): void {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );

  async function run(args: string[]): Promise<number> {
    if (!valid(args)) {
      console.error(`Usage: ${usage}`);
      return 2;
    }
    const config = loadConfig();
    const database = openDatabase(config.databaseUrl, { poolSize: 1 });
    try {
      const db = database.kysely;
      await migrateToLatest(db);
      const keys = deriveKeys(await masterKeyFor(config, db), config.previousMasterKeys);
      const slug = args.find((a) => !a.startsWith('--'))!;
      const company = await companyBySlug(db, slug, ' (create it with npm run company:apply)');
      if (!company) return 1;
      return await work({ db, keys, company }, args.filter((a) => !a.startsWith('--')).slice(1));
    } finally {
      await database.close();
    }
  }
}
