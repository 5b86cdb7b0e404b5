import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Dialect, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Engine = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

export interface DbOptions {
  /** PostgreSQL only: the schema to work in (tests use one schema per test file). */
  schema?: string;
  poolSize?: number;
}

// PostgreSQL returns BIGINT (count(*)) and NUMERIC as strings by default; our counts and amounts fit a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export function engineOf(databaseUrl: string): Engine {
  return databaseUrl.startsWith('postgres') ? 'postgres' : 'sqlite';
}

const PREPARED_STATEMENTS_KEPT = 1000;

/**
 * Kysely's SQLite driver prepares every query anew, which was the largest single cost in the profile of a read
 * (bench/README.md). Queries are built from a few hundred distinct SQL texts, so their statements are kept and
 * reused, least recently used dropped first. Reuse is safe: the driver runs one query at a time on the connection,
 * and SQLite re-prepares a kept statement itself after a schema change.
 */
function keepPreparedStatements(database: SQLite.Database): void {
  const prepare = database.prepare.bind(database);
  const kept = new Map<string, SQLite.Statement>();
  database.prepare = ((source: string) => {
    let statement = kept.get(source);
    if (statement) kept.delete(source);
    else statement = prepare(source);
    kept.set(source, statement);
    if (kept.size > PREPARED_STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string);
    return statement;
  }) as SQLite.Database['prepare'];
}

function sqliteDialect(file: string): Dialect {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  keepPreparedStatements(database);
  return new SqliteDialect({ database });
}

function postgresDialect(url: string, options: DbOptions): Dialect {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  return new PostgresDialect({ pool });
}

export function openDatabase(databaseUrl: string, options: DbOptions = {}): Db {
  const engine = engineOf(databaseUrl);
  const dialect =
    engine === 'postgres'
      ? postgresDialect(databaseUrl, options)
      : sqliteDialect(databaseUrl.slice('sqlite:'.length));
  const kysely = new Kysely<Database>({ dialect });
  return { kysely, engine, close: () => kysely.destroy() };
}
