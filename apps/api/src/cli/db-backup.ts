import { existsSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../config/index.js';
import { engineOf } from '../db/client.js';

/**
 * Online backup of the SQLite database: `npm run db:backup -w @voltin/api -- <target-file>`. SQLite's backup API
 * copies a consistent snapshot page by page while the server keeps reading and writing (a file copy of a database in
 * WAL mode can miss or tear the last transactions). The copy is checked with integrity_check before it is reported.
 * PostgreSQL is backed up with its own tools; the command says which.
 */
const USAGE = 'Usage: npm run db:backup -w @voltin/api -- <target-file>';

async function backup(target: string | undefined): Promise<number> {
  const { databaseUrl } = loadConfig();
  if (engineOf(databaseUrl) === 'postgres') {
    console.error(
      'DATABASE_URL names a PostgreSQL database: back it up with `pg_dump --format=custom --file=voltin.dump "$DATABASE_URL"` and restore with `pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" voltin.dump` (README, "Operating Voltin").',
    );
    return 1;
  }
  if (!target) {
    console.error(USAGE);
    return 2;
  }
  // npm runs workspace scripts in apps/api; a relative path means the directory the command was typed in.
  const targetPath = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  if (existsSync(targetPath)) {
    console.error(`${targetPath} already exists; name a new file, so that no earlier backup is overwritten.`);
    return 1;
  }
  const sourcePath = databaseUrl.slice('sqlite:'.length);
  const source = new SQLite(sourcePath, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    const { totalPages } = await source.backup(targetPath);
    const copy = new SQLite(targetPath, { readonly: true });
    const integrity = copy.pragma('integrity_check', { simple: true });
    copy.close();
    if (integrity !== 'ok') {
      console.error(`The copy at ${targetPath} failed integrity_check: ${integrity}`);
      return 1;
    }
    console.log(`Backed up ${sourcePath} to ${targetPath} (${totalPages} pages, integrity_check ok).`);
    return 0;
  } finally {
    source.close();
  }
}

backup(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
