import { type Kysely, sql } from 'kysely';
import { bumpStatement, CATALOG_STAMP } from '../change-stamps.js';
import { isPostgres } from '../migration-helpers.js';

/**
 * Campaigns become something staff run in the console: a usage limit (null: unlimited) with the count of
 * enrollments that used the code, kept by the database (the enrollment's transaction adds one only while the count
 * is under the limit), the sales affiliate a campaign belongs to, and who made and last changed it.
 *
 * The validity window moves from days to moments, so a campaign can start at 6 pm on a Friday: `valid_from` is the
 * first moment the code works, `valid_until` the moment it stops (exclusive). A campaign's days (inclusive, UTC, as
 * plan shopping read them) become the same span: from the start of its first day to the start of the day after its
 * last.
 *
 * Codes are upper-case (plan shopping has always matched them that way); rows written by hand are brought in line.
 * The unique constraint `campaigns_company_code` (company, code) has existed since the table was made.
 *
 * A use changes a campaign row; the plan-shopping catalogue is stamped on every write to `campaigns`, which would
 * make every campaign enrollment empty every node's catalogue cache. A use now stamps it only when it uses the code
 * up (plan shopping then refuses the code): the update trigger fires unless the write changed the count and left
 * the campaign under its limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const addColumn = (name: string, type: 'integer' | 'text', notNullDefault?: string | number) =>
    db.schema
      .alterTable('campaigns')
      .addColumn(name, type, (c) =>
        notNullDefault === undefined ? c : c.notNull().defaultTo(notNullDefault),
      )
      .execute();
  await addColumn('usage_limit', 'integer');
  await addColumn('uses', 'integer', 0);
  await db.schema
    .alterTable('campaigns')
    .addColumn('affiliate_id', 'integer', (c) => c.references('affiliates.id').onDelete('set null'))
    .execute();
  await addColumn('created_by', 'text', 'migration');
  await addColumn('created_at', 'text', '2026-11-27T00:00:00.000Z');
  await addColumn('updated_by', 'text', 'migration');
  await addColumn('updated_at', 'text', '2026-11-27T00:00:00.000Z');
  await db.schema.createIndex('campaigns_affiliate').on('campaigns').column('affiliate_id').execute();

  await sql`update campaigns set promo_code = upper(trim(promo_code))`.execute(db);
  await sql`update plans set promo_code = upper(trim(promo_code)) where promo_code is not null`.execute(db);
  const { rows } = await sql<{
    id: number;
    valid_from: string;
    valid_until: string;
  }>`select id, valid_from, valid_until from campaigns`.execute(db);
  const startOf = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00.000Z`);
  for (const row of rows) {
    const from = startOf(row.valid_from).toISOString();
    const until = new Date(startOf(row.valid_until).getTime() + 86_400_000).toISOString();
    await sql`update campaigns set valid_from = ${from}, valid_until = ${until} where id = ${row.id}`.execute(
      db,
    );
  }

  const stampsUpdate = sql.raw(
    'old.uses = new.uses or (new.usage_limit is not null and new.uses >= new.usage_limit)',
  );
  if (postgres) {
    await sql`drop trigger ${sql.id(`campaigns_${CATALOG_STAMP}_stamp`)} on campaigns`.execute(db);
    await sql`create trigger ${sql.id(`campaigns_${CATALOG_STAMP}_stamp`)} after insert or delete or truncate on campaigns
      for each statement execute function ${sql.raw(`voltin_bump_${CATALOG_STAMP}_stamp`)}()`.execute(db);
    await sql`create trigger ${sql.id(`campaigns_${CATALOG_STAMP}_stamp_update`)} after update on campaigns
      for each row when (${stampsUpdate}) execute function ${sql.raw(`voltin_bump_${CATALOG_STAMP}_stamp`)}()`.execute(
      db,
    );
  } else {
    await sql`drop trigger ${sql.id(`campaigns_${CATALOG_STAMP}_stamp_update`)}`.execute(db);
    await sql`create trigger ${sql.id(`campaigns_${CATALOG_STAMP}_stamp_update`)} after update on campaigns
      when ${stampsUpdate} begin ${bumpStatement(CATALOG_STAMP)}; end`.execute(db);
  }
}
