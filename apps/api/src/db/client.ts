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

/**
 * Kysely opens SQLite transactions with a plain (deferred) BEGIN: the transaction reads first and asks for the write
 * lock at its first write. If another process wrote in between, SQLite cannot upgrade the now stale read and fails
 * with SQLITE_BUSY at once, without waiting out busy_timeout (seen with two API processes on one file under load:
 * 500s). BEGIN IMMEDIATE takes the write lock at the start, so a second writer waits its turn instead.
 */
function beginTransactionsImmediately(database: SQLite.Database): void {
  const prepare = database.prepare.bind(database);
  database.prepare = ((source: string) =>
    prepare(source === 'begin' ? 'begin immediate' : source)) as SQLite.Database['prepare'];
}

function sqliteDialect(file: string): Dialect {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  keepPreparedStatements(database);
  beginTransactionsImmediately(database);
  return new SqliteDialect({ database });
}

function postgresDialect(url: string, options: DbOptions): Dialect {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // A restart or failover of the server closes every connection, and node-postgres reports each closure as an
  // 'error' event: the pool's for an idle connection, the connection's own for one a request holds between two
  // queries. Unheard, either event ends the process. Neither needs handling here: the pool drops the closed
  // connection and opens a new one for the next query, and the holder's next query fails with its own error,
  // which the error handler answers 503 DATABASE_UNAVAILABLE.
  pool.on('error', () => {});
  pool.on('connect', (connection) => connection.on('error', () => {}));
  return new PostgresDialect({ pool });
}

/** SQLSTATEs of a server that is shutting down, starting up, has lost the connection, or has no connection left. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  '53300',
]);
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
// The node-postgres client's own errors for a connection that is gone; they carry no code.
const CONNECTION_LOST =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * Whether the database could not be reached (as opposed to refusing the query): the request may succeed when
 * retried once the server is back, so it is answered 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
    return true;
  if (CONNECTION_LOST.test(error.message)) return true;
  // A failed rollback after a lost connection, or a connection timeout, carries the first failure as its cause.
  return error.cause !== undefined && isDatabaseUnavailable(error.cause);
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
