import dayjs from 'dayjs';
import { ApiFailure, isApiFailure } from '../../lib/api';
import type { CustomerEnrollment, CustomerProfile } from './api/get-customer';

/**
 * What the console offers on a customer's behalf, and when. The server has the last word on every rule (the
 * customer's own rules, the lifecycle): the console only spares the staff an action that could not succeed.
 */

export type Payment = CustomerProfile['payments'][number];

/** How bills reach the customer: the API's id_method_delivery (1 email, 2 letter, 3 email and letter). */
export const DELIVERY_METHODS = [
  { value: 1, label: 'Email' },
  { value: 2, label: 'Letter' },
  { value: 3, label: 'Email and letter' },
] as const;

export const deliveryLabel = (method: number) =>
  DELIVERY_METHODS.find((m) => m.value === method)?.label ?? `Method ${method}`;

const ENDED = new Set(['DROPPED', 'CANCELLED', 'ARCHIVED']);

/** An enrollment that still holds its meter (not dropped, cancelled or archived). */
export const isLive = (status: string) => !ENDED.has(status);

/** A drop ends service on a date (ACTIVE) or cancels an enrollment whose service has not started. */
export const canDrop = (status: string) => isLive(status) && status !== 'DROP_PENDING';

/** Renewal and transfer continue an enrollment being served. */
export const canRenew = (status: string) => status === 'ACTIVE';

/** A transfer of service is offered in Texas only: the profile's service area is "City, ST". */
export const isTexas = (enrollment: Pick<CustomerEnrollment, 'serviceArea'>) =>
  /,\s*TX$/.test(enrollment.serviceArea.trim());

export const canTransfer = (enrollment: Pick<CustomerEnrollment, 'status' | 'serviceArea'>) =>
  enrollment.status === 'ACTIVE' && isTexas(enrollment);

/** The bill payments a refund may give back: a one-time or autopay payment (a deposit is returned on the final bill). */
const BILL_PAYMENTS = new Set(['ONE_TIME_PAYMENT', 'RECURRING_BILLING']);

const cents = (dollars: number) => Math.round(dollars * 100);

/** Dollars left to refund of a payment (refunds waiting for the gateway count as refunded). */
export const refundableOf = (payment: Pick<Payment, 'amount' | 'refunded'>) =>
  Math.max(0, cents(payment.amount) - cents(payment.refunded)) / 100;

export const isRefundable = (payment: Payment) =>
  BILL_PAYMENTS.has(payment.type) && payment.status === 'approved' && refundableOf(payment) > 0;

/**
 * The first day a change may take effect: today where the server counts days (UTC) or here, whichever is later, so
 * a day offered is never refused as past.
 */
export function earliestDay(): string {
  const local = dayjs().format('YYYY-MM-DD');
  const server = new Date().toISOString().slice(0, 10);
  return [local, server].sort()[1]!;
}

/**
 * The server's problems per field of a form: each `errors` line names its field first ("effectiveDate: before
 * today", "body.serviceAddress.zipcode: must match pattern"). A line goes to the deepest form path it names; the
 * lines no field claims stay in the failure the dialog shows above its buttons.
 */
export function splitFailure<P extends string>(
  error: unknown,
  paths: readonly P[],
): { fields: Partial<Record<P, string>>; rest: unknown } {
  if (!isApiFailure(error)) return { fields: {}, rest: error };
  const fields: Partial<Record<P, string>> = {};
  const rest: string[] = [];
  for (const line of error.errors) {
    const match = /^([\w.[\]]+):\s*(.+)$/.exec(line);
    const named = match?.[1]?.replace(/^body\./, '').replace(/\[(\d+)\]/g, '.$1');
    const path = named
      ? [...paths].sort((a, b) => b.length - a.length).find((p) => named === p || named.startsWith(`${p}.`))
      : undefined;
    if (!path || !match) {
      rest.push(line);
      continue;
    }
    const sentence = match[2]!.charAt(0).toUpperCase() + match[2]!.slice(1);
    fields[path] = fields[path] ? `${fields[path]}; ${match[2]}` : sentence;
  }
  return {
    fields,
    rest: new ApiFailure(
      error.status,
      error.code,
      error.message,
      rest,
      error.retryAfterSeconds,
      error.requestId,
    ),
  };
}

/** "in 12 minutes", "in a minute": how long a 429 asks to wait, for a sentence. */
export function waitFor(seconds: number | null): string {
  if (seconds === null) return 'later';
  if (seconds < 90) return seconds <= 60 ? 'in a minute' : 'in 2 minutes';
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

type Wording = string | ((failure: ApiFailure) => string);

/**
 * A failure said in the words of the dialog that met it: the codes named get their own sentence (the server's
 * reference and problem lines are kept); any other failure is shown as the server said it.
 */
export function reworded(error: unknown, wording: Partial<Record<ApiFailure['code'], Wording>>): unknown {
  if (!isApiFailure(error)) return error;
  const say = wording[error.code];
  if (say === undefined) return error;
  const message = typeof say === 'function' ? say(error) : say;
  return new ApiFailure(
    error.status,
    error.code,
    message,
    error.errors,
    error.retryAfterSeconds,
    error.requestId,
  );
}

/**
 * A refused submit (the form's checks, or the server's problems per field) takes the keyboard to the first field in
 * error. `formName` is the form's `name` in useForm, which scopes its fields' `data-path`.
 */
export function focusFirstError(formName: string, errors: Record<string, unknown>) {
  const first = Object.keys(errors).find((path) => errors[path]);
  if (first) document.querySelector<HTMLElement>(`[data-path="${formName}-${first}"]`)?.focus();
}
