import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setGatewayAccount } from '../../fixtures/operator.js';
import { useTestApi } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import {
  type CustomerLogin,
  everyRowAsText,
  paymentProfileCalls,
  sandboxTenant,
} from '../../modules/payments/helpers.js';

/**
 * The sandbox gateway's hosted form, as a customer's browser and the site embedding it use it: opened with the token
 * the API gives, it saves through the sandbox gateway and tells the site's iframe communicator, like Authorize.Net's.
 */
const clock = manualClock(new Date().toISOString());
const api = useTestApi({}, {}, { clock });
const { as, list } = paymentProfileCalls(api);
const COMMUNICATOR = 'https://my.bluebonnet.example/communicator.html?site=self&lang=en';
let demo: CustomerLogin;

interface HostedForm {
  token: string;
  addUrl: string;
  editUrl: string;
}

async function hostedForm(who: CustomerLogin, body: Record<string, unknown> = {}): Promise<HostedForm> {
  const response = await api.call(
    'POST',
    `/payments/payment-profile/hosted-profile-page-token/${who.customerId}`,
    as(who, {
      body: {
        iFrameCommunicatorUrl: COMMUNICATOR,
        transactionType: 'RECURRING_BILLING',
        paymentType: 'Both',
        ...body,
      },
    }),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

/** Posts the form as a browser does (application/x-www-form-urlencoded). */
async function post(url: string, fields: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', body: new URLSearchParams(fields) });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const card = (cardNumber: string, more: Record<string, string> = {}) => ({
  action: 'save',
  method: 'CreditCard',
  cardNumber,
  expirationDate: '12/31',
  cardCode: '123',
  nameOnCard: 'Demo Customer',
  ...more,
});
const bank = (accountNumber: string, more: Record<string, string> = {}) => ({
  action: 'save',
  method: 'BankAccount',
  routingNumber: '111000025',
  accountNumber,
  accountType: 'savings',
  nameOnAccount: 'Demo Customer',
  ...more,
});

const sandboxProfiles = async () =>
  (await api.db.kysely.selectFrom('sandbox_gateway_payment_profiles').select('token').execute()).length;
const listed = async (who: CustomerLogin) => (await list(who)).body.data as Array<Record<string, unknown>>;

/** Signs the sandbox account and customer in, at the clock's time. */
async function signIn() {
  demo = { token: await api.sandboxToken(), ...(await api.sandboxCustomerHash()) };
}

beforeAll(signIn);

describe('opening the form', () => {
  it('opens at the addresses the API gives, on this server, with the token posted or in the query', async () => {
    const form = await hostedForm(demo, { saveButtonText: 'Keep <this> card' });
    expect(form).toEqual({
      token: expect.stringMatching(/^sbx_hosted_[0-9a-f]{48}$/),
      addUrl: `${api.baseUrl}/sandbox-gateway/customer/addPayment`,
      editUrl: `${api.baseUrl}/sandbox-gateway/customer/editPayment`,
    });
    const posted = await post(form.addUrl, { token: form.token });
    expect(posted.status).toBe(200);
    expect(posted.html).toContain('<form method="post" action="/sandbox-gateway/customer/addPayment">');
    expect(posted.html).toContain(`<input type="hidden" name="token" value="${form.token}">`);
    expect(posted.html).toContain('<label for="cardNumber">Card number</label>');
    expect(posted.html).toContain('<label for="routingNumber">Routing number</label>');
    expect(posted.html).toContain('value="save">Keep &lt;this&gt; card</button>');
    expect(posted.html).not.toContain('<this>');
    // The communicator hears the page's size on load, from the page's one script.
    expect(posted.html).toContain(
      'data-url="https://my.bluebonnet.example/communicator.html?site=self&amp;lang=en"',
    );
    expect(posted.html).toContain('#action=resizeWindow&width=');
    const queried = await fetch(`${form.addUrl}?token=${form.token}`);
    expect(queried.status).toBe(200);
    expect(await queried.text()).toContain('name="cardNumber"');
  });

  it('may be framed by the communicator’s site only, loads nothing else, and is never cached', async () => {
    const form = await hostedForm(demo);
    const response = await fetch(`${form.addUrl}?token=${form.token}`);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('frame-ancestors https://my.bluebonnet.example');
    expect(policy).toContain('frame-src https://my.bluebonnet.example');
    expect(policy).toMatch(/script-src 'sha256-[^']+'/);
    expect(policy).toContain("form-action 'self'");
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('without a communicator (the payment iframe URI): any site may frame it, and it runs no script', async () => {
    const uri = await api.call(
      'GET',
      `/payments/payment-iframe-uri/by-customer/${demo.customerId}`,
      as(demo),
    );
    const url = new URL(uri.body.data);
    expect(`${url.origin}${url.pathname}`).toBe(`${api.baseUrl}/sandbox-gateway/customer/addPayment`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain('frame-ancestors *');
    expect(policy).toContain("script-src 'none'");
    expect(await response.text()).not.toContain('<script>');
  });

  it('is not served on the console’s port', async () => {
    const form = await hostedForm(demo);
    const response = await fetch(`${api.consoleUrl}/sandbox-gateway/customer/addPayment?token=${form.token}`);
    expect(response.status).toBe(404);
  });
});

describe('saving a card', () => {
  it('saves a test card, tells the communicator, and the profile is listed masked and pays', async () => {
    const form = await hostedForm(demo);
    const saved = await post(form.addUrl, { token: form.token, ...card('4111 1111 1111 1111') });
    expect(saved.status).toBe(200);
    expect(saved.html).toContain('<h1>Saved</h1>');
    expect(saved.html).toContain('Your Visa ending in 1111 is saved.');
    expect(saved.html).toContain(
      '<iframe hidden title="Communicator" src="https://my.bluebonnet.example/communicator.html?site=self&amp;lang=en#action=successfulSave"></iframe>',
    );
    expect(saved.html).not.toContain('4111 1111');
    expect(await everyRowAsText(api.db)).not.toContain('4111111111111111');
    const profile = (await listed(demo)).find((p) => p.cardNumber === 'XXXX1111' && p.cardType === 'Visa');
    expect(profile).toMatchObject({ paymentTypeId: 1, cardExpirationDate: '2031-12' });

    const enrollments = await api.call('GET', `/customers/${demo.customerId}/enrollments`, as(demo));
    const paid = await api.call(
      'POST',
      '/payments/pay',
      as(demo, {
        body: {
          idEnrollment: enrollments.body.data[0].id_enrollment,
          customerProfileToken: profile!.customerProfileToken,
          paymentProfileToken: profile!.paymentProfileToken,
          amount: 12.34,
        },
      }),
    );
    expect(paid.body.data, JSON.stringify(paid.body)).toMatchObject({ status: 'approved', amount: 12.34 });
  });

  it('shows a card declined on save (ending 0002) on the form, and saves nothing', async () => {
    const form = await hostedForm(demo);
    const before = await sandboxProfiles();
    const declined = await post(form.addUrl, { token: form.token, ...card('4000000000000002') });
    expect(declined.status).toBe(422);
    expect(declined.html).toContain('role="alert"');
    expect(declined.html).toContain(
      'The payment gateway refused it: The transaction was unsuccessful. (E00027)',
    );
    expect(declined.html).not.toContain('successfulSave');
    expect(declined.html).not.toContain('4000000000000002');
    // What is not a number is kept for the next try.
    expect(declined.html).toContain('value="Demo Customer"');
    expect(await sandboxProfiles()).toBe(before);
  });

  it('says so when the gateway does not answer (ending 0035), and saves nothing', async () => {
    const form = await hostedForm(demo);
    const before = await sandboxProfiles();
    const unanswered = await post(form.addUrl, { token: form.token, ...card('4000000000010035') });
    expect(unanswered.status).toBe(503);
    expect(unanswered.html).toContain('The payment gateway did not answer; try again.');
    expect(await sandboxProfiles()).toBe(before);
  });

  it('says what is wrong next to each field, and never writes a number back', async () => {
    const form = await hostedForm(demo);
    const before = await sandboxProfiles();
    const refused = await post(form.addUrl, {
      token: form.token,
      ...card('4111111111111112', { expirationDate: '01/20', cardCode: '12', nameOnCard: '' }),
    });
    expect(refused.status).toBe(422);
    for (const [field, error] of [
      ['cardNumber', 'Enter a valid card number.'],
      ['expirationDate', 'This card has expired.'],
      ['cardCode', 'Enter the 3 or 4 digit security code.'],
      ['nameOnCard', 'Enter the name on the card.'],
    ]) {
      expect(refused.html).toContain(`aria-invalid="true" aria-describedby="${field}-error"`);
      expect(refused.html).toContain(`<p class="error" id="${field}-error">${error}</p>`);
    }
    expect(refused.html).toContain('value="01/20"');
    expect(refused.html).not.toContain('4111111111111112');
    expect(await sandboxProfiles()).toBe(before);
  });

  it('cancels: tells the communicator and saves nothing', async () => {
    const form = await hostedForm(demo);
    const before = await sandboxProfiles();
    const cancelled = await post(form.addUrl, {
      token: form.token,
      ...card('4111111111111111'),
      action: 'cancel',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.html).toContain('communicator.html?site=self&amp;lang=en#action=cancel"');
    expect(await sandboxProfiles()).toBe(before);
  });

  it('shows "Saved" without a communicator', async () => {
    const uri = await api.call(
      'GET',
      `/payments/payment-iframe-uri/by-customer/${demo.customerId}`,
      as(demo),
    );
    const url = new URL(uri.body.data);
    const saved = await post(`${url.origin}${url.pathname}`, {
      token: url.searchParams.get('token')!,
      ...card('5424000000000015'),
    });
    expect(saved.status).toBe(200);
    expect(saved.html).toContain('Your MasterCard ending in 0015 is saved.');
    expect(saved.html).not.toContain('<iframe');
  });
});

describe('saving a bank account', () => {
  it('offers only a bank account when asked for one, and saves it', async () => {
    const form = await hostedForm(demo, { paymentType: 'BankAccount' });
    const opened = await post(form.addUrl, { token: form.token });
    expect(opened.html).toContain('name="routingNumber"');
    expect(opened.html).not.toContain('name="cardNumber"');
    expect((await post(form.addUrl, { token: form.token, ...card('4111111111111111') })).status).toBe(400);
    const refused = await post(form.addUrl, {
      token: form.token,
      ...bank('12', { routingNumber: '111000026' }),
    });
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('Enter a valid 9-digit routing number.');
    expect(refused.html).toContain('Enter the account number (4 to 17 digits).');
    expect(refused.html).toContain('<option value="savings" selected>');
    const saved = await post(form.addUrl, { token: form.token, ...bank('000987654321') });
    expect(saved.status).toBe(200);
    expect(saved.html).toContain('Your Savings account ending in 4321 is saved.');
    expect(saved.html).not.toContain('000987654321');
    expect(await listed(demo)).toContainEqual(
      expect.objectContaining({
        paymentTypeId: 2,
        accountNumber: 'XXXX4321',
        routingNumber: 'XXXX0025',
        accountType: 'savings',
      }),
    );
  });
});

describe('editing a saved method', () => {
  it('opens with the saved card and replaces it through the gateway', async () => {
    const form = await hostedForm(demo);
    await post(form.addUrl, { token: form.token, ...card('4111111111111111', { expirationDate: '03/32' }) });
    const before = (await listed(demo)).find((p) => p.cardExpirationDate === '2032-03')!;
    const opened = await post(form.editUrl, {
      token: form.token,
      paymentProfileId: String(before.paymentProfileToken),
    });
    expect(opened.status).toBe(200);
    expect(opened.html).toContain('Change your Visa ending in 1111');
    expect(opened.html).toContain('value="03/32"');
    expect(opened.html).not.toContain('name="routingNumber"');
    const changed = await post(form.editUrl, {
      token: form.token,
      paymentProfileId: String(before.paymentProfileToken),
      ...card('4111111111111111', { expirationDate: '04/34' }),
    });
    expect(changed.status).toBe(200);
    expect(changed.html).toContain('#action=successfulSave');
    expect(
      (await listed(demo)).find((p) => p.paymentProfileToken === before.paymentProfileToken),
    ).toMatchObject({ cardExpirationDate: '2034-04' });
  });
});

describe('companies', () => {
  it('saves for its own company and customer only: another company’s profile cannot be edited with it', async () => {
    const other = await sandboxTenant(api, 'hosted-other');
    const theirs = await hostedForm(other, { paymentType: 'Both' });
    expect((await post(theirs.addUrl, { token: theirs.token, ...card('4111111111111111') })).status).toBe(
      200,
    );
    const [theirProfile] = await listed(other);
    const ours = await hostedForm(demo);
    const ourCount = (await listed(demo)).length;

    const foreign = await post(ours.editUrl, {
      token: ours.token,
      paymentProfileId: String(theirProfile!.paymentProfileToken),
      ...card('5424000000000015', { expirationDate: '01/33' }),
    });
    expect(foreign.status).toBe(404);
    expect(await listed(other)).toEqual([theirProfile]);
    expect(await listed(demo)).toHaveLength(ourCount);
  });

  it('answers 404 once the company’s gateway is no longer the sandbox', async () => {
    const moving = await sandboxTenant(api, 'hosted-moving');
    const form = await hostedForm(moving);
    expect((await post(form.addUrl, { token: form.token })).status).toBe(200);
    await setGatewayAccount(api.db.kysely, api.app.voltin.keys.secretBox, moving.companyId, {
      gateway: 'AuthorizeNET',
      apiLoginId: 'login',
      transactionKey: 'key',
      endpoint: 'http://127.0.0.1:9/xml/v1/request.api',
    });
    expect((await post(form.addUrl, { token: form.token, ...card('4111111111111111') })).status).toBe(404);
  });
});

describe('tokens (the clock moves on)', () => {
  beforeEach(signIn);

  it('refuses an unknown, altered or missing token, and one used after 15 minutes', async () => {
    const form = await hostedForm(demo);
    const before = await sandboxProfiles();
    const altered = `${form.token.slice(0, -1)}${form.token.endsWith('0') ? '1' : '0'}`;
    for (const token of [altered, 'sbx_hosted_unknown', '']) {
      const refused = await post(form.addUrl, { token, ...card('4111111111111111') });
      expect(refused.status, token).toBe(403);
      expect(refused.html).toContain('This form cannot be opened');
    }
    clock.advance(14 * 60 + 59);
    expect((await post(form.addUrl, { token: form.token })).status).toBe(200);
    clock.advance(1);
    const expired = await post(form.addUrl, { token: form.token, ...card('4111111111111111') });
    expect(expired.status).toBe(410);
    expect(expired.html).toContain('This form has expired');
    expect(await sandboxProfiles()).toBe(before);
  });

  it('keeps no token, only its hash; the purge deletes it a day after it expired', async () => {
    const form = await hostedForm(demo);
    const rows = await api.db.kysely.selectFrom('sandbox_gateway_hosted_forms').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(form.token);
    clock.advance(15 * 60 + 86_400 + 1);
    await api.app.voltin.scheduler.runNow('purge-expired-credentials');
    expect((await post(form.addUrl, { token: form.token })).status).toBe(403);
  });
});
