import type { CustomerProfile } from '../customers/api/get-customer';
import { formatPhone } from '../customers/model';
import type { CorrectionInput } from './api/correct-enrollment';
import type { Address } from './api/get-enrollment-page';

/**
 * The "Correct…" dialog's model: the form's values, what the enrollment holds now (the baseline), and the request
 * that sends only what the agent changed (POST /enrollments/{id}/correct).
 */

export interface AddressValues {
  address: string;
  address2: string;
  city: string;
  /** The service address's state is the utility's: shown, never sent. */
  state: string;
  zipcode: string;
}

export interface CustomerValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface CorrectionValues {
  customer: CustomerValues;
  serviceAddress: AddressValues;
  /** Bills go to the service address: the billing address follows it. */
  billingSameAsService: boolean;
  billingAddress: AddressValues;
  reason: string;
  /** SUBMITTED_WITH_ERRORS only: send it to the billing system again at once. */
  resubmit: boolean;
}

/** What the enrollment holds when the dialog opens; `customer` is null until the customer's profile is read. */
export interface CorrectionBaseline {
  customer: CustomerValues | null;
  serviceAddress: AddressValues;
  billingAddress: AddressValues;
}

export const addressValuesOf = (address: Address): AddressValues => ({
  address: address.address_1,
  address2: address.address_2 ?? '',
  city: address.city,
  state: address.state,
  zipcode: address.correspondence_zip,
});

export const customerValuesOf = (customer: CustomerProfile): CustomerValues => ({
  firstName: customer.firstName,
  lastName: customer.lastName,
  email: customer.email ?? '',
  phone: formatPhone(customer.phone) ?? '',
});

export const emptyCustomer: CustomerValues = { firstName: '', lastName: '', email: '', phone: '' };

export const digitsOf = (value: string) => value.replace(/\D/g, '');

const ADDRESS_KEYS = ['address', 'address2', 'city', 'state', 'zipcode'] as const;
const normal = (value: string) => value.trim();

/** The same address, blanks around the words aside (a state in either case). */
export const sameAddressValues = (a: AddressValues, b: AddressValues) =>
  ADDRESS_KEYS.every((key) =>
    key === 'state'
      ? normal(a.state).toUpperCase() === normal(b.state).toUpperCase()
      : normal(a[key]) === normal(b[key]),
  );

/** The billing address the values describe: the service address's when bills go there. */
export const billingOf = (values: CorrectionValues): AddressValues =>
  values.billingSameAsService ? values.serviceAddress : values.billingAddress;

/** Whether the service address differs from the enrollment's (its state is the utility's and cannot change). */
export const serviceChanged = (values: CorrectionValues, baseline: CorrectionBaseline) =>
  !sameAddressValues({ ...values.serviceAddress, state: '' }, { ...baseline.serviceAddress, state: '' });

export const billingChanged = (values: CorrectionValues, baseline: CorrectionBaseline) =>
  !sameAddressValues(billingOf(values), baseline.billingAddress);

const CUSTOMER_FIELDS = [
  ['firstName', 'first name'],
  ['lastName', 'last name'],
  ['email', 'email'],
  ['phone', 'phone'],
] as const;

/** Whether one of the customer's fields differs from the profile (a phone by its digits). */
export function customerFieldChanged(
  values: CorrectionValues,
  baseline: CorrectionBaseline,
  field: keyof CustomerValues,
): boolean {
  if (!baseline.customer) return false;
  const now = values.customer[field];
  const before = baseline.customer[field];
  return field === 'phone' ? digitsOf(now) !== digitsOf(before) : normal(now) !== normal(before);
}

type Changes = Pick<CorrectionInput, 'serviceAddress' | 'billingAddress' | 'customer'>;

/**
 * What the values change, as the request's fields (an address is sent whole, the customer's fields one by one), and
 * the names the history will give them, in the API's order ("service address, last name").
 */
export function correctionOf(
  values: CorrectionValues,
  baseline: CorrectionBaseline,
): { changes: Changes; fields: string[] } {
  const changes: Changes = {};
  const fields: string[] = [];
  const service = values.serviceAddress;
  if (serviceChanged(values, baseline)) {
    changes.serviceAddress = {
      address: normal(service.address),
      address2: normal(service.address2) || null,
      city: normal(service.city),
      zipcode: normal(service.zipcode),
    };
    fields.push('service address');
  }
  if (billingChanged(values, baseline)) {
    const billing = billingOf(values);
    changes.billingAddress = {
      address: normal(billing.address),
      address2: normal(billing.address2) || null,
      city: normal(billing.city),
      state: normal(billing.state).toUpperCase(),
      zipcode: normal(billing.zipcode),
    };
    fields.push('billing address');
  }
  const customer: NonNullable<Changes['customer']> = {};
  for (const [field, label] of CUSTOMER_FIELDS) {
    if (!customerFieldChanged(values, baseline, field)) continue;
    const value = values.customer[field];
    customer[field] = field === 'phone' ? digitsOf(value) : normal(value);
    fields.push(label);
  }
  if (Object.keys(customer).length > 0) changes.customer = customer;
  return { changes, fields };
}

/** The fields of the form the API's `errors` lines may name ("serviceAddress.zipcode: …"), in the form's order. */
export const CORRECTION_FIELDS = [
  'customer.firstName',
  'customer.lastName',
  'customer.email',
  'customer.phone',
  'serviceAddress.address',
  'serviceAddress.address2',
  'serviceAddress.city',
  'serviceAddress.zipcode',
  'billingAddress.address',
  'billingAddress.address2',
  'billingAddress.city',
  'billingAddress.state',
  'billingAddress.zipcode',
  'reason',
] as const;
export type CorrectionField = (typeof CORRECTION_FIELDS)[number];
