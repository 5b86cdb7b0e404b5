import Database from 'better-sqlite3';
import { randomEsiid, sandboxApiCall } from '../console/sandbox';
import { databaseUrl } from '../environment';

/** A customer's self-service login, as they type it. */
export interface Login {
  customerId: number;
  username: string;
  password: string;
  email: string;
}

const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/**
 * A new customer with a self-service login and nothing else, opened through the API as the wizard's first step does
 * (`POST /customers/create-customer-quick-enrollment`): each test that changes an account makes its own.
 */
export async function newLogin(prefix: string, firstName = 'Ana'): Promise<Login> {
  const username = uniqueName(prefix);
  const login = { username, password: 'Account-Password-1', email: `${username}@example.com` };
  const created = await sandboxApiCall('POST', '/customers/create-customer-quick-enrollment', {
    firstName,
    lastName: 'Tester',
    email: login.email,
    primaryPhoneNumber: '(214) 555-0100',
    languageId: 1,
    username: login.username,
    password: login.password,
  });
  return { customerId: created.customerId as number, ...login };
}

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

/**
 * A new Residential customer in Dallas (Oncor) with a login and an enrollment on the 12-month fixed plan, made through
 * the API as the wizard makes it: credit check, then the enrollment, whose statuses become notifications.
 */
export async function newEnrolledLogin(prefix: string): Promise<Login & { enrollmentId: number }> {
  const username = uniqueName(prefix);
  const login = { username, password: 'Account-Password-1', email: `${username}@example.com` };
  const utilities = await sandboxApiCall('GET', '/utilities?zipCode=75201');
  const oncor = utilities.find((u: { code: string }) => u.code === 'ONCOR').id_utility;
  const plans = await sandboxApiCall('GET', `/plans/for-wizard?ids_utilities=${oncor}&customer_type=1`);
  const plan = plans.find(
    (p: { name: string; recurring_billing_required: boolean }) =>
      p.name.includes('12-Month Fixed') && !p.recurring_billing_required,
  ).id_plan as number;
  const options = await sandboxApiCall('GET', `/plans/acceptance-options?planId=${plan}`);
  const address = { streetNum: '1201', streetName: 'Elm St', city: 'Dallas', state: 'TX', zipCode: '75201' };
  const check = await sandboxApiCall('POST', '/payments/credit-check', {
    firstName: 'Ana',
    lastName: 'Tester',
    socialSecurityNumber: '234-56-7720',
    ...address,
    planId: plan,
  });
  const created = await sandboxApiCall('POST', '/enrollments/create', {
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
      firstName: 'Ana',
      lastName: 'Tester',
      email: login.email,
      primaryPhoneNumber: '(214) 555-0100',
      username: login.username,
      password: login.password,
    },
    payment: { creditCheckId: check.id_credit_check },
  });
  const enrollment = await sandboxApiCall('GET', `/enrollments/${created.enrollmentId}`);
  return {
    customerId: enrollment.id_customer as number,
    enrollmentId: created.enrollmentId as number,
    ...login,
  };
}

/**
 * The text of the newest mail of a template (`reset-password`, `forgot-username`) queued for `email`, read from the
 * sandbox outbox as `npm run mail:outbox` reads it: the test server's database (E2E_DATABASE_URL). Null when none.
 */
export function mailTo(email: string, template: string): string | null {
  if (!databaseUrl?.startsWith('sqlite:'))
    throw new Error('The self-service tests need the server database (E2E_DATABASE_URL=sqlite:…).');
  const db = new Database(databaseUrl.slice('sqlite:'.length), { readonly: true, fileMustExist: true });
  try {
    const mail = db
      .prepare('select text from mail_outbox where recipient = ? and template = ? order by id desc limit 1')
      .get(email, template) as { text: string } | undefined;
    return mail?.text ?? null;
  } finally {
    db.close();
  }
}

/**
 * The security token of the newest reset link mailed to `email`. The link's address is the brand's My account site
 * (`my_account_url`), which is this site in production; the tests open the same page here.
 */
export function resetLinkMailedTo(email: string): { securityToken: string } | null {
  const token = mailTo(email, 'reset-password')?.match(/\/reset-password\?securityToken=([^\s&]+)/)?.[1];
  return token ? { securityToken: decodeURIComponent(token) } : null;
}
