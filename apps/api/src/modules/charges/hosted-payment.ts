import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { findCompanySettings, findFirstBrand } from '../company/index.js';
import { type EnrollmentRow, findEnrollmentById, isDepositDue } from '../enrollments/index.js';
import { customerProfiles, findProfileByToken } from '../payments/index.js';
import { allowedReturnUrl, registeredOriginsOf } from './return-urls.js';
import type { ChargesService } from './service.js';

/** A deposit is due while it is pending or its charge failed: the page then takes exactly the deposit. */
const depositDue = (e: EnrollmentRow) => isDepositDue(e.deposit_status);

/**
 * The hosted payment page's rules: which enrollment a signed link stands for, where the browser goes back to, what
 * the page offers, and the one payment a link makes (through the charges service, as every payment).
 */
export function createHostedPayment({ db, charges }: { db: Kysely<Database>; charges: ChargesService }) {
  async function returnOrigins(companyId: number) {
    const settings = await findCompanySettings(db, companyId);
    return registeredOriginsOf(settings?.payment_return_origins ?? '[]');
  }

  return {
    returnOrigins,

    /**
     * The enrollment of a link whose signature held, with its return URLs checked again: they were allowed when the
     * link was made, and the company may have removed the origin since.
     */
    async linkedEnrollment(enrollmentId: number, query: URLSearchParams) {
      const enrollment = await findEnrollmentById(db, enrollmentId);
      if (!enrollment) throw new ApiError('PAYMENT_LINK_INVALID', 'This payment link is not valid.');
      const origins = await returnOrigins(enrollment.company_id);
      return {
        enrollment,
        success: allowedReturnUrl(query.get('success') ?? '', origins, 'callbackSuccessURL'),
        error: allowedReturnUrl(query.get('error') ?? '', origins, 'callbackErrorURL'),
      };
    },

    /** What the page shows: the brand, the amount due (a deposit) and the customer's saved profiles. */
    async pageFacts(e: EnrollmentRow) {
      const [brand, profiles] = await Promise.all([
        findFirstBrand(db, e.company_id),
        customerProfiles(db, e.customer_id),
      ]);
      return {
        brandName: brand.name,
        amountDue: depositDue(e) ? e.deposit_amount_cents / 100 : null,
        profiles: profiles.map((p) => ({
          token: p.payment_profile_token,
          // Stryker disable next-line StringLiteral: the gateways name every card's type; 'Card' is only a safeguard
          label: `${p.card_type ?? (p.id_payment_type === 1 ? 'Card' : 'Bank account')} ending ${p.last4}`,
        })),
      };
    },

    /**
     * The form's payment, once per link and payment method: a second submit of the same method replays the first
     * (its Idempotency-Key is the link's signature and the method), while another method after a decline is a new
     * attempt, as a customer whose card was declined expects.
     */
    async pay(
      e: EnrollmentRow,
      form: { paymentProfileToken?: string; amount?: string },
      linkSignature: string,
    ) {
      const profile = form.paymentProfileToken
        ? await findProfileByToken(db, e.company_id, form.paymentProfileToken)
        : undefined;
      if (profile?.customer_id !== e.customer_id)
        throw new ApiError('PAYMENT_PROFILE_UNKNOWN', 'Choose a saved card or bank account.');
      const amount = Number(form.amount);
      if (!Number.isFinite(amount) || amount <= 0)
        throw new ApiError('VALIDATION_FAILED', 'Enter an amount.', ['amount: must be a positive number']);
      // While a deposit is due the page takes the deposit, so pay's deposit rule holds it to exactly the amount due.
      return charges.pay(
        e.company_id,
        e.customer_id,
        {
          idEnrollment: e.id,
          customerProfileToken: profile.customer_profile_token,
          paymentProfileToken: profile.payment_profile_token,
          amount,
          isDepositPayment: depositDue(e),
        },
        `hosted-${linkSignature}-${profile.payment_profile_token}`,
      );
    },
  };
}

export type HostedPayment = ReturnType<typeof createHostedPayment>;
