import type { Page } from '@playwright/test';
import { canRunServiceTasks, randomEsiid, runServiceTask } from '../console/sandbox';
import { expect, test } from '../fixtures';
import {
  CARDS,
  demoEnrollment,
  expectNoSidewaysScroll,
  fromSite,
  newSiteCustomer,
  openEnrollmentPage,
  saveCard,
  setUpAutopay,
} from './account-sandbox';
import { DEMO_CUSTOMER, DESKTOP, expectAccessible, PHONE, sitePage } from './site';

// Each is a customer's whole errand (sign-in, tabs, payments through the gateway, axe on each screen): on a busy CI
// machine one takes close to a minute.
test.describe.configure({ timeout: 150_000 });

/**
 * The answers the browser logs that these tests expect: "none yet" is a 404 (no autopay set up, no letter uploaded),
 * a sign-in may be throttled (429) while parallel tests sign in, and each test may expect refusals of its own.
 */
const expectedAnswers = (...refusals: string[]) =>
  new RegExp(
    `status of (404 .*/(recurring-billing|pending-credit-letter)|429 .*/site/api/session${refusals.map((r) => `|${r}`).join('')})`,
  );

test.use({ allowedConsoleErrors: [expectedAnswers()] });

const todayShown = () =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date()).replace(/\u202f/g, ' ');

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

test.describe('My account: the enrollment page', () => {
  test('the demo customer reads their service on a phone: summary, balance, bills, usage and payments', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const { id_enrollment: enrollmentId } = await demoEnrollment();
    await openEnrollmentPage(page, DEMO_CUSTOMER, enrollmentId);
    const shown = await fromSite(page, `/enrollments/${enrollmentId}`);

    const summary = page.getByRole('region', { name: 'Your plan and service' });
    await expect(summary).toContainText(shown.plans[0].name);
    await expect(summary).toContainText(`ESIID${shown.service_address.ldc_account}`);
    await expect(summary.getByRole('table').getByRole('row')).toHaveCount(
      shown.enrollment_statuses.length + 1,
    );
    // Other journeys may drop and reinstate the demo service, so its history can hold Active more than once.
    await expect(summary.getByRole('cell', { name: 'Active' }).first()).toBeVisible();
    await expect(summary.getByRole('link', { name: /^Electricity Facts Label \(PDF/ })).toHaveAttribute(
      'href',
      /\/api\/v1\/documents\/plan\/\d+\/en\.pdf\?/,
    );
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await openTab(page, 'Billing');
    await expect(page).toHaveURL(/tab=billing/);
    const balance = page.getByRole('region', { name: 'Balance' });
    await expect(balance.getByText('Amount due', { exact: true })).toBeVisible();
    await expect(balance.getByRole('definition').first()).toHaveText(/^\$[\d,]+\.\d\d$/);

    const bills = page.getByRole('region', { name: 'Bills' });
    await expect(bills.getByRole('heading', { name: /^Latest bill, / })).toBeVisible();
    const pdfLinks = bills.getByRole('link', { name: /^Bill of .* \(PDF, opens in a new tab\)$/ });
    await expect(pdfLinks.first()).toBeVisible();
    expect(await pdfLinks.count()).toBeGreaterThanOrEqual(3);
    // The statement's PDF comes through the site, with the customer's session.
    const pdf = await page.request.get(sitePage((await pdfLinks.first().getAttribute('href'))!));
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const usage = page.getByRole('region', { name: 'Usage history' });
    const periods = await fromSite<unknown[]>(page, `/billing/usage-history/${enrollmentId}`);
    await expect(usage.locator('.recharts-bar-rectangle')).toHaveCount(periods.length);
    // The chart is drawn for the eye; screen readers have its numbers as a table all along.
    await expect(usage.getByRole('table', { name: /^Usage by billing period, in kWh$/ })).toBeAttached();
    await usage.getByRole('button', { name: 'Show as a table' }).click();
    const table = usage.getByRole('table', { name: /^Usage by billing period, in kWh$/ });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(periods.length + 1);
    await expect(usage.locator('.recharts-surface')).toHaveCount(0);

    await expect(page.getByRole('region', { name: 'Payment history' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    await openTab(page, 'Manage');
    await expect(page.getByRole('region', { name: 'Autopay' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Paperless billing' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test('on a desktop: the demo customer’s service, each tab', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const { id_enrollment: enrollmentId } = await demoEnrollment();
    await openEnrollmentPage(page, DEMO_CUSTOMER, enrollmentId);
    await expect(page.getByRole('region', { name: 'Your plan and service' })).toBeVisible();
    await expectAccessible(page);
    await openTab(page, 'Billing');
    for (const part of ['Balance', 'Bills', 'Usage history', 'Payment history'])
      await expect(page.getByRole('region', { name: part, exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Usage history' }).locator('.recharts-surface'),
    ).toBeVisible();
    await expectAccessible(page);
    await openTab(page, 'Manage');
    await page.getByRole('button', { name: 'Cancel my service' }).click();
    await expect(page.getByText('Your plan has an early termination fee of $150.00.')).toBeVisible();
    await expectAccessible(page);
    // The demo customer keeps their service: nothing was sent.
    await page.getByRole('button', { name: 'Keep my service' }).click();
    await expect(page.getByRole('button', { name: 'Cancel my service' })).toBeVisible();
  });

  test('a Spanish-speaking customer reads the page in Spanish', async ({ page }) => {
    await page.setViewportSize(PHONE);
    // Signing in speaks the language of the customer's profile.
    const customer = await newSiteCustomer('Espanol', { plan: '12-Month Fixed', language: 'es' });
    await openEnrollmentPage(page, customer.login, customer.enrollmentId);

    await expect(page.getByRole('heading', { level: 1, name: 'Servicio en 1201 Elm St' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Su plan y su servicio' });
    await expect(summary.getByText('Inicio pendiente').first()).toBeVisible();
    await expect(summary.getByText('12 meses')).toBeVisible();
    await expectAccessible(page);
    await openTab(page, 'Facturación');
    for (const part of ['Saldo', 'Facturas', 'Historial de consumo', 'Historial de pagos'])
      await expect(page.getByRole('region', { name: part, exact: true })).toBeVisible();
    await expect(page.getByText('Todavía no hay facturas.')).toBeVisible();
    await expectAccessible(page);
    await openTab(page, 'Administrar');
    await expect(page.getByRole('region', { name: 'Facturas sin papel' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar mi servicio' }).click();
    await expect(page.getByText('Su servicio no ha iniciado: cancelar ahora no cuesta nada.')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Me cambio a otro proveedor' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  });

  test('a new customer pays their deposit on the secure payment page: a declined card, then another', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const customer = await newSiteCustomer('Deposit', { plan: '12-Month Fixed', deposit: 'PayLater' });
    await saveCard(customer.login, CARDS.declined);
    await saveCard(customer.login, CARDS.approved);
    await openEnrollmentPage(page, customer.login, customer.enrollmentId);
    await expect(page.getByText('Deposit due', { exact: true }).first()).toBeVisible();

    const deposit = page.getByRole('region', { name: 'Deposit due' });
    await expect(deposit.getByRole('heading', { name: 'Pay your deposit of $150.00' })).toBeVisible();
    await expectAccessible(page);
    await deposit.getByRole('button', { name: 'Pay $150.00 now' }).click();

    // The payment page charges the saved card chosen, then sends the customer back with the outcome.
    await expect(page).toHaveURL(/\/api\/v1\/payments\/hosted-payment\//);
    await page.getByRole('radio', { name: 'Visa ending 0010' }).check();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/\/account\/enrollments\/\d+\?payment=failed/);
    await expect(page.getByRole('alert')).toContainText(
      'The payment did not go through: the card or bank account was declined.',
    );
    await expectAccessible(page);

    await deposit.getByRole('button', { name: 'Pay $150.00 now' }).click();
    await page.getByRole('radio', { name: 'Visa ending 1111' }).check();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page).toHaveURL(/payment=paid/);
    await expect(page.getByText('Your deposit payment of $150.00 went through.')).toBeVisible();
    await expect(deposit).toHaveCount(0);

    const after = await fromSite(page, `/enrollments/${customer.enrollmentId}`);
    expect(after.pendingDepositAmount).toBe(0);
    expect(after.status).not.toBe('ON_HOLD_DEPOSIT_PENDING');

    await openTab(page, 'Billing');
    const history = page.getByRole('region', { name: 'Payment history' });
    await expect(history.getByText(/^Declined: /)).toBeVisible();
    await expect(history.getByRole('row').filter({ hasText: 'Deposit' })).toContainText('$150.00');
  });

  test.describe('paying', () => {
    // A declined payment is a 422 answer, which the browser logs.
    test.use({ allowedConsoleErrors: [expectedAnswers('422 .*/payments/pay')] });

    test('a customer pays an amount with a saved card: refused, declined, then paid and in the history', async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      const customer = await newSiteCustomer('Payer', { plan: '12-Month Fixed' });
      await saveCard(customer.login, CARDS.declined);
      await saveCard(customer.login, CARDS.approved);
      await openEnrollmentPage(page, customer.login, customer.enrollmentId, '?tab=billing');

      const balance = page.getByRole('region', { name: 'Balance' });
      const amount = balance.getByRole('textbox', { name: 'Amount (USD)' });
      await expect(amount).toHaveValue('');
      await amount.fill('0');
      await balance.getByRole('button', { name: /^Pay / }).click();
      await expect(
        balance.getByText('Enter an amount of at least $0.01, with at most two decimals.'),
      ).toBeVisible();

      await balance.getByRole('radio', { name: 'Visa ending 0010' }).check();
      await amount.fill('25.5');
      await balance.getByRole('button', { name: 'Pay $25.50' }).click();
      await expect(balance.getByRole('alert')).toHaveText(
        'The payment did not go through: the card or bank account was declined. Use another one, or ask your bank why.',
      );
      await expectAccessible(page);

      await balance.getByRole('radio', { name: 'Visa ending 1111' }).check();
      await balance.getByRole('button', { name: 'Pay $25.50' }).click();
      await expect(balance.getByRole('status')).toContainText(
        /^Thank you: your payment of \$25\.50 went through\. Confirmation number \d+\.$/,
      );
      await expect(balance.getByRole('alert')).toHaveCount(0);

      const history = page.getByRole('region', { name: 'Payment history' });
      await expect(history.getByRole('row')).toHaveCount(3);
      await expect(history.getByRole('row').filter({ hasText: 'Declined' })).toContainText('$25.50');
      await expect(history.getByRole('row').filter({ hasText: 'Payment' }).last()).toContainText('$25.50');
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);

      const paid = await fromSite<{ paidAmount: number; returnReasonDesc: string | null }[]>(
        page,
        `/payments/history-by-enrollment/${customer.enrollmentId}`,
      );
      expect(paid.filter((p) => p.returnReasonDesc === null).map((p) => p.paidAmount)).toEqual([25.5]);
    });
  });

  test('a customer turns autopay on and off and chooses how bills are delivered', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const customer = await newSiteCustomer('Autopay', { plan: '12-Month Fixed' });
    await saveCard(customer.login, CARDS.approved);
    await openEnrollmentPage(page, customer.login, customer.enrollmentId, '?tab=manage');

    const autopay = page.getByRole('region', { name: 'Autopay' });
    await expect(autopay.getByText('Autopay is off: you pay each bill yourself.')).toBeVisible();
    await autopay.getByRole('radio', { name: 'Visa ending 1111' }).check();
    await expectAccessible(page);
    await autopay.getByRole('button', { name: 'Turn on autopay' }).click();
    await expect(
      autopay.getByText(`Autopay is on: Visa ending 1111 pays each bill, since ${todayShown()}.`),
    ).toBeVisible();
    expect((await fromSite(page, `/enrollments/${customer.enrollmentId}/recurring-billing`)).status).toBe(
      'active',
    );

    await autopay.getByRole('button', { name: 'Turn off autopay' }).click();
    await expect(autopay.getByText('Autopay is off: you pay each bill yourself.')).toBeVisible();
    await expect(autopay.getByRole('status')).toHaveText('Autopay is off.');
    expect((await fromSite(page, `/enrollments/${customer.enrollmentId}/recurring-billing`)).status).toBe(
      'finished',
    );

    const paperless = page.getByRole('region', { name: 'Paperless billing' });
    await expect(paperless.getByText('Your bills are sent by email (paperless).')).toBeVisible();
    await expect(paperless.getByRole('button', { name: 'Save' })).toBeDisabled();
    await paperless.getByRole('radio', { name: 'Email and mail' }).check();
    await paperless.getByRole('button', { name: 'Save' }).click();
    await expect(paperless.getByRole('status')).toHaveText(
      'Your bills will be sent by email and mail from now on.',
    );
    await expect(paperless.getByText('Your bills are sent by email and mail.')).toBeVisible();
    expect((await fromSite(page, `/enrollments/${customer.enrollmentId}`)).id_method_delivery).toBe(3);
    await expectAccessible(page);
  });

  test.describe('once service has started', () => {
    // A move to a meter already served is refused with a 409, which the browser logs.
    test.use({ allowedConsoleErrors: [expectedAnswers('409 .*/transfer-service')] });
    test.skip(!canRunServiceTasks(), 'Needs the server’s database to start service (E2E_DATABASE_URL)');

    test('a month-to-month customer renews onto a fixed plan: the renewal waits to start', async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      // A one-month contract is in its renewal window as soon as it starts (the plan requires autopay).
      const customer = await newSiteCustomer('Renewer', { plan: 'Month-to-Month Variable' });
      await setUpAutopay(customer.login, customer.enrollmentId);
      runServiceTask('advance-enrollments');
      await openEnrollmentPage(page, customer.login, customer.enrollmentId);

      await page.getByRole('button', { name: 'See renewal offers' }).click();
      await expect(page).toHaveURL(/tab=manage/);
      const renewal = page.getByRole('region', { name: 'Renew your plan' });
      await expect(
        renewal.getByText(
          /^Your contract ends on .+\. Choose your next plan: it starts on .+, the day after\.$/,
        ),
      ).toBeVisible();
      const fixed = renewal.getByRole('radio', { name: /12-Month Fixed Electric$/ });
      await expect(
        renewal.getByRole('radio', { name: /Month-to-Month Variable Electric your plan now$/ }),
      ).toBeVisible();
      await expect(
        renewal.getByRole('link', { name: /^Electricity Facts Label of .*12-Month Fixed Electric \(PDF/ }),
      ).toHaveAttribute('href', /\/api\/v1\/documents\//);
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);

      await fixed.check();
      const submit = renewal.getByRole('button', { name: /^Renew onto .*12-Month Fixed Electric$/ });
      await submit.click();
      await expect(renewal.getByText('Agree to this to renew.').first()).toBeVisible();
      for (const box of await renewal.getByRole('checkbox').all()) await box.check();
      await submit.click();

      const scheduled = page.getByRole('region', { name: 'Renewal scheduled' });
      await expect(scheduled.getByText(/12-Month Fixed Electric starts on /)).toBeVisible();
      await expect(scheduled.getByText('Status: Renewal scheduled')).toBeVisible();
      await expectAccessible(page);
      await scheduled.getByRole('link', { name: 'See the renewal' }).click();
      await expect(page).toHaveURL(/\/account\/enrollments\/\d+$/);
      await expect(page.getByText('Renewal scheduled', { exact: true }).first()).toBeVisible();
      const renewalId = Number(new URL(page.url()).pathname.split('/').pop());
      expect(renewalId).not.toBe(customer.enrollmentId);
      expect((await fromSite(page, `/enrollments/${renewalId}`)).status).toBe('RENEWAL_PENDING');
    });

    test('a customer moves: a plan not sold at the new address, a meter already served, then the move', async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      const customer = await newSiteCustomer('Mover', { plan: '12-Month Fixed' }, true);
      const demo = await demoEnrollment();
      await openEnrollmentPage(page, customer.login, customer.enrollmentId, '?tab=manage');

      const move = page.getByRole('region', { name: 'Moving?' });
      await move.getByRole('button', { name: 'Move my service' }).click();
      await move.getByRole('textbox', { name: 'Street address' }).fill('1001 Fannin St');
      await move.getByRole('textbox', { name: 'City' }).fill('Houston');
      await move.getByRole('textbox', { name: 'Zip code' }).fill('77002');
      await move.getByRole('textbox', { name: 'ESIID' }).fill(randomEsiid());
      const newStart = move.getByRole('combobox', { name: 'First day of service at the new address' });
      await expect(newStart.locator('option')).not.toHaveCount(1);
      await newStart.selectOption({ index: 1 });
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await move.getByRole('button', { name: 'Schedule my move' }).click();
      await expect(move.getByRole('alert')).toContainText(
        'Your plan is not sold at 77002: choose a plan for your new address.',
      );
      await expect(move.getByRole('link', { name: 'See plans for 77002' })).toHaveAttribute(
        'href',
        '/plans?zip=77002&type=1',
      );

      // The ESIID lookup finds the premise at an address; this one is the demo customer's, already served.
      await move.getByRole('textbox', { name: 'Street address' }).fill(demo.service_address.address_1);
      await move.getByRole('textbox', { name: 'City' }).fill('');
      await move.getByRole('textbox', { name: 'Zip code' }).fill(demo.service_address.correspondence_zip);
      await move.getByRole('button', { name: 'Find my ESIID' }).click();
      await move.getByRole('radio', { name: new RegExp(demo.service_address.ldc_account) }).check();
      await expect(move.getByRole('textbox', { name: 'ESIID' })).toHaveValue(
        demo.service_address.ldc_account,
      );
      await expect(move.getByRole('textbox', { name: 'City' })).toHaveValue('Dallas');
      await move.getByRole('button', { name: 'Schedule my move' }).click();
      await expect(move.getByRole('alert')).toContainText('The new address already has service with us.');

      // A meter the customer reads from a bill at the new address.
      await move.getByRole('textbox', { name: 'ESIID' }).fill(randomEsiid());
      await move.getByRole('button', { name: 'Schedule my move' }).click();
      await expect(move.getByRole('status')).toContainText(
        `Your move is scheduled: service at ${demo.service_address.address_1} starts on `,
      );
      expect((await fromSite(page, `/enrollments/${customer.enrollmentId}`)).status).toBe('DROP_PENDING');
      await expect(page.getByText('Ending', { exact: true })).toBeVisible();
      await move.getByRole('link', { name: 'See your new service' }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: `Service at ${demo.service_address.address_1}` }),
      ).toBeVisible();
    });

    test('a customer cancels service: the early termination fee first, then the fee billed', async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      const customer = await newSiteCustomer('Leaver', { plan: '12-Month Fixed' }, true);
      await openEnrollmentPage(page, customer.login, customer.enrollmentId, '?tab=manage');

      const cancel = page.getByRole('region', { name: 'Cancel service' });
      await cancel.getByRole('button', { name: 'Cancel my service' }).click();
      const fee = cancel.getByText('Your plan has an early termination fee of $150.00.');
      await expect(fee).toBeVisible();
      // The fee comes before anything the customer is asked.
      const feeBox = await fee.boundingBox();
      const reasonBox = await cancel.getByText('Why are you leaving?').boundingBox();
      expect(feeBox!.y).toBeLessThan(reasonBox!.y);
      await expect(
        cancel.getByText(/^It is billed when service ends before your contract ends on /),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);

      await cancel.getByRole('button', { name: 'Cancel my service' }).click();
      await expect(cancel.getByText('Fill in this field.')).toBeVisible();
      await expect(cancel.getByText('Confirm to cancel your service.')).toBeVisible();
      await cancel.getByRole('radio', { name: 'Switching to another provider' }).check();
      await cancel.getByRole('checkbox', { name: /^I understand that my service with you ends on / }).check();
      await cancel.getByRole('button', { name: 'Cancel my service' }).click();

      await expect(cancel.getByRole('status')).toContainText(`Your service ends on ${todayShown()}.`);
      await expect(cancel.getByRole('status')).toContainText(
        'An early termination fee of $150.00 will be on your final bill.',
      );
      await expect(page.getByText('Ending', { exact: true })).toBeVisible();
      expect((await fromSite(page, `/enrollments/${customer.enrollmentId}`)).status).toBe('DROP_PENDING');
      await expectAccessible(page);
    });
  });

  test('a business customer uploads the letter of credit that replaces its deposit', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const customer = await newSiteCustomer('Letters', {
      plan: '12-Month Fixed',
      customerType: 'SmallBusiness',
      deposit: 'LetterOfCredit',
    });
    await openEnrollmentPage(page, customer.login, customer.enrollmentId);
    await expect(page.getByText('Waiting for your letter of credit').first()).toBeVisible();

    const letter = page.getByRole('region', { name: 'Letter of credit' });
    await expect(letter.getByText(/^Upload your bank's letter of credit/)).toBeVisible();
    await expect(letter.getByRole('button', { name: 'Upload' })).toBeDisabled();
    await expectAccessible(page);
    await letter.locator('input[type=file]').setInputFiles({
      name: 'bank-letter.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% the bank letter\n'),
    });
    await letter.getByRole('button', { name: 'Upload' }).click();

    await expect(letter.getByRole('status')).toHaveText(
      'We received your letter: we will review it and email you.',
    );
    await expect(letter.getByText('Your letter: bank-letter.pdf')).toBeVisible();
    await expect(letter.getByText('Received: we are reviewing it.')).toBeVisible();
    // Another letter is taken only if this one is not approved.
    await expect(letter.getByRole('button', { name: 'Upload' })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    const uploaded = await fromSite(page, `/enrollments/${customer.enrollmentId}/pending-credit-letter`);
    expect(uploaded).toMatchObject({ id_status: 0, file_name: 'bank-letter.pdf' });
  });
});
