/**
 * The queries of the account changes a customer makes on an enrollment: autopay, letters of credit, early
 * termination fee invoices, the enrollments billed together and the latest one of a meter.
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CreditLettersTable } from '../../db/tables/enrollments.js';
import { HIDDEN_FROM_CUSTOMERS } from './lifecycle.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface Autopay {
  company_id: number;
  enrollment_id: number;
  customer_profile_token: string;
  payment_profile_token: string;
  date_from: string;
}

/** Autopay from `date_from` on; one active per enrollment (a unique index). */
export async function startAutopay(db: Db, autopay: Autopay, at: string): Promise<void> {
  await db
    .insertInto('recurring_billings')
    .values({ ...autopay, status: 'active', created_at: at, finished_at: null })
    .execute();
}

/** Ends the enrollment's active autopay, if it has one, and says what it was (to carry it over). */
export function finishAutopay(db: Db, enrollmentId: number, at: string) {
  return db
    .updateTable('recurring_billings')
    .set({ status: 'finished', finished_at: at })
    .where('enrollment_id', '=', enrollmentId)
    .where('status', '=', 'active')
    .returning(['company_id', 'customer_profile_token', 'payment_profile_token'])
    .executeTakeFirst();
}

/** The payment profiles an active autopay (recurring billing) charges, among these tokens. */
export async function activeAutopayTokens(db: Db, companyId: number, tokens: string[]): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const rows = await db
    .selectFrom('recurring_billings')
    .select('payment_profile_token')
    .where('company_id', '=', companyId)
    .where('status', '=', 'active')
    .where('payment_profile_token', 'in', tokens)
    .execute();
  return new Set(rows.map((r) => r.payment_profile_token));
}

/** The enrollment's newest autopay (its payment profile is the payments module's). */
export function latestAutopay(db: Db, companyId: number, enrollmentId: number) {
  return db
    .selectFrom('recurring_billings')
    .select(['enrollment_id', 'payment_profile_token', 'date_from', 'status'])
    .where('company_id', '=', companyId)
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function creditLettersOf(db: Db, companyId: number, enrollmentId: number) {
  return db
    .selectFrom('credit_letters')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('id', 'desc')
    .execute();
}

export function etfInvoicesOf(db: Db, companyId: number, enrollmentId: number) {
  return db
    .selectFrom('etf_invoices')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('id')
    .execute();
}

/** The letter awaiting review; at most one per enrollment (a unique index). */
export function pendingCreditLetterOf(db: Db, enrollmentId: number) {
  return db
    .selectFrom('credit_letters')
    .select('id')
    .where('enrollment_id', '=', enrollmentId)
    .where('status', '=', 0)
    .executeTakeFirst();
}

export async function insertCreditLetter(db: Db, letter: Insertable<CreditLettersTable>): Promise<void> {
  await db.insertInto('credit_letters').values(letter).execute();
}

export function insertEtfInvoice(
  db: Db,
  invoice: {
    company_id: number;
    enrollment_id: number;
    amount_cents: number;
    reason: string;
    created_at: string;
  },
) {
  return db
    .insertInto('etf_invoices')
    .values({ ...invoice, status: 'queued', resolved_at: null, resolved_by: null })
    .returning(['id', 'amount_cents', 'status'])
    .executeTakeFirstOrThrow();
}

/** Enrollments billed together: the same customer at the same billing address, as customers see them. */
export function billingGroupIds(
  db: Db,
  companyId: number,
  e: { customer_id: number; billing_address_1: string; billing_zipcode: string },
) {
  return db
    .selectFrom('enrollments')
    .select('id')
    .where('company_id', '=', companyId)
    .where('customer_id', '=', e.customer_id)
    .where('billing_address_1', '=', e.billing_address_1)
    .where('billing_zipcode', '=', e.billing_zipcode)
    .where('status', 'not in', HIDDEN_FROM_CUSTOMERS)
    .orderBy('id')
    .execute();
}

/** The newest enrollment of a meter and commodity that customers see. */
export function latestOfMeter(db: Db, companyId: number, ldcAccount: string, commodity: string) {
  return db
    .selectFrom('enrollments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('ldc_account', '=', ldcAccount)
    .where('commodity', '=', commodity)
    .where('status', 'not in', HIDDEN_FROM_CUSTOMERS)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
