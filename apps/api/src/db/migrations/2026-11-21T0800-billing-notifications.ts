import { type Kysely, sql } from 'kysely';
import { references, withId } from '../migration-helpers.js';

/** Notification cursors start after the rows that exist when notifications arrive: old events are not announced. */
const CURSORS = {
  'notifications.cursor.enrollment_status_history': 'enrollment_status_history',
  'notifications.cursor.charge_transactions': 'charge_transactions',
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('customer_id', 'integer', references('customers.id'))
    .addColumn('enrollment_id', 'integer', (c) => c.references('enrollments.id').onDelete('cascade'))
    .addColumn('id_message', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('display_priority', 'integer', (c) => c.notNull())
    .addColumn('sent_date', 'text', (c) => c.notNull())
    .addColumn('read_date', 'text')
    .addColumn('source_key', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createIndex('notifications_customer')
    .on('notifications')
    .columns(['company_id', 'customer_id', 'id'])
    .execute();
  for (const [key, table] of Object.entries(CURSORS)) {
    const { rows } = await sql<{
      max_id: number | null;
    }>`select max(id) as max_id from ${sql.table(table)}`.execute(db);
    await sql`insert into system_settings (key, value) values (${key}, ${String(rows[0]?.max_id ?? 0)})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from system_settings where key in (${sql.join(Object.keys(CURSORS))})`.execute(db);
  await db.schema.dropTable('notifications').execute();
}
