import { type Kysely, sql } from 'kysely';
import { withId } from '../migration-helpers.js';

/**
 * A gateway transaction counts once: one charge row per (retail company, gateway transaction id). And the flags a
 * web service account changes on a recorded charge keep who changed them, from what to what.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const duplicates = await sql<{ company_id: number; gateway_transaction_id: string; n: number }>`
    select company_id, gateway_transaction_id, count(*) as n from charge_transactions
    where gateway_transaction_id is not null
    group by company_id, gateway_transaction_id having count(*) > 1`.execute(db);
  if (duplicates.rows.length > 0) {
    const list = duplicates.rows
      .slice(0, 20)
      .map((d) => `company ${d.company_id} transaction ${d.gateway_transaction_id} (${d.n} rows)`)
      .join('; ');
    throw new Error(
      `Cannot guarantee that a gateway transaction is recorded once: ${list}. Remove the extra charge rows, then start again.`,
    );
  }
  await sql`create unique index charge_transactions_one_per_gateway_transaction
    on charge_transactions (company_id, gateway_transaction_id)
    where gateway_transaction_id is not null`.execute(db);

  await withId(db, db.schema.createTable('charge_transaction_changes'))
    .addColumn('company_id', 'integer', (c) =>
      c.notNull().references('retail_companies.id').onDelete('cascade'),
    )
    .addColumn('charge_id', 'integer', (c) =>
      c.notNull().references('charge_transactions.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('from_value', 'integer', (c) => c.notNull())
    .addColumn('to_value', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('charge_transaction_changes_by_charge')
    .on('charge_transaction_changes')
    .column('charge_id')
    .execute();
}
