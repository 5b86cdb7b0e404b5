import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type {
  PaymentGatewayAccountsTable,
  SandboxGatewayCustomerProfilesTable,
  SandboxGatewayHostedFormsTable,
  SandboxGatewayPaymentProfilesTable,
  SandboxGatewayTransactionsTable,
} from '../../db/tables/payments.js';

type Db = Kysely<Database>;

/** What the operator sets of a live account; the row's id, company, timeout and creation time are kept. */
export type GatewayAccountValues = Omit<
  Insertable<PaymentGatewayAccountsTable>,
  'id' | 'company_id' | 'timeout_ms' | 'created_at'
>;

export function findActiveGatewayAccount(db: Db, companyId: number) {
  return db
    .selectFrom('payment_gateway_accounts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .executeTakeFirst();
}

/** Creates the company's live account, or replaces the one it has (one per company). */
export async function saveGatewayAccount(
  db: Db,
  companyId: number,
  account: GatewayAccountValues,
): Promise<void> {
  await db
    .insertInto('payment_gateway_accounts')
    .values({ company_id: companyId, ...account, timeout_ms: null, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('company_id').doUpdateSet(account))
    .execute();
}

// The sandbox gateway's own tables, each row scoped to one company.

export async function sandboxCustomerProfileExists(
  db: Db,
  companyId: number,
  customerProfileToken: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('sandbox_gateway_customer_profiles')
    .select('token')
    .where('company_id', '=', companyId)
    .where('token', '=', customerProfileToken)
    .executeTakeFirst();
  return row !== undefined;
}

export function findSandboxCustomerProfileOf(db: Db, companyId: number, merchantCustomerId: string) {
  return db
    .selectFrom('sandbox_gateway_customer_profiles')
    .select('token')
    .where('company_id', '=', companyId)
    .where('merchant_customer_id', '=', merchantCustomerId)
    .executeTakeFirst();
}

export async function insertSandboxCustomerProfile(
  db: Db,
  profile: Insertable<SandboxGatewayCustomerProfilesTable>,
): Promise<void> {
  await db.insertInto('sandbox_gateway_customer_profiles').values(profile).execute();
}

/** A payment profile of the customer profile, unless it was deleted. */
export function findSandboxPaymentProfile(
  db: Db,
  companyId: number,
  customerProfileToken: string,
  paymentProfileToken: string,
) {
  return db
    .selectFrom('sandbox_gateway_payment_profiles')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('customer_profile_token', '=', customerProfileToken)
    .where('token', '=', paymentProfileToken)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The customer profile's payment profiles that were not deleted, oldest first. */
export function listSandboxPaymentProfiles(db: Db, companyId: number, customerProfileToken: string) {
  return db
    .selectFrom('sandbox_gateway_payment_profiles')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('customer_profile_token', '=', customerProfileToken)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('token')
    .execute();
}

export async function insertSandboxPaymentProfile(
  db: Db,
  profile: Insertable<SandboxGatewayPaymentProfilesTable>,
): Promise<void> {
  await db.insertInto('sandbox_gateway_payment_profiles').values(profile).execute();
}

/** Changes a payment profile's columns; deleting one sets its `deleted_at`. */
export async function updateSandboxPaymentProfile(
  db: Db,
  companyId: number,
  paymentProfileToken: string,
  columns: Updateable<SandboxGatewayPaymentProfilesTable>,
): Promise<void> {
  await db
    .updateTable('sandbox_gateway_payment_profiles')
    .set(columns)
    .where('company_id', '=', companyId)
    .where('token', '=', paymentProfileToken)
    .execute();
}

export async function insertSandboxTransaction(
  db: Db,
  transaction: Insertable<SandboxGatewayTransactionsTable>,
): Promise<void> {
  await db.insertInto('sandbox_gateway_transactions').values(transaction).execute();
}

/** The charge or refund recorded under a caller's reference. */
export function findSandboxTransactionByReference(
  db: Db,
  companyId: number,
  kind: string,
  reference: string,
) {
  return db
    .selectFrom('sandbox_gateway_transactions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('kind', '=', kind)
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/** A transaction by its id; `kind` narrows it to charges or refunds. */
export function findSandboxTransaction(db: Db, companyId: number, transactionId: string, kind?: string) {
  let query = db
    .selectFrom('sandbox_gateway_transactions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('transaction_id', '=', transactionId);
  if (kind !== undefined) query = query.where('kind', '=', kind);
  return query.executeTakeFirst();
}

/** An approved refund of the transaction, if any. */
export function findApprovedSandboxRefundOf(db: Db, companyId: number, transactionId: string) {
  return db
    .selectFrom('sandbox_gateway_transactions')
    .select('transaction_id')
    .where('company_id', '=', companyId)
    .where('refunded_transaction_id', '=', transactionId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
}

export async function insertSandboxHostedForm(
  db: Db,
  form: Insertable<SandboxGatewayHostedFormsTable>,
): Promise<void> {
  await db.insertInto('sandbox_gateway_hosted_forms').values(form).execute();
}

/** The hosted form a token opens, by the token's hash; expired ones too (the page says they expired). */
export function findSandboxHostedForm(db: Db, tokenHash: string) {
  return db
    .selectFrom('sandbox_gateway_hosted_forms')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function deleteSandboxHostedFormsExpiredBefore(db: Db, instant: string): Promise<void> {
  await db.deleteFrom('sandbox_gateway_hosted_forms').where('expires_at', '<', instant).execute();
}
