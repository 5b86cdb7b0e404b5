import { sql } from 'kysely';
import type { TestApi } from './app.js';

/**
 * Gates that make a race the database decides (a unique index, an update guarded by the status it expects) happen
 * every time. Requests merely fired at once mostly do not reach it: a loser usually starts after the winner
 * committed, and meets the service's early read check instead. A test of the database-decided answer needs every
 * racing request past its early checks before any of them writes.
 */

interface Gate {
  /**
   * Resolves once every transaction the gate holds is waiting; rejects if one of `requests` is answered first
   * (it never reached its write: it was refused by an early check, or failed).
   */
  held(requests: Promise<unknown>[]): Promise<void>;
  /** Lets the held writes go; resolves once the gate itself is gone. */
  release(): Promise<void>;
}

function gate(isHeld: (answered: () => boolean) => Promise<void>, release: () => Promise<void>): Gate {
  return {
    held: (requests) => {
      let answered = false;
      const early = Promise.any(requests).then((answer) => {
        answered = true;
        throw new Error(`answered before reaching the gate: ${JSON.stringify(answer)}`);
      });
      return Promise.race([isHeld(() => answered), early]);
    },
    release,
  };
}

function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fired, fire };
}

/**
 * Holds the next `count` transactions the app begins on its own Kysely, before they take a connection, until
 * released; later transactions pass. An account change writes in one transaction after its early checks, so a
 * request held has passed them, on SQLite and PostgreSQL alike (on SQLite's one connection a transaction held open
 * by the test would stop the reads too, and nothing would show which request waits where). `failures` collects what
 * the held transactions threw, such as the unique violation a service turns into its own answer. Background tasks
 * begin transactions too: use it in an app built with `backgroundTasks: false`.
 */
export function holdTransactions(api: Pick<TestApi, 'db'>, count: number): Gate & { failures: unknown[] } {
  const kysely = api.db.kysely;
  const begin = kysely.transaction;
  const allHeld = signal();
  const released = signal();
  const failures: unknown[] = [];
  let held = 0;
  kysely.transaction = function heldTransaction(this: typeof kysely) {
    const builder = begin.call(this);
    if (++held === count) {
      Reflect.deleteProperty(kysely, 'transaction');
      allHeld.fire();
    }
    const execute = builder.execute.bind(builder);
    builder.execute = (callback) =>
      released.fired
        .then(() => execute(callback))
        .catch((error) => {
          failures.push(error);
          throw error;
        });
    return builder;
  };
  return {
    ...gate(
      () => allHeld.fired,
      async () => released.fire(),
    ),
    failures,
  };
}

/**
 * PostgreSQL only. Writes `row` into `table` in a transaction left open, so that every insert of the same key into a
 * unique index of that table waits for it (reads and updates do not: the row is not theirs to see); `held` resolves
 * once `waiters` such inserts wait, and `release` rolls the row back, letting them meet each other at the index.
 * A race inside transactions (each one's reads done before any one's insert) happens this way every time. The row
 * is held on one of the app's own pooled connections: the racing requests share the rest.
 */
export async function holdUniqueEntry(
  api: Pick<TestApi, 'db'>,
  table: string,
  row: Record<string, unknown>,
  waiters: number,
): Promise<Gate> {
  const kysely = api.db.kysely;
  if (api.db.engine !== 'postgres') throw new Error('holdUniqueEntry needs PostgreSQL');
  const written = signal();
  const released = signal();
  let xid = '';
  const rolledBack = new Error('rolled back by holdUniqueEntry');
  const holding = kysely
    .transaction()
    .execute(async (trx) => {
      const columns = Object.keys(row);
      await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))})
        values (${sql.join(columns.map((c) => row[c]))})`.execute(trx);
      const own = await sql<{ xid: string }>`select transactionid::text as xid from pg_locks
        where locktype = 'transactionid' and pid = pg_backend_pid() and granted`.execute(trx);
      xid = own.rows[0]!.xid;
      written.fire();
      await released.fired;
      throw rolledBack;
    })
    .catch((error) => {
      if (error !== rolledBack) throw error;
    });
  await Promise.race([written.fired, holding]);
  const allWaiting = async (answered: () => boolean) => {
    while (!answered()) {
      const waiting = await sql<{ n: number }>`select count(*) as n from pg_locks
        where locktype = 'transactionid' and transactionid::text = ${xid} and not granted`.execute(kysely);
      if (waiting.rows[0]!.n >= waiters) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return gate(allWaiting, () => {
    released.fire();
    return holding;
  });
}
