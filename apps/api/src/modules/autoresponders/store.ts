import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type {
  AutoresponderPackagesTable,
  AutoresponderSendsTable,
  AutoresponderTemplatesTable,
} from '../../db/tables/autoresponders.js';

type Db = Kysely<Database>;

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

/** The company's packages; the names of their brands, languages and customer types are their owners'. */
export function packages(db: Db, companyId: number) {
  return db
    .selectFrom('autoresponder_packages')
    .select(['id', 'name', 'active', 'brand_id', 'language_id', 'customer_type_id'])
    .where('company_id', '=', companyId)
    .orderBy('id')
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
    .select(['id', 'company_id', 'brand_id'])
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

export async function insertPackage(db: Db, row: Insertable<AutoresponderPackagesTable>) {
  const { id } = await db
    .insertInto('autoresponder_packages')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updatePackage(
  db: Db,
  companyId: number,
  id: number,
  changes: Updateable<AutoresponderPackagesTable>,
) {
  if (Object.keys(changes).length === 0) return;
  await db
    .updateTable('autoresponder_packages')
    .set(changes)
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
}
