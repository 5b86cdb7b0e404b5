import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AutoresponderSendsTable, AutoresponderTemplatesTable } from '../../db/tables/autoresponders.js';
import type { NotificationsTable } from '../../db/tables/billing.js';

type Db = Kysely<Database>;

/** Notifications after the cursor, except the autoresponders' own. */
export function notificationsAfter(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'company_id', 'customer_id', 'enrollment_id', 'kind', 'source_key', 'sent_date'])
    .where('id', '>', afterId)
    .where('kind', '!=', 'autoresponder')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** What a customer event's email needs: the customer, the enrollment, its plan and brand. */
export function enrollmentContext(db: Db, enrollmentId: number) {
  return db
    .selectFrom('enrollments as e')
    .innerJoin('customers as c', 'c.id', 'e.customer_id')
    .innerJoin('plans as p', 'p.id', 'e.plan_id')
    .select([
      'e.id',
      'e.company_id',
      'e.customer_id',
      'e.customer_type_id',
      'e.status',
      'e.commodity',
      'e.requested_start_date',
      'e.contract_start_date',
      'e.ldc_account',
      'e.service_address_1',
      'e.service_city',
      'e.service_state',
      'e.service_zipcode',
      'e.deposit_amount_cents',
      'p.brand_id',
      'p.name as plan_name',
      'p.rate as plan_rate',
      'p.term as plan_term',
      'c.first_name',
      'c.last_name',
      'c.email',
      'c.alternative_email',
      'c.id_prefered_language',
    ])
    .where('e.id', '=', enrollmentId)
    .executeTakeFirst();
}

export function historyStatus(db: Db, historyId: number) {
  return db
    .selectFrom('enrollment_status_history')
    .select('to_status')
    .where('id', '=', historyId)
    .executeTakeFirst();
}

export function charge(db: Db, chargeId: number) {
  return db
    .selectFrom('charge_transactions')
    .select(['amount_cents', 'transaction_type', 'updated_at'])
    .where('id', '=', chargeId)
    .executeTakeFirst();
}

/** Prospects changed at or after the cursor instant, oldest change first. */
export function prospectsChangedSince(db: Db, since: string, limit: number) {
  return db
    .selectFrom('prospects')
    .select([
      'id',
      'company_id',
      'customer',
      'customer_type_id',
      'status',
      'rate_micros',
      'term',
      'start_date',
      'expiration_date',
      'ldc',
      'commodity_name',
      'modified_at',
    ])
    .where('modified_at', '>=', since)
    .orderBy('modified_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function defaultLanguageId(db: Db) {
  return db.selectFrom('languages').select('id').where('is_default', '=', 1).orderBy('id').executeTakeFirst();
}

export function brand(db: Db, brandId: number) {
  return db
    .selectFrom('brands')
    .select(['id', 'name', 'phone', 'url', 'my_account_url'])
    .where('id', '=', brandId)
    .executeTakeFirst();
}

/**
 * The active packages of a company for a customer type and language (oldest first), optionally of one brand.
 */
export function activePackages(
  db: Db,
  where: { companyId: number; customerTypeId: number; languageId: number; brandId: number | null },
) {
  let query = db
    .selectFrom('autoresponder_packages')
    .select(['id', 'brand_id', 'language_id'])
    .where('company_id', '=', where.companyId)
    .where('customer_type_id', '=', where.customerTypeId)
    .where('language_id', '=', where.languageId)
    .where('active', '=', 1);
  if (where.brandId !== null) query = query.where('brand_id', '=', where.brandId);
  return query.orderBy('id').execute();
}

export function activeTemplates(db: Db, packageId: number, triggerKey: string) {
  return db
    .selectFrom('autoresponder_templates')
    .select(['id', 'subject', 'body'])
    .where('package_id', '=', packageId)
    .where('trigger_key', '=', triggerKey)
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
}

/** Records the send unless this template already sent for this event: its id, or undefined when it had. */
export async function insertSendOnce(db: Db, row: Insertable<AutoresponderSendsTable>) {
  const inserted = await db
    .insertInto('autoresponder_sends')
    .values(row)
    .onConflict((oc) => oc.columns(['template_id', 'source_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function setOutbox(db: Db, sendId: number, outboxId: number) {
  await db.updateTable('autoresponder_sends').set({ outbox_id: outboxId }).where('id', '=', sendId).execute();
}

export async function insertNotificationOnce(db: Db, row: Insertable<NotificationsTable>) {
  await db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) => oc.column('source_key').doNothing())
    .execute();
}

export function packages(db: Db, companyId: number) {
  return db
    .selectFrom('autoresponder_packages as p')
    .innerJoin('brands as b', 'b.id', 'p.brand_id')
    .innerJoin('languages as l', 'l.id', 'p.language_id')
    .innerJoin('customer_types as t', 't.id', 'p.customer_type_id')
    .select([
      'p.id',
      'p.name',
      'p.active',
      'p.brand_id',
      'b.name as brand_name',
      'p.language_id',
      'l.short_name as language',
      'p.customer_type_id',
      't.name as customer_type',
    ])
    .where('p.company_id', '=', companyId)
    .orderBy('p.id')
    .execute();
}

export function templatesOf(db: Db, packageIds: number[]) {
  return db
    .selectFrom('autoresponder_templates')
    .selectAll()
    .where('package_id', 'in', packageIds.length ? packageIds : [0])
    .orderBy('id')
    .execute();
}

export function findPackage(db: Db, companyId: number, packageId: number) {
  return db
    .selectFrom('autoresponder_packages')
    .select(['id', 'company_id'])
    .where('company_id', '=', companyId)
    .where('id', '=', packageId)
    .executeTakeFirst();
}

export function findTemplate(db: Db, companyId: number, templateId: number) {
  return db
    .selectFrom('autoresponder_templates as t')
    .innerJoin('autoresponder_packages as p', 'p.id', 't.package_id')
    .selectAll('t')
    .where('p.company_id', '=', companyId)
    .where('t.id', '=', templateId)
    .executeTakeFirst();
}

export async function insertTemplate(db: Db, row: Insertable<AutoresponderTemplatesTable>) {
  const { id } = await db
    .insertInto('autoresponder_templates')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateTemplate(db: Db, id: number, changes: Updateable<AutoresponderTemplatesTable>) {
  await db.updateTable('autoresponder_templates').set(changes).where('id', '=', id).execute();
}

export function sends(db: Db, companyId: number, filter: { templateId?: number; limit: number }) {
  let query = db.selectFrom('autoresponder_sends').selectAll().where('company_id', '=', companyId);
  if (filter.templateId !== undefined) query = query.where('template_id', '=', filter.templateId);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}
