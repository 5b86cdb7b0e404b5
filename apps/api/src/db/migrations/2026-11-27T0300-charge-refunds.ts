import type { Kysely } from 'kysely';

/**
 * Refunds made by staff through the gateway: a REFUND charge names the payment it gives back, and the payment keeps
 * how much of it has been refunded or is being refunded. The console reserves an amount by raising `refunded_cents`
 * only while it stays within the payment (one conditional UPDATE), so refunds racing each other never exceed it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('charge_transactions')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('charge_transactions').addColumn('refund_of_charge_id', 'integer').execute();
}
