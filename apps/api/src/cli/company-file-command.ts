import { statSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config/index.js';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { companyBySlug } from './company-by-slug.js';

export interface CompanyFile {
  db: Kysely<Database>;
  company: { id: number; name: string };
  /** The file, resolved against the directory the command was typed in. */
  filePath: string;
}

/**
 * The shape of every operator command that loads a file for one retail company (`<company-slug> <file>`): the
 * database of DATABASE_URL, migrated; the company by its slug; a refusal printed with its details; the exit code.
 */
export function runCompanyFileCommand(usage: string, load: (input: CompanyFile) => Promise<number>): void {
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );

  async function run([slug, file]: string[]): Promise<number> {
    if (!slug || !file) {
      console.error(`Usage: ${usage}`);
      return 2;
    }
    const db = openDatabase(loadConfig().databaseUrl);
    try {
      await migrateToLatest(db.kysely);
      const company = await companyBySlug(db.kysely, slug);
      if (!company) return 1;
      // npm runs workspace scripts in apps/api; a relative path means the directory the command was typed in.
      const filePath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
      const notLoadable = whyNotAFile(filePath);
      if (notLoadable) {
        console.error(notLoadable);
        return 1;
      }
      return await load({ db: db.kysely, company, filePath });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      console.error(error.message);
      for (const line of error.details) console.error(`  ${line}`);
      return 1;
    } finally {
      await db.close();
    }
  }
}

/** The sentence telling the operator why `filePath` cannot be read as a file, or null when it can. */
function whyNotAFile(filePath: string): string | null {
  try {
    return statSync(filePath).isFile() ? null : `${filePath} is not a file.`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return `The file ${filePath} does not exist.`;
    return `The file ${filePath} cannot be read: ${(error as Error).message}.`;
  }
}
