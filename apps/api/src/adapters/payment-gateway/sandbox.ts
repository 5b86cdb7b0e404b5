import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type {
  SandboxGatewayPaymentProfilesTable,
  SandboxGatewayTransactionsTable,
} from '../../db/tables/payments.js';
import { cardTypeOf, isExpired, lastFour, passesAbaChecksum, passesLuhn } from './numbers.js';
import {
  type ChargeResult,
  GatewayRejectedError,
  GatewayUnavailableError,
  type PaymentGateway,
  type PaymentMethodInput,
  type StoredPaymentProfile,
} from './port.js';
import type { SandboxHostedForms } from './sandbox-hosted-form.js';
import * as store from './store.js';

/**
 * The in-process sandbox gateway, used by every company without a live gateway account. It behaves like
 * Authorize.Net (same E-codes, same duplicate and lookup behaviour) and keeps its state in its own tables
 * (`sandbox_gateway_*`), so it survives restarts and serves several API processes on one database. It never
 * stores a full number: the outcome a number drives is decided when the number is saved.
 *
 * Sandbox test values — the last four digits of the card number or the bank account number:
 *
 * | ends in | e.g.                              | outcome                                                                      |
 * |---------|-----------------------------------|------------------------------------------------------------------------------|
 * | 0002    | 4000000000000002, account …0002   | declined when saved (E00027, as a live-mode validation)                      |
 * | 0010    | 4000000000000010, account …0010   | saved; every charge on it is declined (reason 2)                             |
 * | 0019    | 4000000000010019, account …0019   | saved; a charge is recorded, then the call times out: findCharge finds it    |
 * | 0027    | 4000000000010027, account …0027   | saved; a charge fails with a connection error before anything is charged     |
 * | 0035    | 4000000000010035, account …0035   | the gateway is unreachable while saving it: nothing is saved                 |
 * | other   | 4111111111111111, 5424000000000015 | approved                                                                     |
 *
 * Numbers must be real test numbers all the same: cards pass the Luhn check (else E00013) and must not be
 * expired (E00027); routing numbers pass the ABA checksum (else E00013). These values are inert elsewhere.
 *
 * Its hosted form (`hostedProfilePage`) is served by the Voltin server itself (sandbox-hosted-form.ts for its tokens,
 * sandbox-form-page.ts for its pages), and saves through `createPaymentProfile` below, so the same values apply there.
 */

type Behaviour =
  | 'decline-on-save'
  | 'unavailable-on-save'
  | 'decline'
  | 'timeout-after-charge'
  | 'connection-error';

/**
 * The sandbox's test values, as integrators read them (the docs list this table): the last four digits of a
 * card number or bank account number decide what the sandbox does with it. Any other valid number is approved.
 */
export const SANDBOX_GATEWAY_TEST_VALUES: ReadonlyArray<{
  ending: string;
  exampleCard: string;
  behaviour: Behaviour;
  outcome: string;
}> = [
  {
    ending: '0002',
    exampleCard: '4000000000000002',
    behaviour: 'decline-on-save',
    outcome: 'Declined when saved (E00027, as a live-mode validation): PAYMENT_DECLINED.',
  },
  {
    ending: '0010',
    exampleCard: '4000000000000010',
    behaviour: 'decline',
    outcome: 'Saved; every charge on it is declined (reason code 2).',
  },
  {
    ending: '0019',
    exampleCard: '4000000000010019',
    behaviour: 'timeout-after-charge',
    outcome:
      'Saved; a charge is recorded and then the call times out, so a later look-up by reference finds it.',
  },
  {
    ending: '0027',
    exampleCard: '4000000000010027',
    behaviour: 'connection-error',
    outcome: 'Saved; a charge fails with a connection error before anything is charged.',
  },
  {
    ending: '0035',
    exampleCard: '4000000000010035',
    behaviour: 'unavailable-on-save',
    outcome: 'The gateway does not answer while saving it: UPSTREAM_UNAVAILABLE, nothing saved.',
  },
];

const behaviourOf = (digits: string): Behaviour | 'approve' =>
  SANDBOX_GATEWAY_TEST_VALUES.find((v) => digits.endsWith(v.ending))?.behaviour ?? 'approve';

const numberOf = (method: PaymentMethodInput) =>
  method.type === 'CreditCard' ? method.cardNumber : method.accountNumber;
const token = (prefix: string) => `${prefix}${randomBytes(9).toString('hex')}`;
const transactionId = () => String(60_000_000_000 + randomInt(0, 2 ** 40));
const authCode = () => randomBytes(3).toString('hex').toUpperCase();

function validate(method: PaymentMethodInput): void {
  if (method.type === 'CreditCard') {
    if (!passesLuhn(method.cardNumber)) throw new GatewayRejectedError('E00013', 'Card Number is invalid.');
    if (!/^\d{4}-\d{2}$/.test(method.expirationDate) || isExpired(method.expirationDate)) {
      throw new GatewayRejectedError('E00027', 'The credit card has expired.');
    }
  } else {
    if (!passesAbaChecksum(method.routingNumber))
      throw new GatewayRejectedError('E00013', 'Routing Number is invalid.');
    if (!/^\d{4,17}$/.test(method.accountNumber))
      throw new GatewayRejectedError('E00013', 'Account Number is invalid.');
  }
  const behaviour = behaviourOf(numberOf(method));
  if (behaviour === 'decline-on-save') {
    throw new GatewayRejectedError('E00027', 'The transaction was unsuccessful.');
  }
  if (behaviour === 'unavailable-on-save') {
    throw new GatewayUnavailableError('The sandbox gateway did not answer (test value ending 0035).');
  }
}

function columnsOf(method: PaymentMethodInput) {
  const behaviour = behaviourOf(numberOf(method));
  return method.type === 'CreditCard'
    ? {
        type: 'CreditCard',
        card_type: cardTypeOf(method.cardNumber),
        last4: lastFour(method.cardNumber),
        expiration_date: method.expirationDate,
        account_type: null,
        routing_last4: null,
        behaviour,
      }
    : {
        type: 'BankAccount',
        card_type: null,
        last4: lastFour(method.accountNumber),
        expiration_date: null,
        account_type: method.accountType,
        routing_last4: lastFour(method.routingNumber),
        behaviour,
      };
}

function storedOf(row: Selectable<SandboxGatewayPaymentProfilesTable>): StoredPaymentProfile {
  return {
    paymentProfileToken: row.token,
    type: row.type as StoredPaymentProfile['type'],
    cardType: row.card_type,
    last4: row.last4,
    expirationDate: row.expiration_date,
    accountType: row.account_type,
    routingLast4: row.routing_last4,
  };
}

function resultOf(row: Selectable<SandboxGatewayTransactionsTable>): ChargeResult {
  return row.status === 'approved'
    ? { status: 'approved', transactionId: row.transaction_id, authCode: row.auth_code ?? '' }
    : {
        status: 'declined',
        transactionId: row.transaction_id,
        reasonCode: row.reason_code ?? '2',
        reasonText: row.reason_text ?? 'This transaction has been declined.',
      };
}

const notFound = () => new GatewayRejectedError('E00040', 'The record cannot be found.');

/**
 * The company's sandbox gateway. `forms` serves its hosted form; tools and tests that reach the gateway without a
 * Voltin server (which serves the form) leave it out, and the gateway then has no hosted form to offer.
 */
export function createSandboxGateway(
  db: Kysely<Database>,
  companyId: number,
  forms?: SandboxHostedForms,
): PaymentGateway {
  const now = () => new Date().toISOString();

  async function paymentProfile(customerProfileToken: string, paymentProfileToken: string) {
    const row = await store.findSandboxPaymentProfile(
      db,
      companyId,
      customerProfileToken,
      paymentProfileToken,
    );
    if (!row) throw notFound();
    return row;
  }

  async function customerExists(customerProfileToken: string) {
    if (!(await store.sandboxCustomerProfileExists(db, companyId, customerProfileToken))) throw notFound();
  }

  const transactionByReference = (kind: string, reference: string) =>
    store.findSandboxTransactionByReference(db, companyId, kind, reference);

  /** Records a transaction once per reference: a retry (or a racing node) gets the first result back. */
  async function record(row: Omit<Selectable<SandboxGatewayTransactionsTable>, 'company_id' | 'created_at'>) {
    try {
      await store.insertSandboxTransaction(db, { ...row, company_id: companyId, created_at: now() });
      return resultOf({ ...row, company_id: companyId, created_at: '' });
    } catch (error) {
      const existing = await transactionByReference(row.kind, row.reference);
      if (existing) return resultOf(existing);
      throw error;
    }
  }

  return {
    name: 'Sandbox',

    async createCustomerProfile(input) {
      const existing = () => store.findSandboxCustomerProfileOf(db, companyId, input.merchantCustomerId);
      const found = await existing();
      if (found) return { customerProfileToken: found.token };
      const customerProfileToken = token('sbx_cus_');
      try {
        await store.insertSandboxCustomerProfile(db, {
          token: customerProfileToken,
          company_id: companyId,
          merchant_customer_id: input.merchantCustomerId,
          email: input.email,
          description: input.description,
          created_at: now(),
        });
        return { customerProfileToken };
      } catch (error) {
        const raced = await existing();
        if (raced) return { customerProfileToken: raced.token };
        throw error;
      }
    },

    async createPaymentProfile(customerProfileToken, method) {
      await customerExists(customerProfileToken);
      validate(method);
      const row = {
        token: token('sbx_pp_'),
        company_id: companyId,
        customer_profile_token: customerProfileToken,
        ...columnsOf(method),
        created_at: now(),
        deleted_at: null,
      };
      await store.insertSandboxPaymentProfile(db, row);
      return storedOf(row);
    },

    async updatePaymentProfile(customerProfileToken, paymentProfileToken, method) {
      await paymentProfile(customerProfileToken, paymentProfileToken);
      validate(method);
      await store.updateSandboxPaymentProfile(db, companyId, paymentProfileToken, columnsOf(method));
      return storedOf(await paymentProfile(customerProfileToken, paymentProfileToken));
    },

    async listPaymentProfiles(customerProfileToken) {
      await customerExists(customerProfileToken);
      const rows = await store.listSandboxPaymentProfiles(db, companyId, customerProfileToken);
      return rows.map(storedOf);
    },

    async deletePaymentProfile(customerProfileToken, paymentProfileToken) {
      await paymentProfile(customerProfileToken, paymentProfileToken);
      await store.updateSandboxPaymentProfile(db, companyId, paymentProfileToken, { deleted_at: now() });
    },

    async hostedProfilePage(request) {
      await customerExists(request.customerProfileToken);
      if (!forms) throw new GatewayUnavailableError('No Voltin server serves the sandbox hosted form here.');
      return forms.issue(companyId, request);
    },

    async charge(request) {
      const earlier = await transactionByReference('charge', request.reference);
      if (earlier) return resultOf(earlier);
      const profile = await paymentProfile(request.customerProfileToken, request.paymentProfileToken);
      if (profile.behaviour === 'connection-error') {
        throw new GatewayUnavailableError(
          'The sandbox gateway could not be reached (test value ending 0027).',
        );
      }
      const declined = profile.behaviour === 'decline';
      const result = await record({
        transaction_id: transactionId(),
        kind: 'charge',
        reference: request.reference,
        customer_profile_token: request.customerProfileToken,
        payment_profile_token: request.paymentProfileToken,
        amount_cents: request.amountCents,
        status: declined ? 'declined' : 'approved',
        auth_code: declined ? null : authCode(),
        reason_code: declined ? '2' : null,
        reason_text: declined ? 'This transaction has been declined.' : null,
        refunded_transaction_id: null,
      });
      if (profile.behaviour === 'timeout-after-charge') {
        throw new GatewayUnavailableError(
          'The sandbox gateway did not answer in time (test value ending 0019).',
        );
      }
      return result;
    },

    async refund(request) {
      const earlier = await transactionByReference('refund', request.reference);
      if (earlier) return resultOf(earlier);
      const original = await store.findSandboxTransaction(db, companyId, request.transactionId, 'charge');
      const refusal =
        original?.status !== 'approved'
          ? 'The referenced transaction does not meet the criteria for issuing a credit.'
          : request.amountCents > original.amount_cents
            ? 'The sum of credits against the referenced transaction would exceed the original debit amount.'
            : null;
      return record({
        transaction_id: transactionId(),
        kind: 'refund',
        reference: request.reference,
        customer_profile_token: request.customerProfileToken,
        payment_profile_token: request.paymentProfileToken,
        amount_cents: request.amountCents,
        status: refusal ? 'declined' : 'approved',
        auth_code: refusal ? null : authCode(),
        reason_code: refusal ? (original ? '55' : '54') : null,
        reason_text: refusal,
        refunded_transaction_id: request.transactionId,
      });
    },

    async findCharge(reference) {
      const row =
        (await transactionByReference('charge', reference)) ??
        (await transactionByReference('refund', reference));
      return row ? resultOf(row) : null;
    },

    async transactionDetails(transactionId) {
      const row = await store.findSandboxTransaction(db, companyId, transactionId);
      if (!row) return null;
      const refunded = await store.findApprovedSandboxRefundOf(db, companyId, transactionId);
      return {
        transactionId: row.transaction_id,
        kind: row.kind === 'refund' ? 'refund' : 'charge',
        state: row.status !== 'approved' ? 'declined' : refunded ? 'returned' : 'captured',
        amountCents: row.amount_cents,
        customerProfileToken: row.customer_profile_token,
        paymentProfileToken: row.payment_profile_token,
        reference: row.reference,
      };
    },
  };
}
