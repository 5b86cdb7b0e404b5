import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/client.js';

/**
 * A new, empty database on the PostgreSQL server `serverUrl` names. `drop` removes it together with any connection
 * still open to it (a pool closing says goodbye asynchronously; a node a test started may still be connected).
 * `durable: false` lets its commits return before the WAL reaches the disk: a test database is thrown away after
 * its file, and a suite of a thousand tests spends most of its PostgreSQL time waiting on those flushes. Tests that
 * stop the server keep the default.
 */
export async function newPostgresDatabase(
  serverUrl: string,
  { durable = true } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = openDatabase(serverUrl, { poolSize: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin.kysely);
  if (!durable) await sql`alter database ${sql.id(name)} set synchronous_commit = off`.execute(admin.kysely);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.kysely);
      await admin.close();
    },
  };
}
