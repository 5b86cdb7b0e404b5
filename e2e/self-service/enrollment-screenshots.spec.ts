import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { canRunServiceTasks, runServiceTask } from '../console/sandbox';
import { expect, test } from '../fixtures';
import {
  CARDS,
  demoEnrollment,
  newSiteCustomer,
  openEnrollmentPage,
  payAsCustomer,
  saveCard,
  setUpAutopay,
} from './account-sandbox';
import { DEMO_CUSTOMER, DESKTOP, PHONE } from './site';

/**
 * The pictures of the docs' My Account page: each part of the enrollment page, on a phone (360 px wide) and on a
 * desktop, written to apps/docs/static/img/my-account/enrollment-<part>-<phone|desktop>.png at every run. Each test
 * makes its customer through the sandbox API and opens the page as that customer.
 */
const PICTURES = path.resolve(__dirname, '../../apps/docs/static/img/my-account');
const SIZES = { phone: PHONE, desktop: DESKTOP } as const;

test.use({
  colorScheme: 'light',
  // "None yet" answers 404 (no autopay, no letter); a sign-in may be throttled (429) while parallel tests sign in.
  allowedConsoleErrors: [
    /status of (404 .*\/(recurring-billing|pending-credit-letter)|429 .*\/site\/api\/session)/,
  ],
});

/** Waits until the part has nothing left to load, then writes its picture at both sizes. */
async function pictures(page: Page, part: string, region: (page: Page) => Locator) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    await page.mouse.move(0, 0);
    mkdirSync(PICTURES, { recursive: true });
    await region(page).screenshot({
      path: path.join(PICTURES, `enrollment-${part}-${size}.png`),
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    });
  }
}

const section = (name: string) => (page: Page) => page.getByRole('region', { name, exact: true });

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

test.describe('the pictures of the enrollment page of My account', () => {
  test('summary, balance, bills and usage: the demo customer’s service', async ({ page }) => {
    await openEnrollmentPage(page, DEMO_CUSTOMER, (await demoEnrollment()).id_enrollment);
    await expect(section('Your plan and service')(page).getByRole('link').first()).toBeVisible();
    await pictures(page, 'summary', section('Your plan and service'));

    await openTab(page, 'Billing');
    await expect(section('Balance')(page).getByText('Amount due', { exact: true })).toBeVisible();
    await pictures(page, 'balance', section('Balance'));
    await expect(section('Bills')(page).getByRole('heading', { name: /^Latest bill/ })).toBeVisible();
    await pictures(page, 'statements', section('Bills'));
    await expect(section('Usage history')(page).locator('.recharts-bar-rectangle').first()).toBeVisible();
    await pictures(page, 'usage', section('Usage history'));
  });

  test('payment history, autopay and paperless billing: a customer who paid and set up autopay', async ({
    page,
  }) => {
    const customer = await newSiteCustomer('Pictures', { plan: '12-Month Fixed' });
    await payAsCustomer(customer.login, customer.enrollmentId, CARDS.declined, 42.5);
    await payAsCustomer(customer.login, customer.enrollmentId, CARDS.approved, 42.5);
    await setUpAutopay(customer.login, customer.enrollmentId);
    await openEnrollmentPage(page, customer.login, customer.enrollmentId, '?tab=billing');
    await expect(section('Payment history')(page).getByRole('row')).toHaveCount(3);
    await pictures(page, 'payment-history', section('Payment history'));

    await openTab(page, 'Manage');
    await expect(section('Autopay')(page).getByText(/^Autopay is on/)).toBeVisible();
    await pictures(page, 'autopay', section('Autopay'));
    await section('Paperless billing')(page).getByRole('radio', { name: 'Email and mail' }).check();
    await pictures(page, 'paperless', section('Paperless billing'));
  });

  test('deposit: a customer whose deposit is due', async ({ page }) => {
    const customer = await newSiteCustomer('Pictures', { plan: '12-Month Fixed', deposit: 'PayLater' });
    await saveCard(customer.login, CARDS.approved);
    await openEnrollmentPage(page, customer.login, customer.enrollmentId);
    await expect(section('Deposit due')(page).getByRole('button', { name: /^Pay / })).toBeVisible();
    await pictures(page, 'deposit', section('Deposit due'));
  });

  test('letter of credit: a business that gives one instead of a deposit', async ({ page }) => {
    const customer = await newSiteCustomer('Pictures', {
      plan: '12-Month Fixed',
      customerType: 'SmallBusiness',
      deposit: 'LetterOfCredit',
    });
    await openEnrollmentPage(page, customer.login, customer.enrollmentId);
    await expect(section('Letter of credit')(page).getByRole('button', { name: 'Upload' })).toBeVisible();
    await pictures(page, 'credit-letter', section('Letter of credit'));
  });

  test.describe('once service has started', () => {
    test.skip(!canRunServiceTasks(), 'Needs the server’s database to start service (E2E_DATABASE_URL)');

    test('renewal offers: a month-to-month customer in the renewal window', async ({ page }) => {
      const customer = await newSiteCustomer('Pictures', { plan: 'Month-to-Month Variable' });
      await setUpAutopay(customer.login, customer.enrollmentId);
      runServiceTask('advance-enrollments');
      await openEnrollmentPage(page, customer.login, customer.enrollmentId, '?tab=manage');
      const renewal = section('Renew your plan');
      await renewal(page)
        .getByRole('radio', { name: /12-Month Fixed Electric$/ })
        .check();
      await expect(renewal(page).getByRole('checkbox').first()).toBeVisible();
      await pictures(page, 'renewal', renewal);
    });

    test('move and cancel: a customer on a 12-month plan', async ({ page }) => {
      const customer = await newSiteCustomer('Pictures', { plan: '12-Month Fixed' }, true);
      await openEnrollmentPage(page, customer.login, customer.enrollmentId, '?tab=manage');
      await openMoveForm(page);
      await pictures(page, 'move', section('Moving?'));
      await page.getByRole('button', { name: 'Not now' }).click();

      const cancel = section('Cancel service');
      await cancel(page).getByRole('button', { name: 'Cancel my service' }).click();
      await cancel(page).getByRole('radio', { name: 'Price' }).check();
      await expect(cancel(page).getByText(/^Your plan has an early termination fee of /)).toBeVisible();
      await pictures(page, 'cancel', cancel);
    });
  });
});

/** The move form filled in: a new address in Dallas, its ESIID found by the address. */
async function openMoveForm(page: Page) {
  const move = section('Moving?')(page);
  await move.getByRole('button', { name: 'Move my service' }).click();
  await move.getByRole('textbox', { name: 'Street address' }).fill('6949 Oak Lawn Ave');
  await move.getByRole('textbox', { name: 'Zip code' }).fill('75201');
  await move.getByRole('button', { name: 'Find my ESIID' }).click();
  await move.getByRole('radio').first().check();
  await move
    .getByRole('combobox', { name: 'First day of service at the new address' })
    .selectOption({ index: 1 });
}
