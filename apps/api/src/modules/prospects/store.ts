import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ProspectsTable } from '../../db/tables/prospects.js';
import type { Paging } from '../../http/envelope.js';
import { containing } from './pricing-store.js';

export function findAffiliateOfAccount(db: Kysely<Database>, accountId: number) {
  return db
    .selectFrom('affiliate_accounts')
    .innerJoin('affiliates', 'affiliates.id', 'affiliate_accounts.affiliate_id')
    .select(['affiliates.id', 'affiliates.name'])
    .where('affiliate_accounts.account_id', '=', accountId)
    .executeTakeFirst();
}

/** The affiliate each of these web service accounts is bound to (accounts bound to none are left out). */
export function affiliatesOfAccounts(db: Kysely<Database>, accountIds: number[]) {
  return db
    .selectFrom('affiliate_accounts')
    .innerJoin('affiliates', 'affiliates.id', 'affiliate_accounts.affiliate_id')
    .select(['affiliate_accounts.account_id as accountId', 'affiliates.id', 'affiliates.name'])
    .where('affiliate_accounts.account_id', 'in', accountIds.length ? accountIds : [0])
    .execute();
}

/** Binds a web service account to an affiliate: from then on it sees and creates only that affiliate's prospects. */
export async function bindAccountToAffiliate(
  db: Kysely<Database>,
  accountId: number,
  affiliateId: number,
): Promise<void> {
  await db
    .insertInto('affiliate_accounts')
    .values({ account_id: accountId, affiliate_id: affiliateId })
    .execute();
}

/** The company's sales affiliates, by name; only these ids when given (what a campaign names). */
export function companyAffiliates(db: Kysely<Database>, companyId: number, ids?: number[]) {
  let query = db
    .selectFrom('affiliates')
    .select(['id', 'name', 'active'])
    .where('company_id', '=', companyId);
  if (ids) query = query.where('id', 'in', ids.length ? ids : [0]);
  return query.orderBy('name').orderBy('id').execute();
}

export async function insertProspect(
  db: Kysely<Database>,
  values: Insertable<ProspectsTable>,
): Promise<number> {
  const { id } = await db.insertInto('prospects').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Who is asking: a company, and for affiliate-linked accounts the one affiliate they may see. */
export interface ProspectScope {
  companyId: number;
  affiliateId: number | null;
}

function prospectsOf(db: Kysely<Database>, scope: ProspectScope) {
  let query = db
    .selectFrom('prospects')
    .leftJoin('affiliates', 'affiliates.id', 'prospects.affiliate_id')
    .where('prospects.company_id', '=', scope.companyId);
  if (scope.affiliateId !== null) query = query.where('prospects.affiliate_id', '=', scope.affiliateId);
  return query;
}

function withColumns(query: ReturnType<typeof prospectsOf>) {
  return query
    .selectAll('prospects')
    .select([
      'affiliates.name as affiliate_name',
      (eb) =>
        eb
          .selectFrom('signing_envelopes')
          .select('signing_envelopes.signing_method')
          .whereRef('signing_envelopes.prospect_id', '=', 'prospects.id')
          .where('signing_envelopes.envelope_id', 'is not', null)
          .orderBy('signing_envelopes.id', 'desc')
          .limit(1)
          .as('signing_method'),
    ]);
}

/** A prospect without what is shown of its utility and customer type (the company module's: see lookups.ts). */
export type ProspectRecord = NonNullable<Awaited<ReturnType<typeof findProspect>>>;

export function findProspect(db: Kysely<Database>, scope: ProspectScope, prospectId: number) {
  return withColumns(prospectsOf(db, scope)).where('prospects.id', '=', prospectId).executeTakeFirst();
}

export interface ProspectFilter {
  updateFrom?: string;
  updateTo?: string;
  affiliateReferenceId?: string;
  repReferenceId?: string;
  status?: string;
  ldcNumber?: string;
  hasRepReferenceId: 'All' | 'Yes' | 'No';
}

export async function pageProspects(
  db: Kysely<Database>,
  scope: ProspectScope,
  filter: ProspectFilter,
  paging: Paging,
) {
  let base = prospectsOf(db, scope);
  if (filter.updateFrom) base = base.where('prospects.modified_at', '>=', filter.updateFrom);
  if (filter.updateTo) base = base.where('prospects.modified_at', '<=', filter.updateTo);
  if (filter.affiliateReferenceId)
    base = base.where('prospects.affiliate_reference_id', '=', filter.affiliateReferenceId);
  if (filter.repReferenceId) base = base.where('prospects.rep_reference_id', '=', filter.repReferenceId);
  if (filter.status) base = base.where('prospects.status', '=', filter.status);
  if (filter.ldcNumber) base = base.where('prospects.ldc', '=', filter.ldcNumber);
  if (filter.hasRepReferenceId === 'Yes')
    base = base
      .where('prospects.rep_reference_id', 'is not', null)
      .where('prospects.rep_reference_id', '!=', '');
  if (filter.hasRepReferenceId === 'No')
    base = base.where((eb) =>
      eb.or([eb('prospects.rep_reference_id', 'is', null), eb('prospects.rep_reference_id', '=', '')]),
    );
  const [rows, total] = await Promise.all([
    withColumns(base)
      .orderBy('prospects.modified_at')
      .orderBy('prospects.id')
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    base.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** What staff filter the console's prospect table and board by. */
export interface StaffProspectFilter {
  status?: string;
  signingStatus?: string;
  affiliateId?: number;
  /** Part of the customer's name, email or phone (the customer JSON), or of the LDC number. */
  q?: string;
}

function staffFiltered(db: Kysely<Database>, companyId: number, filter: StaffProspectFilter) {
  let base = prospectsOf(db, { companyId, affiliateId: filter.affiliateId ?? null });
  if (filter.status) base = base.where('prospects.status', '=', filter.status);
  if (filter.signingStatus) base = base.where('prospects.signing_status', '=', filter.signingStatus);
  // Each word is found in the customer (its JSON: names, email, phone) or the LDC number: "maria gonz" finds Maria Gonzalez.
  for (const word of filter.q?.toLowerCase().split(/\s+/).filter(Boolean) ?? []) {
    base = base.where((eb) =>
      eb.or(
        ['prospects.customer', 'prospects.ldc'].map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${containing(word)} escape '\\'`,
        ),
      ),
    );
  }
  return base;
}

/** One page of the company's prospects for staff, most recently changed first. */
export async function pageStaffProspects(
  db: Kysely<Database>,
  companyId: number,
  filter: StaffProspectFilter,
  paging: Paging,
) {
  const base = staffFiltered(db, companyId, filter);
  const [rows, total] = await Promise.all([
    withColumns(base)
      .orderBy('prospects.modified_at', 'desc')
      .orderBy('prospects.id', 'desc')
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    base.select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

export type ProspectChanges = Updateable<ProspectsTable>;

/** Who moved a prospect's sales status, through what (a TransitionTrigger, or `console` for staff), and when. */
export interface StatusMove {
  companyId: number;
  trigger: string;
  actor: string;
  at: string;
}

/**
 * Changes a prospect only if its status (and, when given, its signing status) is still what the caller saw, and
 * records a status move in its history in the same transaction; false when it lost a race.
 */
export async function updateProspect(
  db: Kysely<Database>,
  prospectId: number,
  expectedStatus: string,
  changes: ProspectChanges,
  move: StatusMove,
  expectedSigningStatus?: string | null,
): Promise<boolean> {
  const write = async (trx: Kysely<Database>) => {
    let query = trx
      .updateTable('prospects')
      .set(changes)
      .where('id', '=', prospectId)
      .where('status', '=', expectedStatus);
    if (expectedSigningStatus === null) query = query.where('signing_status', 'is', null);
    else if (expectedSigningStatus !== undefined)
      query = query.where('signing_status', '=', expectedSigningStatus);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    if (changes.status !== undefined && changes.status !== expectedStatus) {
      await trx
        .insertInto('prospect_status_changes')
        .values({
          company_id: move.companyId,
          prospect_id: prospectId,
          from_status: expectedStatus,
          to_status: changes.status,
          trigger: move.trigger,
          actor: move.actor,
          at: move.at,
        })
        .execute();
    }
    return true;
  };
  return db.isTransaction ? write(db) : db.transaction().execute(write);
}

/** A prospect's sales status moves, oldest first. */
export function statusChangesOf(db: Kysely<Database>, prospectId: number) {
  return db
    .selectFrom('prospect_status_changes')
    .select(['from_status', 'to_status', 'trigger', 'actor', 'at'])
    .where('prospect_id', '=', prospectId)
    .orderBy('id')
    .execute();
}

/** Prospects in a status that expires whose expiration date is before `today`, across companies. */
export function listExpired(db: Kysely<Database>, statuses: string[], today: string) {
  return db
    .selectFrom('prospects')
    .select(['id', 'company_id', 'status', 'signing_status'])
    .where('status', 'in', statuses)
    .where('expiration_date', '<', today)
    .orderBy('id')
    .execute();
}

/** Prospects changed at or after the instant, oldest change first, across companies (the autoresponders' cursor). */
export function prospectsChangedSince(db: Kysely<Database>, since: string, limit: number) {
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

/** Marks the prospect changed (a document was added), so a sync lists it. */
export async function touchProspect(db: Kysely<Database>, prospectId: number, at: string): Promise<void> {
  await db.updateTable('prospects').set({ modified_at: at }).where('id', '=', prospectId).execute();
}

/** Sets the signing status only if it is still `from` (a webhook may have moved it already). */
export async function moveSigningStatus(
  db: Kysely<Database>,
  prospectId: number,
  from: string,
  to: string,
): Promise<void> {
  await db
    .updateTable('prospects')
    .set({ signing_status: to })
    .where('id', '=', prospectId)
    .where('signing_status', '=', from)
    .execute();
}
