import { execFileSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { baseURL, databaseUrl } from '../environment';

/**
 * The sandbox's public API, used by the browser tests as an integrator would: to make the enrollments agents then
 * work in the console (the sandbox credit bureau flags "Alert" as a fraud alert, held for review), and the customers
 * who manage theirs on the self-service site (self-service/account-sandbox.ts).
 */
export async function call(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseURL}/api/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: any; message: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${envelope.message}`);
  return envelope.data;
}

let signature = 0;
let session: { token: string; until: number } | undefined;

/**
 * One login per test process, used until shortly before it expires, as an integrator keeps its token: logging in
 * for every enrollment would meet the API's ceiling of logins per minute from one address.
 */
export async function token(): Promise<string> {
  if (session && Date.now() < session.until) return session.token;
  const { token, expiresIn } = await login();
  session = { token, until: Date.now() + (expiresIn - 60) * 1000 };
  return token;
}

async function login(): Promise<{ token: string; expiresIn: number }> {
  for (let attempt = 1; ; attempt++) {
    // Each signature is accepted once: a test process signs each login with its own second. Another worker may
    // have signed the same second: then another one is tried.
    const timestamp = Math.floor(Date.now() / 1000) + signature++;
    const signed = createHmac('sha256', 'vlt_demo_secret').update(`vlt_demo_key:${timestamp}`).digest('hex');
    try {
      return await call('POST', `/auth/login?token=vlt_demo_key&timestamp=${timestamp}&signature=${signed}`);
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('already used')) throw error;
      signature += 1 + Math.floor(Math.random() * 20);
    }
  }
}

export const randomEsiid = () => `10443720${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/** What a test may choose of the new customer's enrollment: its meter, the customer's date of birth. */
export interface SandboxEnrollmentOptions {
  ldcAccount?: string;
  /** YYYY-MM-DD */
  dateOfBirth?: string;
  /** Kept on the customer (its last four shown to staff who may reveal it). */
  socialSecurityNumber?: string;
}

/** An enrollment of a new Residential customer in Dallas (Oncor); `lastName` "Alert" holds it for agent review. */
export async function sandboxEnrollment(
  firstName: string,
  lastName: string,
  chosen: SandboxEnrollmentOptions = {},
): Promise<number> {
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
  return createDallasEnrollment(bearer, {
    plan,
    checkedAs: { firstName, lastName, socialSecurityNumber: '234-56-7720' },
    customerType: 'Residential',
    switch: { switchType: 'Switch' },
    requestedStartDate: inAWeek(),
    agreedAcceptanceValues: options
      .filter((o: { is_required: boolean }) => o.is_required)
      .map((o: { id_option: number }) => o.id_option),
    ldcAccount: chosen.ldcAccount ?? randomEsiid(),
    customer: {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@example.com`,
      primaryPhoneNumber: '(214) 555-0123',
      ...(chosen.dateOfBirth ? { dateOfBirth: chosen.dateOfBirth } : {}),
      ...(chosen.socialSecurityNumber ? { socialSecurityNumber: chosen.socialSecurityNumber } : {}),
    },
  });
}

// --- The other queues: letters of credit and early termination fees ------------------------------------------------

export const today = () => new Date().toISOString().slice(0, 10);

export async function planOf(bearer: string, customerTypeCode: string, name: string): Promise<number> {
  const types = await call('GET', '/customer-types', bearer);
  const type = types.find((t: { code: string }) => t.code === customerTypeCode).id_customer_type;
  const utilities = await call('GET', '/utilities?zipCode=75201', bearer);
  const oncor = utilities.find((u: { code: string }) => u.code === 'ONCOR').id_utility;
  const plans = await call('GET', `/plans/for-wizard?ids_utilities=${oncor}&customer_type=${type}`, bearer);
  return plans.find((p: { name: string }) => p.name.includes(name)).id_plan as number;
}

export async function requiredOptions(bearer: string, plan: number): Promise<number[]> {
  const options = await call('GET', `/plans/acceptance-options?planId=${plan}`, bearer);
  return options
    .filter((o: { is_required: boolean }) => o.is_required)
    .map((o: { id_option: number }) => o.id_option);
}

/** What an enrollment at 1201 Elm St, Dallas (Oncor) says besides its address: the plan, the customer, the deposit. */
export interface DallasEnrollment {
  plan: number;
  /** The name and SSN the credit check is run on. */
  checkedAs: { firstName: string; lastName: string; socialSecurityNumber: string };
  customerType: 'Residential' | 'SmallBusiness';
  switch: { switchType: 'Switch' } | { switchType: 'Move-In'; priority: 'Priority' };
  requestedStartDate: string;
  agreedAcceptanceValues: number[];
  ldcAccount: string;
  customer: Record<string, unknown>;
  payment?: Record<string, unknown>;
}

/** Runs the credit check, then creates the enrollment at 1201 Elm St, Dallas; answers the enrollment's id. */
export async function createDallasEnrollment(bearer: string, e: DallasEnrollment): Promise<number> {
  const check = await call('POST', '/payments/credit-check', bearer, {
    ...e.checkedAs,
    streetNum: '1201',
    streetName: 'Elm St',
    city: 'Dallas',
    state: 'TX',
    zipCode: '75201',
    planId: e.plan,
  });
  const created = await call('POST', '/enrollments/create', bearer, {
    planId: e.plan,
    commodityName: 'Electric',
    customerType: e.customerType,
    ...e.switch,
    requestedStartDate: e.requestedStartDate,
    agreedAcceptanceValues: e.agreedAcceptanceValues,
    billingDeliveryMethod: 1,
    serviceAddress: {
      address: '1201 Elm St',
      city: 'Dallas',
      state: 'TX',
      zipcode: '75201',
      ldcAccount: e.ldcAccount,
    },
    customer: e.customer,
    payment: { creditCheckId: check.id_credit_check, ...e.payment },
  });
  return created.enrollmentId as number;
}

/**
 * A Small Business enrollment whose owner chose a letter of credit instead of the deposit a low score asks for (the
 * sandbox bureau scores the SSN's last three digits: 450), with its letter uploaded: one item of the letters' queue.
 */
export async function sandboxCreditLetter(
  firmName: string,
): Promise<{ enrollmentId: number; letterId: number }> {
  const bearer = await token();
  const plan = await planOf(bearer, 'SmallBusiness', '12-Month Fixed');
  const enrollmentId = await createDallasEnrollment(bearer, {
    plan,
    checkedAs: { firstName: 'Ana', lastName: 'Garcia', socialSecurityNumber: '234-56-7450' },
    customerType: 'SmallBusiness',
    switch: { switchType: 'Switch' },
    requestedStartDate: inAWeek(),
    agreedAcceptanceValues: await requiredOptions(bearer, plan),
    ldcAccount: randomEsiid(),
    customer: {
      firstName: 'Ana',
      lastName: 'Garcia',
      firmName,
      contactName: 'Ana Garcia',
      fedtaxid: '741234567',
      email: 'ana.garcia@example.com',
      primaryPhoneNumber: '(214) 555-0123',
    },
    payment: { depositOptions: 'LetterOfCredit' },
  });
  const form = new FormData();
  form.append(
    'file',
    new Blob(['%PDF-1.4\n% the bank letter\n'], { type: 'application/pdf' }),
    'bank-letter.pdf',
  );
  const response = await fetch(`${baseURL}/api/v1/enrollments/${enrollmentId}/upload-credit-letter`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}` },
    body: form,
  });
  const envelope = (await response.json()) as {
    data: { id_customer_credit_letters: number };
    message: string;
  };
  if (!response.ok) throw new Error(`upload-credit-letter: ${response.status} ${envelope.message}`);
  return { enrollmentId, letterId: envelope.data.id_customer_credit_letters };
}

/** Whether a test can run a service task on the server's database (the tests' own server, or E2E_DATABASE_URL's). */
export const canRunServiceTasks = () => databaseUrl !== undefined;

/** Runs one service task now on the tests' server's database, as an operator does (`npm run tasks -- run <task>`). */
export function runServiceTask(task: string): string {
  if (databaseUrl === undefined)
    throw new Error('No database to run a service task on: set E2E_DATABASE_URL.');
  return execFileSync(
    process.execPath,
    [path.resolve(__dirname, '../../apps/api/dist/cli/tasks.js'), 'run', task],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', BACKGROUND_TASKS: 'false' },
      encoding: 'utf8',
    },
  );
}

/**
 * A Residential customer served since today, then dropped (switching to another provider): the plan's early
 * termination fee is queued for an agent. Service starts as in production: a priority move-in may start today, the
 * billing system takes it at once, and the `advance-enrollments` task starts service on the start date.
 */
export async function sandboxEtfInvoice(
  firstName: string,
  lastName: string,
): Promise<{ enrollmentId: number; invoiceId: number; amount: number }> {
  const enrollmentId = await sandboxServedEnrollment(firstName, lastName);
  const dropped = await call('POST', `/enrollments/${enrollmentId}/drop`, await token(), {
    effectiveDate: today(),
    reasonCodeId: 1,
  });
  if (!dropped.etf_invoice) throw new Error(`No ETF invoice for enrollment ${enrollmentId}`);
  return {
    enrollmentId,
    invoiceId: dropped.etf_invoice.id_etf_invoice,
    amount: dropped.etf_invoice.amount,
  };
}

/**
 * A Residential customer in Dallas served since today (the 12-month fixed plan, which has an early termination
 * fee): a priority move-in starting today, taken by the billing system at once, started by `advance-enrollments`.
 */
export async function sandboxServedEnrollment(firstName: string, lastName: string): Promise<number> {
  const bearer = await token();
  const plan = await planOf(bearer, 'Residential', '12-Month Fixed');
  const enrollmentId = await createDallasEnrollment(bearer, {
    plan,
    checkedAs: { firstName, lastName, socialSecurityNumber: '234-56-7720' },
    customerType: 'Residential',
    switch: { switchType: 'Move-In', priority: 'Priority' },
    requestedStartDate: today(),
    agreedAcceptanceValues: await requiredOptions(bearer, plan),
    ldcAccount: randomEsiid(),
    customer: {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@example.com`,
      primaryPhoneNumber: '(214) 555-0123',
    },
  });
  runServiceTask('advance-enrollments');
  return enrollmentId;
}

// --- Payments of the sandbox customer with a login ----------------------------------------------------------------

/** The sandbox's self-service customer (README), customer 1, with an active enrollment in Dallas. */
export const SANDBOX_CUSTOMER = { id: 1, username: 'demo.customer', password: 'Demo-Password-1' } as const;

/**
 * A one-time payment of `amount` dollars by the sandbox customer on their active enrollment, as the self-service
 * site makes it: signed in (the customer hash), a card saved at the gateway, then paid. Answers the payment's id.
 */
export async function sandboxCustomerPayment(
  amount: number,
): Promise<{ paymentId: number; enrollmentId: number }> {
  const bearer = await token();
  const login = await call('POST', '/customers/login', bearer, {
    username: SANDBOX_CUSTOMER.username,
    password: SANDBOX_CUSTOMER.password,
  });
  const asCustomer = { 'x-customer-hash': login.customerHash as string };
  const enrollments = await call('GET', `/customers/${login.customerId}/enrollments`, bearer);
  const active = enrollments.find((e: { status: string }) => e.status === 'ACTIVE').id_enrollment as number;
  const card = await call(
    'POST',
    '/payments/payment-profile',
    bearer,
    {
      id_customer: login.customerId,
      id_payment_type: 1,
      card_number: '4111111111111111',
      card_expiration_date: '2030-12',
      card_type: 'Visa',
    },
    asCustomer,
  );
  const paid = await call(
    'POST',
    '/payments/pay',
    bearer,
    {
      idEnrollment: active,
      customerProfileToken: card.customerProfileToken,
      paymentProfileToken: card.paymentProfileToken,
      amount,
    },
    { ...asCustomer, 'idempotency-key': randomUUID() },
  );
  if (paid.status !== 'approved') throw new Error(`The sandbox payment is ${paid.status}, not approved`);
  return { paymentId: paid.id_payment_charge_transactions as number, enrollmentId: active };
}

/** A plan as plan shopping answers it now (GET /plans/{id}): what a customer would be sold. */
export async function sandboxPlan(planId: number): Promise<{
  version: number;
  rate: number;
  rate500: number;
  rate1000: number;
  rate2000: number;
  decimal_places_to_show: number;
  plan_documents: { doc_type: string; name: string; display_in_my_account: boolean }[];
}> {
  return call('GET', `/plans/${planId}`, await token());
}

/** What plan shopping asks a customer to agree to when enrolling in the plan, in order. */
export async function sandboxAcceptanceOptions(
  planId: number,
): Promise<{ id_option: number; text: string; is_required: boolean }[]> {
  return call('GET', `/plans/acceptance-options?planId=${planId}`, await token());
}

/** Any call of the sandbox API as its web service account (the envelope's `data`; a failure throws). */
export async function sandboxApiCall(method: string, path: string, body?: unknown) {
  return call(method, path, await token(), body);
}

/**
 * Makes one run of a service task fail as an outage does, on the tests' server's database: another node of the
 * installation (this process) runs the task through the API's own scheduler with work that throws `error`, so its
 * lease, failure count and run history are written as for any failed run. The real task's next success clears it.
 */
export function failServiceTask(task: string, error: string): void {
  if (databaseUrl === undefined)
    throw new Error('No database to run a service task on: set E2E_DATABASE_URL.');
  const dist = path.resolve(__dirname, '../../apps/api/dist');
  const script = `
    const { openDatabase } = await import(${JSON.stringify(`${dist}/db/client.js`)});
    const { createScheduler } = await import(${JSON.stringify(`${dist}/jobs/scheduler.js`)});
    const db = openDatabase(process.env.DATABASE_URL);
    const scheduler = createScheduler(db.kysely, { error() {} });
    scheduler.register({ name: process.env.TASK, description: '', everySeconds: 60, run: async () => { throw new Error(process.env.FAILURE); } });
    await scheduler.runNow(process.env.TASK);
    await db.close();`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, DATABASE_URL: databaseUrl, TASK: task, FAILURE: error },
    encoding: 'utf8',
  });
}
