import { createHmac } from 'node:crypto';
import { baseURL } from '../environment';

/**
 * The sandbox's public API, used by the console's browser tests as an integrator would: to make the enrollments
 * agents then work in the console (the sandbox credit bureau flags "Alert" as a fraud alert, held for review).
 */
async function call(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${baseURL}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: any; message: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

let signature = 0;
async function token(): Promise<string> {
  // Each signature is accepted once: a test process signs each login with its own second.
  const timestamp = Math.floor(Date.now() / 1000) + signature++;
  const signed = createHmac('sha256', 'vlt_demo_secret').update(`vlt_demo_key:${timestamp}`).digest('hex');
  return (await call('POST', `/auth/login?token=vlt_demo_key&timestamp=${timestamp}&signature=${signed}`))
    .token;
}

const randomEsiid = () => `10443720${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** An enrollment of a new Residential customer in Dallas (Oncor); `lastName` "Alert" holds it for agent review. */
export async function sandboxEnrollment(firstName: string, lastName: string): Promise<number> {
  const bearer = await token();
  const types = await call('GET', '/customer-types', bearer);
  const residential = types.find((t: { code: string }) => t.code === 'Residential').id_customer_type;
  const utilities = await call('GET', '/utilities?zipCode=75201', bearer);
  const oncor = utilities.find((u: { code: string }) => u.code === 'ONCOR').id_utility;
  const plans = await call(
    'GET',
    `/plans/for-wizard?ids_utilities=${oncor}&customer_type=${residential}`,
    bearer,
  );
  // A plan that needs no autopay, so that the credit check's fraud alert is what holds the enrollment.
  const plan = plans.find(
    (p: { name: string; recurring_billing_required: boolean }) =>
      p.name.includes('12-Month Fixed') && !p.recurring_billing_required,
  ).id_plan as number;
  const options = await call('GET', `/plans/acceptance-options?planId=${plan}`, bearer);
  const check = await call('POST', '/payments/credit-check', bearer, {
    firstName,
    lastName,
    streetNum: '1201',
    streetName: 'Elm St',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75201',
    socialSecurityNumber: '234-56-7720',
    planId: plan,
  });
  const created = await call('POST', '/enrollments/create', bearer, {
    planId: plan,
    commodityName: 'Electric',
    customerType: 'Residential',
    switchType: 'Switch',
    requestedStartDate: inAWeek(),
    agreedAcceptanceValues: options
      .filter((o: { is_required: boolean }) => o.is_required)
      .map((o: { id_option: number }) => o.id_option),
    billingDeliveryMethod: 1,
    serviceAddress: {
      address: '1201 Elm St',
      city: 'Dallas',
      state: 'TX',
      zipcode: '75201',
      ldcAccount: randomEsiid(),
    },
    customer: {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@example.com`,
      primaryPhoneNumber: '(214) 555-0123',
    },
    payment: { creditCheckId: check.id_credit_check },
  });
  return created.enrollmentId as number;
}
