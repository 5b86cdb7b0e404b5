import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PaymentProfilesTable } from '../../db/tables/payments.js';

export type Db = Kysely<Database>;
export type PaymentProfileRow = Selectable<PaymentProfilesTable>;

export async function findCustomerProfileToken(
  db: Db,
  companyId: number,
  gateway: string,
  customerId: number,
) {
  const row = await db
    .selectFrom('payment_customer_profiles')
    .select('customer_profile_token')
    .where('company_id', '=', companyId)
    .where('gateway', '=', gateway)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row?.customer_profile_token ?? null;
}

/** Records the customer's gateway profile once; a racing request's row wins and is returned. */
export async function saveCustomerProfileToken(
  db: Db,
  values: {
    company_id: number;
    gateway: string;
    customer_id: number;
    customer_profile_token: string;
    created_at: string;
  },
): Promise<string> {
  await db
    .insertInto('payment_customer_profiles')
    .values(values)
    .onConflict((oc) => oc.columns(['company_id', 'gateway', 'customer_id']).doNothing())
    .execute();
  return (
    (await findCustomerProfileToken(db, values.company_id, values.gateway, values.customer_id)) ??
    values.customer_profile_token
  );
}

export function listProfiles(db: Db, companyId: number, gateway: string, customerId: number) {
  return db
    .selectFrom('payment_profiles')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('gateway', '=', gateway)
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** The customer's saved cards and bank accounts, on whichever gateway they were saved. */
export function customerProfiles(db: Db, customerId: number) {
  return db
    .selectFrom('payment_profiles')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** The customer's gateway customer profiles, with those of deleted payment profiles: charges made on them stay theirs. */
export async function customerProfileTokens(
  db: Db,
  companyId: number,
  customerId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('payment_profiles')
    .select('customer_profile_token')
    .distinct()
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId)
    .execute();
  return rows.map((r) => r.customer_profile_token);
}

/** A payment profile of the company by token, whoever owns it (the caller checks the owner). */
export function findProfileByToken(db: Db, companyId: number, token: string, gateway?: string) {
  let query = db
    .selectFrom('payment_profiles')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('payment_profile_token', '=', token)
    .where('deleted_at', 'is', null);
  if (gateway) query = query.where('gateway', '=', gateway);
  return query.executeTakeFirst();
}

/** The gateway customer profile a payment profile belongs to, removed or not (a refund goes back to it). */
export async function customerProfileTokenOf(db: Db, companyId: number, paymentProfileToken: string) {
  const row = await db
    .selectFrom('payment_profiles')
    .select('customer_profile_token')
    .where('company_id', '=', companyId)
    .where('payment_profile_token', '=', paymentProfileToken)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.customer_profile_token ?? null;
}

/** Inserts the profile, or refreshes the row with the same token (a gateway may answer with one on file). */
export async function upsertProfile(
  db: Db,
  values: Omit<Insertable<PaymentProfilesTable>, 'created_at' | 'updated_at' | 'deleted_at'>,
  now: string,
): Promise<PaymentProfileRow> {
  const changes: Updateable<PaymentProfilesTable> = {
    customer_id: values.customer_id,
    customer_profile_token: values.customer_profile_token,
    id_payment_type: values.id_payment_type,
    card_type: values.card_type,
    last4: values.last4,
    expiration_date: values.expiration_date,
    account_type: values.account_type,
    routing_last4: values.routing_last4,
    updated_at: now,
    deleted_at: null,
  };
  await db
    .insertInto('payment_profiles')
    .values({ ...values, created_at: now, updated_at: now, deleted_at: null })
    .onConflict((oc) => oc.columns(['company_id', 'gateway', 'payment_profile_token']).doUpdateSet(changes))
    .execute();
  return db
    .selectFrom('payment_profiles')
    .selectAll()
    .where('company_id', '=', values.company_id)
    .where('gateway', '=', values.gateway)
    .where('payment_profile_token', '=', values.payment_profile_token)
    .executeTakeFirstOrThrow();
}

export async function softDeleteProfiles(db: Db, ids: number[], now: string) {
  if (ids.length === 0) return;
  await db
    .updateTable('payment_profiles')
    .set({ deleted_at: now, updated_at: now })
    .where('id', 'in', ids)
    .execute();
}

/** What is shown of the company's payment profile with this token, deleted or not (an autopay shows what it charged). */
export function findShownProfile(db: Db, companyId: number, paymentProfileToken: string) {
  return db
    .selectFrom('payment_profiles')
    .select(['id_payment_type', 'card_type', 'last4', 'expiration_date', 'account_type'])
    .where('company_id', '=', companyId)
    .where('payment_profile_token', '=', paymentProfileToken)
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * What is shown of the payment profiles with these tokens (deleted ones included: a past charge still names its card),
 * by token; the first recorded one where several gateways hold the same token.
 */
export async function shownProfilesByToken(db: Db, companyId: number, tokens: string[]) {
  const rows =
    tokens.length === 0
      ? []
      : await db
          .selectFrom('payment_profiles')
          .select(['payment_profile_token', 'card_type', 'last4'])
          .where('company_id', '=', companyId)
          .where('payment_profile_token', 'in', tokens)
          .orderBy('id', 'desc')
          .execute();
  return new Map(rows.map((row) => [row.payment_profile_token, row]));
}

/** The customer's payment profile with these gateway tokens, unless deleted. */
export function findCustomerPaymentProfile(
  db: Db,
  companyId: number,
  customerId: number,
  tokens: { customerProfileToken: string; paymentProfileToken: string },
) {
  return db
    .selectFrom('payment_profiles')
    .select(['id', 'id_payment_type'])
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId)
    .where('customer_profile_token', '=', tokens.customerProfileToken)
    .where('payment_profile_token', '=', tokens.paymentProfileToken)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
