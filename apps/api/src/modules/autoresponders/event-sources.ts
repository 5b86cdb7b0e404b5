/**
 * What an autoresponder email says of the enrollment, customer, plan, payment, status change and brand behind its
 * event, and the default language, read through the modules that own them.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findCharge } from '../charges/index.js';
import { findCompanyBrand } from '../company/index.js';
import { findCustomer } from '../customers/index.js';
import { findEnrollmentById, statusHistory } from '../enrollments/index.js';
import { findPlanTerms } from '../plans/index.js';
import { listLanguages } from '../reference/index.js';
import type { EventContext } from './variables.js';

type Db = Kysely<Database>;

/** The enrollment with its customer and its plan; undefined when one of them is missing. */
export async function enrollmentContext(db: Db, enrollmentId: number) {
  const enrollment = await findEnrollmentById(db, enrollmentId);
  if (!enrollment) return undefined;
  const [customer, [plan]] = await Promise.all([
    findCustomer(db, enrollment.company_id, enrollment.customer_id),
    findPlanTerms(db, [enrollment.plan_version_id]),
  ]);
  return customer && plan ? { enrollment, customer, plan } : undefined;
}

export type EnrollmentContext = NonNullable<Awaited<ReturnType<typeof enrollmentContext>>>;

export async function paymentOf(
  db: Db,
  companyId: number,
  chargeId: number,
): Promise<EventContext['payment']> {
  const c = await findCharge(db, companyId, chargeId);
  return c
    ? { amountCents: c.amount_cents, date: c.updated_at.slice(0, 10), transactionType: c.transaction_type }
    : null;
}

/** The status an entry of the enrollment's status history moved it to. */
export async function historyStatus(db: Db, enrollmentId: number, historyId: number) {
  const history = await statusHistory(db, [enrollmentId]);
  return history.find((entry) => entry.id === historyId)?.to_status;
}

export async function brandOf(db: Db, companyId: number, brandId: number): Promise<EventContext['brand']> {
  const brand = await findCompanyBrand(db, companyId, brandId);
  return brand
    ? { name: brand.name, phone: brand.phone, url: brand.url, myAccountUrl: brand.my_account_url }
    : null;
}

/** The language marked default (the first one, should several be). */
export async function defaultLanguageId(db: Db): Promise<number | undefined> {
  return (await listLanguages(db, false)).find((l) => l.is_default === 1)?.id;
}
