import { type Kysely, sql } from 'kysely';

/**
 * Plan bundles become something pricing staff make in the console, and plan shopping shows their names to customers:
 * a company has one bundle of a name, whatever its capitals ("Home Bundle" and "home bundle" are one name to a
 * customer). The index holds the rule under concurrency: of two bundles of one name made at once, the second insert
 * fails on it.
 *
 * Bundles were written only by the seed (one per company) and by hand; a name a company already had twice keeps its
 * first bundle and the later ones get their id after the name, so the index can be made and nothing is lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: number; company_id: number; name: string }>`
    select id, company_id, name from plan_bundles order by id`.execute(db);
  const seen = new Set<string>();
  for (const row of rows) {
    const key = `${row.company_id} ${row.name.trim().toLowerCase()}`;
    if (seen.has(key))
      await sql`update plan_bundles set name = ${`${row.name.trim()} (${row.id})`} where id = ${row.id}`.execute(
        db,
      );
    else seen.add(key);
  }
  await sql`create unique index plan_bundles_company_name on plan_bundles (company_id, lower(name))`.execute(
    db,
  );
}
