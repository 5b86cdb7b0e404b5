import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createScheduler } from '../../src/jobs/scheduler.js';
import { openTestDatabase } from '../helpers/app.js';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrateToLatest(db.kysely);
});
afterAll(() => drop());

describe('background tasks', () => {
  it('run once per due time even when two nodes poll at the same moment', async () => {
    let runs = 0;
    const task = {
      name: 'count',
      description: 'counts',
      everySeconds: 3600,
      run: async () => {
        runs++;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return `run ${runs}`;
      },
    };
    const nodeA = createScheduler(db.kysely, pino({ level: 'silent' }));
    const nodeB = createScheduler(db.kysely, pino({ level: 'silent' }));
    nodeA.register(task);
    nodeB.register(task);
    await Promise.all([nodeA.runDue(), nodeB.runDue(), nodeA.runDue(), nodeB.runDue()]);
    expect(runs).toBe(1);
    await nodeB.runDue();
    expect(runs).toBe(1); // not due again for an hour
    expect(await nodeB.runNow('count')).toBe('run 2');
    const [status] = await nodeA.status();
    expect(status).toMatchObject({ name: 'count', last_result: 'run 2', last_error: null, locked_by: null });
  });

  it('record a failure and release the task so it runs again', async () => {
    const scheduler = createScheduler(db.kysely, pino({ level: 'silent' }));
    scheduler.register({
      name: 'broken',
      description: 'fails',
      everySeconds: 60,
      run: async () => Promise.reject(new Error('billing down')),
    });
    expect(await scheduler.runNow('broken')).toBe('billing down');
    const status = (await scheduler.status()).find((t) => t.name === 'broken');
    expect(status).toMatchObject({ last_error: 'billing down', locked_until: null });
  });
});
