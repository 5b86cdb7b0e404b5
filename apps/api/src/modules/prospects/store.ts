import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PricingMatrixImportsTable, ProspectsTable } from '../../db/tables/prospects.js';
import type { Paging } from '../../http/envelope.js';

export async function listUtilityCodes(db: Kysely<Database>, companyId: number): Promise<string[]> {
  const rows = await db.selectFrom('utilities').select('code').where('company_id', '=', companyId).execute();
  return rows.map((r) => r.code);
}

/** What a price of the pricing matrix is for. */
export interface PriceKey {
  utilityCode: string;
  zone: string;
  rateCode: string;
  termMonths: number;
  usageTier: string;
  startMonth: string;
}

/** One price of a pricing matrix file, as parsed (pricing-matrix.ts) and stored. */
export interface PriceRow extends PriceKey {
  priceMicros: number;
  priceFileDate: string;
}

const PRICE_INSERT_CHUNK = 500;

/** Replaces the company's whole matrix; the caller runs it inside a transaction. */
export async function replacePricingMatrix(
  trx: Kysely<Database>,
  companyId: number,
  rows: PriceRow[],
  record: Omit<Insertable<PricingMatrixImportsTable>, 'company_id'>,
): Promise<number> {
  const { id } = await trx
    .insertInto('pricing_matrix_imports')
    .values({ company_id: companyId, ...record })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.deleteFrom('pricing_matrix_prices').where('company_id', '=', companyId).execute();
  for (let start = 0; start < rows.length; start += PRICE_INSERT_CHUNK) {
    await trx
      .insertInto('pricing_matrix_prices')
      .values(
        rows.slice(start, start + PRICE_INSERT_CHUNK).map((r) => ({
          company_id: companyId,
          import_id: id,
          utility_code: r.utilityCode,
          zone: r.zone,
          rate_code: r.rateCode,
          term_months: r.termMonths,
          usage_tier: r.usageTier,
          start_month: r.startMonth,
          price_micros: r.priceMicros,
          price_file_date: r.priceFileDate,
        })),
      )
      .execute();
  }
  return id;
}

export async function findPrice(db: Kysely<Database>, companyId: number, key: PriceKey) {
  return db
    .selectFrom('pricing_matrix_prices')
    .select(['price_micros', 'price_file_date'])
    .where('company_id', '=', companyId)
    .where('utility_code', '=', key.utilityCode)
    .where('zone', '=', key.zone)
    .where('rate_code', '=', key.rateCode)
    .where('term_months', '=', key.termMonths)
    .where('usage_tier', '=', key.usageTier)
    .where('start_month', '=', key.startMonth)
    .executeTakeFirst();
}

export function findUtilityByCode(db: Kysely<Database>, companyId: number, code: string) {
  return db
    .selectFrom('utilities')
    .select(['id', 'code', 'name', 'commodity', 'market_id'])
    .where('company_id', '=', companyId)
    .where(sql`upper(code)`, '=', code.toUpperCase())
    .executeTakeFirst();
}

export function findCustomerTypeByCode(db: Kysely<Database>, companyId: number, code: string) {
  return db
    .selectFrom('customer_types')
    .select(['id', 'code', 'prospect_expiration_days'])
    .where('company_id', '=', companyId)
    .where('code', '=', code)
    .executeTakeFirst();
}

export async function listCustomerTypeCodes(db: Kysely<Database>, companyId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('customer_types')
    .select('code')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.code);
}

export async function languageExists(db: Kysely<Database>, languageId: number): Promise<boolean> {
  return (
    (await db.selectFrom('languages').select('id').where('id', '=', languageId).executeTakeFirst()) !==
    undefined
  );
}

export function findSettings(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('prospect_settings')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

export function findAffiliateOfAccount(db: Kysely<Database>, accountId: number) {
  return db
    .selectFrom('affiliate_accounts')
    .innerJoin('affiliates', 'affiliates.id', 'affiliate_accounts.affiliate_id')
    .select(['affiliates.id', 'affiliates.name'])
    .where('affiliate_accounts.account_id', '=', accountId)
    .executeTakeFirst();
}

/** Whether the package exists for the company and covers the customer type, utility and market. */
export async function packageCovers(
  db: Kysely<Database>,
  companyId: number,
  packageId: number,
  cover: { customerTypeId: number; utilityId: number; marketId: number },
): Promise<'missing' | 'covers' | 'does-not-cover'> {
  const found = await db
    .selectFrom('prospect_packages')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', packageId)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!found) return 'missing';
  const [types, utilities, markets] = await Promise.all([
    db
      .selectFrom('prospect_package_customer_types')
      .select('package_id')
      .where('package_id', '=', packageId)
      .where('customer_type_id', '=', cover.customerTypeId)
      .executeTakeFirst(),
    db
      .selectFrom('prospect_package_utilities')
      .select('package_id')
      .where('package_id', '=', packageId)
      .where('utility_id', '=', cover.utilityId)
      .executeTakeFirst(),
    db
      .selectFrom('prospect_package_markets')
      .select('package_id')
      .where('package_id', '=', packageId)
      .where('market_id', '=', cover.marketId)
      .executeTakeFirst(),
  ]);
  return types && utilities && markets ? 'covers' : 'does-not-cover';
}

export interface PackageFilter {
  stateCode?: string;
  utilityCode?: string;
  customerType?: string;
}

export async function listPackages(db: Kysely<Database>, companyId: number, filter: PackageFilter) {
  let query = db
    .selectFrom('prospect_packages')
    .selectAll('prospect_packages')
    .where('prospect_packages.company_id', '=', companyId)
    .where('prospect_packages.active', '=', 1);
  if (filter.stateCode) {
    const stateCode = filter.stateCode;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('prospect_package_markets')
          .innerJoin('markets', 'markets.id', 'prospect_package_markets.market_id')
          .select('prospect_package_markets.package_id')
          .whereRef('prospect_package_markets.package_id', '=', 'prospect_packages.id')
          .where('markets.state_code', '=', stateCode),
      ),
    );
  }
  if (filter.utilityCode) {
    const utilityCode = filter.utilityCode;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('prospect_package_utilities')
          .innerJoin('utilities', 'utilities.id', 'prospect_package_utilities.utility_id')
          .select('prospect_package_utilities.package_id')
          .whereRef('prospect_package_utilities.package_id', '=', 'prospect_packages.id')
          .where(sql`upper(utilities.code)`, '=', utilityCode),
      ),
    );
  }
  if (filter.customerType) {
    const customerType = filter.customerType;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('prospect_package_customer_types')
          .innerJoin(
            'customer_types',
            'customer_types.id',
            'prospect_package_customer_types.customer_type_id',
          )
          .select('prospect_package_customer_types.package_id')
          .whereRef('prospect_package_customer_types.package_id', '=', 'prospect_packages.id')
          .where('customer_types.code', '=', customerType),
      ),
    );
  }
  const packages = await query.orderBy('prospect_packages.id').execute();
  const ids = packages.map((p) => p.id);
  if (ids.length === 0) return [];
  const [types, markets, utilities, documents] = await Promise.all([
    db
      .selectFrom('prospect_package_customer_types')
      .innerJoin('customer_types', 'customer_types.id', 'prospect_package_customer_types.customer_type_id')
      .select(['prospect_package_customer_types.package_id', 'customer_types.code'])
      .where('prospect_package_customer_types.package_id', 'in', ids)
      .orderBy('customer_types.id')
      .execute(),
    db
      .selectFrom('prospect_package_markets')
      .innerJoin('markets', 'markets.id', 'prospect_package_markets.market_id')
      .select(['prospect_package_markets.package_id', 'markets.id', 'markets.name', 'markets.state_code'])
      .where('prospect_package_markets.package_id', 'in', ids)
      .orderBy('markets.id')
      .execute(),
    db
      .selectFrom('prospect_package_utilities')
      .innerJoin('utilities', 'utilities.id', 'prospect_package_utilities.utility_id')
      .select(['prospect_package_utilities.package_id', 'utilities.id', 'utilities.code', 'utilities.name'])
      .where('prospect_package_utilities.package_id', 'in', ids)
      .orderBy('utilities.id')
      .execute(),
    db
      .selectFrom('prospect_package_documents')
      .selectAll()
      .where('package_id', 'in', ids)
      .orderBy('sort_order')
      .execute(),
  ]);
  return packages.map((p) => ({
    ...p,
    customerTypes: types.filter((t) => t.package_id === p.id).map((t) => t.code),
    markets: markets.filter((m) => m.package_id === p.id),
    utilities: utilities.filter((u) => u.package_id === p.id),
    documents: documents.filter((d) => d.package_id === p.id),
  }));
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
    .innerJoin('utilities', 'utilities.id', 'prospects.utility_id')
    .innerJoin('customer_types', 'customer_types.id', 'prospects.customer_type_id')
    .leftJoin('affiliates', 'affiliates.id', 'prospects.affiliate_id')
    .where('prospects.company_id', '=', scope.companyId);
  if (scope.affiliateId !== null) query = query.where('prospects.affiliate_id', '=', scope.affiliateId);
  return query;
}

function withColumns(query: ReturnType<typeof prospectsOf>) {
  return query
    .selectAll('prospects')
    .select([
      'utilities.code as utility_code',
      'utilities.name as utility_name',
      'utilities.commodity as utility_commodity',
      'utilities.market_id as utility_market_id',
      'customer_types.code as customer_type_code',
      'customer_types.prospect_expiration_days',
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

export type ProspectRow = NonNullable<Awaited<ReturnType<typeof findProspect>>>;

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

/**
 * Changes a prospect only if its status (and, when given, its signing status) is still what the caller saw;
 * false when it lost a race.
 */
export async function updateProspect(
  db: Kysely<Database>,
  prospectId: number,
  expectedStatus: string,
  changes: Updateable<ProspectsTable>,
  expectedSigningStatus?: string | null,
): Promise<boolean> {
  let query = db
    .updateTable('prospects')
    .set(changes)
    .where('id', '=', prospectId)
    .where('status', '=', expectedStatus);
  if (expectedSigningStatus === null) query = query.where('signing_status', 'is', null);
  else if (expectedSigningStatus !== undefined)
    query = query.where('signing_status', '=', expectedSigningStatus);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findSigningAccount(db: Kysely<Database>, companyId: number) {
  return db
    .selectFrom('signing_accounts')
    .select(['id', 'account_id', 'template_id', 'template_role'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Records an envelope under Voltin's reference before the signing service is asked to create it (status
 * Requested, no envelope id yet), so no envelope exists there that Voltin has no row of. Returns the row id.
 */
export async function recordEnvelope(
  db: Kysely<Database>,
  envelope: {
    companyId: number;
    prospectId: number;
    signingAccountId: number;
    reference: string;
    signingMethod: string;
    clientUserId: string | null;
  },
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('signing_envelopes')
    .values({
      company_id: envelope.companyId,
      prospect_id: envelope.prospectId,
      signing_account_id: envelope.signingAccountId,
      envelope_id: null,
      reference: envelope.reference,
      signing_method: envelope.signingMethod,
      client_user_id: envelope.clientUserId,
      status: 'Requested',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Drops a recorded envelope the signing service did not create. */
export async function forgetEnvelope(db: Kysely<Database>, rowId: number): Promise<void> {
  await db.deleteFrom('signing_envelopes').where('id', '=', rowId).where('envelope_id', 'is', null).execute();
}

/** The signing service created the recorded envelope: its id, status Created. */
export async function setEnvelopeCreated(
  db: Kysely<Database>,
  rowId: number,
  envelopeId: string,
): Promise<void> {
  await db
    .updateTable('signing_envelopes')
    .set({ envelope_id: envelopeId, status: 'Created', updated_at: new Date().toISOString() })
    .where('id', '=', rowId)
    .execute();
}

export async function setEnvelopeStatus(
  db: Kysely<Database>,
  envelopeId: string,
  status: string,
): Promise<void> {
  await db
    .updateTable('signing_envelopes')
    .set({ status, updated_at: new Date().toISOString() })
    .where('envelope_id', '=', envelopeId)
    .execute();
}

/**
 * Sets the status a signing-service event reports, unless the stored status comes from a later event: events can
 * arrive out of order, and an older one never moves the envelope back. True when it moved.
 */
export async function moveEnvelopeByEvent(
  db: Kysely<Database>,
  envelopeId: string,
  status: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('signing_envelopes')
    .set({ status, status_at: at, updated_at: new Date().toISOString() })
    .where('envelope_id', '=', envelopeId)
    .where((eb) => eb.or([eb('status_at', 'is', null), eb('status_at', '<=', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The prospect's newest created envelope: the only one whose events move the prospect. */
export async function latestEnvelope(db: Kysely<Database>, prospectId: number) {
  const row = await db
    .selectFrom('signing_envelopes')
    .innerJoin('signing_accounts', 'signing_accounts.id', 'signing_envelopes.signing_account_id')
    .select([
      'signing_envelopes.envelope_id',
      'signing_envelopes.status',
      'signing_envelopes.signing_method',
      'signing_envelopes.client_user_id',
      'signing_accounts.account_id',
    ])
    .where('signing_envelopes.prospect_id', '=', prospectId)
    .where('signing_envelopes.envelope_id', 'is not', null)
    .orderBy('signing_envelopes.id', 'desc')
    .executeTakeFirst();
  return row ? { ...row, envelope_id: row.envelope_id! } : undefined;
}

export async function findEnvelope(db: Kysely<Database>, companyId: number, envelopeId: string) {
  const row = await db
    .selectFrom('signing_envelopes')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('envelope_id', '=', envelopeId)
    .executeTakeFirst();
  return row ? { ...row, envelope_id: envelopeId } : undefined;
}

/** An envelope by its id alone, whatever its company: for the sandbox signing page, whose signed link names it. */
export async function findEnvelopeById(db: Kysely<Database>, envelopeId: string) {
  const row = await db
    .selectFrom('signing_envelopes')
    .select(['company_id', 'prospect_id'])
    .where('envelope_id', '=', envelopeId)
    .executeTakeFirst();
  return row ? { ...row, envelope_id: envelopeId } : undefined;
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

/** Marks the prospect changed (a document was added), so a sync lists it. */
export async function touchProspect(db: Kysely<Database>, prospectId: number): Promise<void> {
  await db
    .updateTable('prospects')
    .set({ modified_at: new Date().toISOString() })
    .where('id', '=', prospectId)
    .execute();
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
