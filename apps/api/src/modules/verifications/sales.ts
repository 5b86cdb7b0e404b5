/**
 * What the hand-over to a verification provider reads beyond the verifications' own rows, through the modules that
 * own it: the companies' providers (company), the sale's enrollment (enrollments, passed in by app.ts because
 * enrollments depend on verifications), its customer (customers), plan (plans) and the customer's language
 * (reference).
 */
import type { Kysely } from 'kysely';
import type { SaleToVerify } from '../../adapters/verification-provider/port.js';
import type { Database } from '../../db/schema.js';
import { verificationProviders } from '../company/index.js';
import { findCustomer } from '../customers/index.js';
import { findPlanTerms } from '../plans/index.js';
import { listLanguages } from '../reference/index.js';
import * as store from './store.js';

type Db = Kysely<Database>;

/** What the hand-over reads of a sale's enrollment (enrollments' `findEnrollmentById`). */
export interface SaleEnrollment {
  id: number;
  company_id: number;
  customer_id: number;
  plan_id: number;
  plan_version_id: number;
  service_address_1: string;
  service_city: string;
  service_state: string;
  service_zipcode: string;
}

export type FindSaleEnrollment = (enrollmentId: number) => Promise<SaleEnrollment | undefined>;

export type VerificationToDispatch = Awaited<ReturnType<typeof verificationsToDispatch>>[number];

/** NOT_SENT verifications due now and not given up, of companies that have a provider to hand them to; oldest first. */
export async function verificationsToDispatch(
  db: Db,
  nowSeconds: number,
  maxAttempts: number,
  limit: number,
) {
  const providers = new Map((await verificationProviders(db)).map((p) => [p.company_id, p]));
  if (providers.size === 0) return [];
  const due = await store.verificationsDue(db, [...providers.keys()], nowSeconds, maxAttempts, limit);
  return due.map((v) => {
    const { provider_url, provider_secret_sealed } = providers.get(v.company_id)!;
    return { ...v, provider_url, provider_secret_sealed };
  });
}

/** What the provider needs to call the customer: no SSN, no date of birth, no payment data. */
export async function saleToVerify(
  db: Db,
  findEnrollment: FindSaleEnrollment,
  id: number,
): Promise<SaleToVerify | undefined> {
  const verification = await store.findVerificationByPk(db, id);
  if (verification?.enrollment_id == null) return undefined;
  const enrollment = await findEnrollment(verification.enrollment_id);
  if (!enrollment) return undefined;
  const [customer, [plan], languages] = await Promise.all([
    findCustomer(db, enrollment.company_id, enrollment.customer_id),
    findPlanTerms(db, [enrollment.plan_version_id]),
    listLanguages(db, false),
  ]);
  if (!customer || !plan) return undefined;
  return {
    verificationId: verification.verification_id,
    enrollmentId: enrollment.id,
    customer: {
      firstName: customer.first_name,
      lastName: customer.last_name,
      firmName: customer.firm_name,
      phone: customer.phone,
      email: customer.email,
      language: languages.find((l) => l.id === customer.id_prefered_language)?.short_name ?? 'en',
    },
    plan: { id: plan.id, name: plan.name },
    serviceAddress: {
      address: enrollment.service_address_1,
      city: enrollment.service_city,
      state: enrollment.service_state,
      zipcode: enrollment.service_zipcode,
    },
  };
}
