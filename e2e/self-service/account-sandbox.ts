import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  call,
  createDallasEnrollment,
  planOf,
  randomEsiid,
  requiredOptions,
  runServiceTask,
  SANDBOX_CUSTOMER,
  sandboxApiCall,
  today,
  token,
} from '../console/sandbox';
import { expect } from '../fixtures';
import { sitePage } from './site';

/**
 * New customers with a login, each with one enrollment at 1201 Elm St, Dallas (Oncor), made through the sandbox API
 * as an integrator would, for the tests that change an enrollment from My account (the demo customer is shared).
 */

export interface SiteLogin {
  username: string;
  password: string;
}

export interface SiteCustomer {
  login: SiteLogin;
  enrollmentId: number;
}

/** The sandbox bureau scores the SSN's last three digits: 450 asks the plans here for a deposit. */
const LOW_SCORE_SSN = '234-56-7450';
const GOOD_SCORE_SSN = '234-56-7720';

/** Sandbox gateway cards (README): one approved, one saved but declined on every charge. */
export const CARDS = { approved: '4111111111111111', declined: '4000000000000010' } as const;

/** A name no other test (or earlier run against the same server) has used: letters only, as a name is. */
export const uniqueFirstName = (prefix: string) =>
  prefix + Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

interface EnrollmentChoice {
  /** Words of the plan's name, e.g. '12-Month Fixed'. */
  plan: string;
  customerType?: 'Residential' | 'SmallBusiness';
  /** A low credit score asks for a deposit: paid later, or covered by a letter of credit (business). */
  deposit?: 'PayLater' | 'LetterOfCredit';
  /** The customer's language (English unless said). */
  language?: 'en' | 'es';
}

/**
 * A new customer with a login and an enrollment starting today (a priority move-in, which the billing system takes at
 * once); `served` also starts service, as the `advance-enrollments` task does on the start date.
 */
export async function newSiteCustomer(
  lastName: string,
  choice: EnrollmentChoice,
  served = false,
): Promise<SiteCustomer & { firstName: string }> {
  const bearer = await token();
  const firstName = uniqueFirstName('Ana');
  const customerType = choice.customerType ?? 'Residential';
  const plan = await planOf(bearer, customerType, choice.plan);
  const login = { username: `site.${randomUUID().slice(0, 12)}`, password: 'Site-Password-1' };
  const enrollmentId = await createDallasEnrollment(bearer, {
    plan,
    checkedAs: { firstName, lastName, socialSecurityNumber: choice.deposit ? LOW_SCORE_SSN : GOOD_SCORE_SSN },
    customerType,
    switch: { switchType: 'Move-In', priority: 'Priority' },
    requestedStartDate: today(),
    agreedAcceptanceValues: await requiredOptions(bearer, plan),
    ldcAccount: randomEsiid(),
    customer: {
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}@example.com`,
      primaryPhoneNumber: '(214) 555-0123',
      ...login,
      languageId: choice.language === 'es' ? 2 : 1,
      ...(customerType === 'SmallBusiness'
        ? { firmName: `${lastName} Supply`, contactName: `${firstName} ${lastName}`, fedtaxid: '741234567' }
        : {}),
    },
    ...(choice.deposit ? { payment: { depositOptions: choice.deposit } } : {}),
  });
  if (served) runServiceTask('advance-enrollments');
  return { login, enrollmentId, firstName };
}

const sessions = new Map<string, Promise<{ customerId: number; hash: string }>>();

/** Waits out a 429 (the API's ceiling of logins a minute from one address, shared by parallel tests) and retries. */
async function retryingWhenLimited<T>(attempt: () => Promise<T | { retryAfter: number }>): Promise<T> {
  for (let tries = 1; ; tries++) {
    const result = await attempt();
    if (!(result && typeof result === 'object' && 'retryAfter' in result)) return result as T;
    if (tries >= 5) throw new Error('Still rate limited after 5 tries');
    await new Promise((resolve) => setTimeout(resolve, (result.retryAfter + 1) * 1000));
  }
}

/**
 * The customer's hash from the API's customer login, for the calls a test makes as that customer: one login per
 * customer and test process (a hash lives 12 hours), as the API counts logins from one address.
 */
async function customerSession(login: SiteLogin) {
  const bearer = await token();
  let session = sessions.get(login.username);
  if (!session) {
    session = retryingWhenLimited<{ customerId: number; hash: string }>(async () => {
      try {
        const answer = await call('POST', '/customers/login', bearer, login);
        return { customerId: answer.customerId as number, hash: answer.customerHash as string };
      } catch (error) {
        const wait = /429 .*try again in (\d+) second/.exec(String(error));
        if (!wait) throw error;
        return { retryAfter: Number(wait[1]) };
      }
    });
    sessions.set(login.username, session);
  }
  const { customerId, hash } = await session;
  return { bearer, customerId, headers: { 'x-customer-hash': hash } };
}

/**
 * A card saved at the sandbox gateway for the customer, as the hosted form saves it (the form itself is the
 * gateway's page, tested with the gateway): answers the gateway's tokens.
 */
export async function saveCard(
  login: SiteLogin,
  number: string,
): Promise<{ customerProfileToken: string; paymentProfileToken: string }> {
  const { bearer, customerId, headers } = await customerSession(login);
  return call(
    'POST',
    '/payments/payment-profile',
    bearer,
    {
      id_customer: customerId,
      id_payment_type: 1,
      card_number: number,
      card_expiration_date: '2030-12',
      card_type: 'Visa',
    },
    headers,
  );
}

/** Autopay set up with a saved card, as a plan that requires it asks before it goes to billing. */
export async function setUpAutopay(login: SiteLogin, enrollmentId: number, number: string = CARDS.approved) {
  const card = await saveCard(login, number);
  const { bearer, headers } = await customerSession(login);
  await call(
    'POST',
    `/enrollments/${enrollmentId}/recurring-billing`,
    bearer,
    {
      customer_profile_token: card.customerProfileToken,
      payment_profile_token: card.paymentProfileToken,
      date_from: today(),
    },
    { ...headers, 'idempotency-key': randomUUID() },
  );
}

/**
 * A one-time payment of the customer's, as Pay now makes it (POST /payments/pay with a saved card): answers whether the
 * gateway approved it (a declined card is refused with PAYMENT_DECLINED, and kept in the payment history).
 */
export async function payAsCustomer(
  login: SiteLogin,
  enrollmentId: number,
  cardNumber: string,
  amount: number,
) {
  const card = await saveCard(login, cardNumber);
  const { bearer, headers } = await customerSession(login);
  const body = { idEnrollment: enrollmentId, ...card, amount };
  return call('POST', '/payments/pay', bearer, body, { ...headers, 'idempotency-key': randomUUID() }).then(
    () => 'approved' as const,
    (error: Error) => {
      if (!error.message.includes('422')) throw error;
      return 'declined' as const;
    },
  );
}

/** What the API holds now, read through the site as the signed-in customer (the site's own allowlisted call). */
export async function fromSite<T = any>(page: Page, apiPath: string): Promise<T> {
  const answer = await page.request.get(sitePage(`/site/api/v1${apiPath}`));
  expect(answer.ok(), `GET ${apiPath} through the site: ${answer.status()}`).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

/** The demo customer's active enrollment, read by the site's web service account (any customer of its company). */
export async function demoEnrollment(): Promise<{ id_enrollment: number; service_address: Address }> {
  const enrollments = await sandboxApiCall('GET', `/customers/${SANDBOX_CUSTOMER.id}/enrollments`);
  return enrollments.find((e: { status: string }) => e.status === 'ACTIVE');
}

interface Address {
  address_1: string;
  city: string;
  ldc_account: string;
  correspondence_zip: string;
}

/**
 * Opens the customer's enrollment page as a customer does: My account sends them to the sign-in page first, which
 * brings them back once signed in. A sign-in throttled by the API's ceiling of logins a minute from one address (the
 * parallel tests share it) is tried again after the wait the page says.
 */
export async function openEnrollmentPage(page: Page, login: SiteLogin, enrollmentId: number, query = '') {
  const path = `/account/enrollments/${enrollmentId}${query}`;
  await page.goto(sitePage(path));
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByRole('textbox', { name: 'Username' }).fill(login.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(login.password);
  // The page's tabs say the customer arrived (in their language); a throttled sign-in says how long to wait.
  const arrived = page.getByRole('tablist');
  const throttled = page.locator('form').getByRole('alert').filter({ hasText: /\d+/ });
  for (let attempt = 1; ; attempt++) {
    await page.getByRole('button', { name: /^(Sign in|Iniciar sesión)$/ }).click();
    await expect(arrived.or(throttled).first()).toBeVisible({ timeout: 15_000 });
    if (await arrived.isVisible()) break;
    expect(attempt, 'still throttled after 5 sign-ins').toBeLessThan(5);
    const seconds = Number((await throttled.textContent())?.match(/\d+/)?.[0] ?? 5);
    await page.waitForTimeout((seconds + 1) * 1000);
  }
  // The sign-in page brings the customer back to the page, not to its query (?tab=…): open that part again.
  if (query) await page.goto(sitePage(path));
  await expect(page).toHaveURL(sitePage(path));
}

/** The page scrolls only downwards: nothing is wider than a phone's screen. */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'the page is wider than the screen').toBeLessThanOrEqual(0);
}
