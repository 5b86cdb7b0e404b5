import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/** How long a node may hold the lock before others assume it died during start-up. */
const LEASE_MS = 5 * 60_000;
const POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The lock lives outside the migrations because it guards them. Two nodes creating it at the same moment can
 * collide on PostgreSQL's catalogue even with IF NOT EXISTS; the second attempt then finds it made.
 */
async function createLockTable(db: Kysely<unknown>): Promise<void> {
  const create = sql`create table if not exists voltin_startup_lock (
    id integer primary key, holder varchar(64) not null, expires_at bigint not null)`;
  try {
    await create.execute(db);
  } catch {
    await sleep(POLL_MS);
    await create.execute(db);
  }
}

async function tryTake(db: Kysely<unknown>, holder: string): Promise<boolean> {
  const now = Date.now();
  await sql`insert into voltin_startup_lock (id, holder, expires_at) values (1, ${holder}, ${now + LEASE_MS})
    on conflict (id) do update set holder = excluded.holder, expires_at = excluded.expires_at
    where voltin_startup_lock.expires_at < ${now}`.execute(db);
  const { rows } = await sql<{ holder: string }>`select holder from voltin_startup_lock where id = 1`.execute(
    db,
  );
  return rows[0]?.holder === holder;
}

/**
 * Runs `work` (migrations and seeds) on one node at a time. Nodes started together on an empty database would
 * otherwise each migrate and seed it, and all but one would stop on a duplicate row. Works the same on SQLite
 * files shared by several processes and on PostgreSQL.
 */
export async function withStartupLock<DB, T>(database: Kysely<DB>, work: () => Promise<T>): Promise<T> {
  const db = database as unknown as Kysely<unknown>;
  const holder = randomUUID();
  await createLockTable(db);
  while (!(await tryTake(db, holder))) await sleep(POLL_MS);
  try {
    return await work();
  } finally {
    await sql`delete from voltin_startup_lock where holder = ${holder}`.execute(db);
  }
}
