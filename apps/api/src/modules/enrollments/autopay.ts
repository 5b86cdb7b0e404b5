import type { Static } from 'typebox';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { ApiError, notFound } from '../../http/errors.js';
import { findCustomerPaymentProfile, findShownProfile } from '../payments/index.js';
import * as accounts from './account-store.js';
import { type AccountChangesDeps, conflict, nowIso } from './changes-deps.js';
import { holdStatus } from './decision.js';
import { isLive, PRE_SUBMISSION } from './lifecycle.js';
import type { RecurringBilling, RecurringBillingRequest } from './schemas.js';
import * as store from './store.js';

// Stryker disable all: reached only on PostgreSQL, where set-ups run side by side (SQLite runs one transaction at a
// time, so each finishes the one before it); the PostgreSQL race test in account-changes-concurrency pins it.
/** Two autopay set-ups of one enrollment at once: the unique index let the other one through. */
function autopaySetUpRace(error: unknown): never {
  if (!isUniqueViolation(error)) throw error;
  throw conflict(
    'Another autopay set-up of this enrollment was saved at the same moment; read it again.',
    'recurring billing: changed meanwhile',
  );
}
// Stryker restore all

/** Autopay (recurring billing) of an enrollment: shown, set up on a payment profile of the customer's, ended. */
export function createAutopay({ db, clock, core }: AccountChangesDeps) {
  async function recurringBilling(
    companyId: number,
    enrollmentId: number,
  ): Promise<Static<typeof RecurringBilling>> {
    const row = await accounts.latestAutopay(db, companyId, enrollmentId);
    if (!row) throw notFound(`Recurring billing of enrollment ${enrollmentId}`);
    const profile = await findShownProfile(db, companyId, row.payment_profile_token);
    const card = profile?.id_payment_type === 1;
    return {
      idEnrollment: row.enrollment_id,
      paymentProfileToken: row.payment_profile_token,
      dateFrom: row.date_from,
      status: row.status,
      paymentType: profile ? (card ? 'CreditCard' : 'BankAccount') : null,
      cardType: card ? profile.card_type : null,
      cardNumber: card && profile.last4 ? `XXXX${profile.last4}` : null,
      cardExpirationDate: card ? profile.expiration_date : null,
      accountNumber: !card && profile?.last4 ? `XXXX${profile.last4}` : null,
      accountType: !card ? (profile?.account_type ?? null) : null,
    };
  }

  async function setRecurringBilling(
    companyId: number,
    enrollmentId: number,
    body: Static<typeof RecurringBillingRequest>,
  ) {
    const e = await core.row(companyId, enrollmentId);
    if (!isLive(e.status))
      throw conflict('Autopay can be set up only on a live enrollment.', `status: ${e.status}`);
    const profile = await findCustomerPaymentProfile(db, companyId, e.customer_id, {
      customerProfileToken: body.customer_profile_token,
      paymentProfileToken: body.payment_profile_token,
    });
    if (!profile)
      throw new ApiError('VALIDATION_FAILED', 'That payment profile is not one of this customer.', [
        'payment_profile_token: unknown for this customer',
      ]);
    // The new payment profile replaces the active one; two set-ups at once: the unique index lets one through.
    await db
      .transaction()
      .execute(async (trx) => {
        await accounts.finishAutopay(trx, e.id, nowIso(clock));
        const autopay = {
          company_id: companyId,
          enrollment_id: e.id,
          customer_profile_token: body.customer_profile_token,
          payment_profile_token: body.payment_profile_token,
          date_from: body.date_from,
        };
        await accounts.startAutopay(trx, autopay, nowIso(clock));
      })
      .catch(autopaySetUpRace);
    // Autopay releases the autopay hold of an enrollment not yet sent to billing; one the billing system already has
    // (autopay ended, then set up again) only records it: re-deciding would try to move it back to the queue.
    const awaitsAutopay =
      (PRE_SUBMISSION as readonly string[]).includes(e.status) &&
      holdStatus(e) === 'ON_HOLD_AUTOPAY_SETUP_REQUIRED';
    if (awaitsAutopay) {
      await core.redecide(companyId, e.id, { autopay_active: 1 }, 'system', 'Autopay set up');
    } else {
      await store.updateEnrollment(db, clock, e.id, { autopay_active: 1 });
    }
    return recurringBilling(companyId, e.id);
  }

  async function finishRecurringBilling(companyId: number, enrollmentId: number) {
    const e = await core.row(companyId, enrollmentId);
    const finished = await db
      .transaction()
      .execute((trx) => accounts.finishAutopay(trx, e.id, nowIso(clock)));
    if (!finished) throw notFound(`Active recurring billing of enrollment ${enrollmentId}`);
    await store.updateEnrollment(db, clock, e.id, { autopay_active: 0 });
    return recurringBilling(companyId, e.id);
  }

  return { recurringBilling, setRecurringBilling, finishRecurringBilling };
}
