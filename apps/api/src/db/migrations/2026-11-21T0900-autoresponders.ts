import { type Kysely, sql } from 'kysely';
import { references, withId } from '../migration-helpers.js';

/**
 * The send-autoresponders cursors. The notification cursor starts after the notifications that exist now and the
 * prospect cursor at this instant: events from before autoresponders existed are not emailed.
 */
const NOTIFICATION_CURSOR = 'autoresponders.cursor.notifications';
const PROSPECT_CURSOR = 'autoresponders.cursor.prospects';

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  await withId(db, s.createTable('autoresponder_packages'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('brand_id', 'integer', references('brands.id'))
    .addColumn('language_id', 'integer', references('languages.id'))
    .addColumn('customer_type_id', 'integer', references('customer_types.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('autoresponder_packages_company_name', ['company_id', 'name'])
    .execute();
  await s
    .createIndex('autoresponder_packages_choice')
    .on('autoresponder_packages')
    .columns(['company_id', 'brand_id', 'customer_type_id', 'language_id'])
    .execute();
  await withId(db, s.createTable('autoresponder_templates'))
    .addColumn('package_id', 'integer', (c) =>
      c.notNull().references('autoresponder_packages.id').onDelete('cascade'),
    )
    .addColumn('trigger_key', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s
    .createIndex('autoresponder_templates_trigger')
    .on('autoresponder_templates')
    .columns(['package_id', 'trigger_key'])
    .execute();
  await withId(db, s.createTable('autoresponder_sends'))
    .addColumn('company_id', 'integer', references('retail_companies.id'))
    .addColumn('template_id', 'integer', (c) =>
      c.notNull().references('autoresponder_templates.id').onDelete('cascade'),
    )
    .addColumn('trigger_key', 'text', (c) => c.notNull())
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('enrollment_id', 'integer', (c) => c.references('enrollments.id').onDelete('set null'))
    .addColumn('prospect_id', 'integer', (c) => c.references('prospects.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('missing_variables', 'text', (c) => c.notNull())
    .addColumn('outbox_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('autoresponder_sends_once', ['template_id', 'source_key'])
    .execute();
  await s
    .createIndex('autoresponder_sends_company')
    .on('autoresponder_sends')
    .columns(['company_id', 'id'])
    .execute();
  const { rows } = await sql<{ max_id: number | null }>`select max(id) as max_id from notifications`.execute(
    db,
  );
  await sql`insert into system_settings (key, value) values (${NOTIFICATION_CURSOR}, ${String(rows[0]?.max_id ?? 0)})`.execute(
    db,
  );
  await sql`insert into system_settings (key, value) values (${PROSPECT_CURSOR}, ${new Date().toISOString()})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from system_settings where key in (${sql.join([NOTIFICATION_CURSOR, PROSPECT_CURSOR])})`.execute(
    db,
  );
  await db.schema.dropTable('autoresponder_sends').execute();
  await db.schema.dropTable('autoresponder_templates').execute();
  await db.schema.dropTable('autoresponder_packages').execute();
}
