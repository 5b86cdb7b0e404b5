import type { Static } from 'typebox';
import { ApiError } from '../../http/errors.js';
import { updateCustomer } from '../customers/index.js';
import { type AccountChangesDeps, conflict, nowIso } from './changes-deps.js';
import { type EnrollmentStatus, HOLD_STATUSES } from './lifecycle.js';
import type { EnrollmentCorrection } from './schemas.js';
import * as store from './store.js';

/** Where staff may correct an enrollment: refused by the billing system, or held, before it is sent again. */
const CORRECTABLE: readonly EnrollmentStatus[] = ['SUBMITTED_WITH_ERRORS', ...HOLD_STATUSES];

const digits = (value: string) => value.replace(/\D/g, '');

/** The corrected fields, named as staff read them in the history ("service address, last name"). */
function changedFields(input: Static<typeof EnrollmentCorrection>): string[] {
  const customer = input.customer ?? {};
  return [
    ...(input.serviceAddress ? ['service address'] : []),
    ...(input.billingAddress ? ['billing address'] : []),
    ...(customer.firstName ? ['first name'] : []),
    ...(customer.lastName ? ['last name'] : []),
    ...(customer.email ? ['email'] : []),
    ...(customer.phone ? ['phone'] : []),
  ];
}

/** An agent's correction of what the billing system (or a hold) found wrong, recorded in the status history. */
export function createCorrections({ db, clock, core, utilities }: AccountChangesDeps) {
  async function correct(
    companyId: number,
    id: number,
    input: Static<typeof EnrollmentCorrection>,
    by: string,
  ): Promise<string[]> {
    const e = await core.row(companyId, id);
    if (!CORRECTABLE.includes(e.status as EnrollmentStatus))
      throw conflict(
        `Only a refused or held enrollment can be corrected; this one is ${e.status}.`,
        `status: ${e.status}`,
      );
    const fields = changedFields(input);
    if (fields.length === 0)
      throw new ApiError('VALIDATION_FAILED', 'Send at least one field to correct.', [
        'body: serviceAddress, billingAddress or customer is required',
      ]);
    const service = input.serviceAddress;
    if (service && !(await utilities.servesZipcode(e.utility_id, service.zipcode)))
      throw new ApiError(
        'VALIDATION_FAILED',
        'The corrected service address is outside the utility’s territory.',
        [`serviceAddress.zipcode: ${service.zipcode} is not served by the enrollment's utility`],
      );
    const billing = input.billingAddress;
    const customer = input.customer ?? {};
    const now = nowIso(clock);
    await db.transaction().execute(async (trx) => {
      // The same status, guarded by it: a correction racing a release or a retry loses cleanly (409).
      await store.transition(
        trx,
        clock,
        e,
        e.status as EnrollmentStatus,
        'agent',
        `Corrected by ${by} (${fields.join(', ')}): ${input.reason}`,
        {
          ...(service
            ? {
                service_address_1: service.address,
                service_address_2: service.address2 ?? null,
                service_city: service.city,
                service_zipcode: service.zipcode,
              }
            : {}),
          ...(billing
            ? {
                billing_address_1: billing.address,
                billing_address_2: billing.address2 ?? null,
                billing_city: billing.city,
                billing_state: billing.state,
                billing_zipcode: billing.zipcode,
              }
            : {}),
        },
      );
      const contact = {
        ...(customer.firstName ? { first_name: customer.firstName.trim() } : {}),
        ...(customer.lastName ? { last_name: customer.lastName.trim() } : {}),
        ...(customer.email ? { email: customer.email.trim() } : {}),
        ...(customer.phone ? { phone: digits(customer.phone) } : {}),
      };
      if (Object.keys(contact).length > 0) await updateCustomer(trx, e.customer_id, contact, now);
    });
    return fields;
  }

  return { correct };
}
