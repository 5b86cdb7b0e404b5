import type { Static } from 'typebox';
import { ApiError } from '../../http/errors.js';
import { findCustomer } from '../customers/index.js';
import * as accounts from './account-store.js';
import type { AccountChangesDeps } from './changes-deps.js';
import { isLive } from './lifecycle.js';
import type { ExistsRepeatedBody, TransactionOptions, TransactionOptionsQuery } from './schemas.js';
import * as store from './store.js';

interface Identity {
  idCustomer?: number;
  firstName?: string;
  lastName?: string;
  firmName?: string;
  email?: string;
  phoneNumber?: string;
}

type TransactionOption =
  | 'NewEnrollment'
  | 'MoveIn'
  | 'Renewal'
  | 'TransferOfService'
  | 'ReEnroll'
  | 'Reinstatement';

const normalise = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();
const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/** Section 5's identification: what a meter already has, and whether the caller is its customer. */
export function createCustomerMatch({ db, core }: AccountChangesDeps) {
  /** Section 5's existence check: idCustomer, or firm name or first plus last name, and email or phone. */
  async function matchesCustomer(companyId: number, customerId: number, who: Identity) {
    if (who.idCustomer !== undefined) return who.idCustomer === customerId;
    const c = (await findCustomer(db, companyId, customerId))!;
    const named = who.firmName
      ? normalise(who.firmName) === normalise(c.firm_name)
      : normalise(who.firstName) === normalise(c.first_name) &&
        normalise(who.lastName) === normalise(c.last_name);
    const reached = who.email
      ? normalise(who.email) === normalise(c.email)
      : digits(who.phoneNumber) !== '' && digits(who.phoneNumber) === digits(c.phone);
    return named && reached;
  }

  /** What the customer of a meter may do next: a new enrollment, a move-in, a renewal, a transfer, a re-enrollment. */
  async function transactionOptions(
    companyId: number,
    query: Static<typeof TransactionOptionsQuery>,
  ): Promise<Static<typeof TransactionOptions>> {
    const errors = identityErrors(query);
    if (errors.length > 0) throw new ApiError('VALIDATION_FAILED', 'Identify the customer.', errors);
    const ldc = query.ldcNumber.replace(/[\s-]/g, '');
    const latest = await accounts.latestOfMeter(db, companyId, ldc, query.commodityType);
    if (!latest)
      return {
        ldc_exists: false,
        same_customer: false,
        id_previous_enrollment: null,
        previous_status: null,
        options: ['NewEnrollment' as const],
      };
    const same = await matchesCustomer(companyId, latest.customer_id, query);
    const view = await core.get(companyId, latest.id);
    const options: TransactionOption[] = [];
    if (!same) options.push(isLive(latest.status) ? 'MoveIn' : 'NewEnrollment');
    else if (latest.status === 'DROPPED') {
      if (view.showReEnroll) options.push('ReEnroll');
      if (view.showReinstatement) options.push('Reinstatement');
      if (options.length === 0) options.push('NewEnrollment');
    } else if (latest.status === 'ACTIVE') {
      if (view.isRenewable) options.push('Renewal');
      if (latest.service_state === 'TX') options.push('TransferOfService');
    }
    return {
      ldc_exists: true,
      same_customer: same,
      id_previous_enrollment: latest.id,
      previous_status: latest.status,
      options,
    };
  }

  async function existsRepeated(
    companyId: number,
    ldcNumber: string,
    planId: number | undefined,
    who: Static<typeof ExistsRepeatedBody>,
  ) {
    const ldc = ldcNumber.replace(/[\s-]/g, '');
    const live = await store.meterHolder(db, companyId, ldc);
    if (!live) return { data: false, id_previous_enrollment: null, same_plan: false, same_customer: false };
    const identified =
      (who.firstName && who.lastName) || who.firmName
        ? await matchesCustomer(companyId, live.customer_id, who)
        : false;
    return {
      data: true,
      id_previous_enrollment: live.id,
      same_plan: planId === live.plan_id,
      same_customer: identified,
    };
  }

  return { transactionOptions, existsRepeated };
}

function identityErrors(who: Identity): string[] {
  if (who.idCustomer !== undefined) return [];
  const errors: string[] = [];
  if (!who.firmName && !(who.firstName && who.lastName))
    errors.push('querystring.firmName: give firmName, or firstName and lastName (or idCustomer)');
  if (!who.email && !who.phoneNumber)
    errors.push('querystring.email: give email or phoneNumber (or idCustomer)');
  return errors;
}
