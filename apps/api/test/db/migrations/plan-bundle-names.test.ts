import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up } from '../../../src/db/migrations/2026-11-27T1510-plan-bundle-names.js';
import { isUniqueViolation } from '../../../src/db/unique-violation.js';
import { useTestApi } from '../../helpers/app.js';

/**
 * The migration that makes a bundle's name unique in its company, run again on a catalogue from before it (the index
 * dropped) holding a name twice, in other capitals: the first bundle keeps its name, the later one gets its id after
 * it, and from then on the index refuses the name.
 */
const api = useTestApi({ backgroundTasks: false });

describe('the migration of plan bundle names', () => {
  it('keeps the first of two bundles of one name, names the later one by its id, then holds the name', async () => {
    const db = api.db.kysely;
    const seeded = await db
      .selectFrom('plan_bundles')
      .selectAll()
      .where('name', '=', 'Cincinnati Home Bundle')
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = seeded;
    await sql`drop index plan_bundles_company_name`.execute(db);
    const twin = await db
      .insertInto('plan_bundles')
      .values({ ...copy, name: 'cincinnati home bundle ' })
      .returning('id')
      .executeTakeFirstOrThrow();

    await up(db as Kysely<unknown>);

    const names = await db
      .selectFrom('plan_bundles')
      .select(['id', 'name'])
      .where('id', 'in', [seeded.id, twin.id])
      .orderBy('id')
      .execute();
    expect(names).toEqual([
      { id: seeded.id, name: 'Cincinnati Home Bundle' },
      { id: twin.id, name: `cincinnati home bundle (${twin.id})` },
    ]);
    const again = await db
      .insertInto('plan_bundles')
      .values({ ...copy, name: 'CINCINNATI HOME BUNDLE' })
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(again)).toBe(true);
  });
});
