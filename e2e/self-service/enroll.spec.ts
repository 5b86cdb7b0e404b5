import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { freePremise, type Premise } from './premises';
import { expectAccessible, PHONE, sitePage } from './site';

/** The sandbox plan every journey buys: 12-month fixed, credit check required, a $150 deposit under a score of 550. */
const PLAN = 'Bluebonnet Energy 12-Month Fixed Electric';
const PLAN_ID = 1;

/** The sandbox credit bureau scores an SSN by its last three digits (300–850). */
const SSN = { approved: '123-45-6720', depositRequired: '123-45-6540' } as const;

interface Shopper {
  lastName: string;
  ssn: string;
}

const uniqueName = () => `shopper${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Plan shopping by zip code, to the plan's wizard. */
async function shopFor(page: Page, premise: Premise) {
  await page.goto(sitePage('/'));
  await page.getByRole('textbox', { name: 'Service zip code' }).fill(premise.zipcode);
  await page.getByRole('button', { name: 'See plans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Plans for ${premise.zipcode}` })).toBeVisible();
  const card = page.getByRole('article', { name: PLAN });
  await expect(card.getByText(/About \$[\d,.]+ a month at 1,000 kWh/)).toBeVisible();
  await expectAccessible(page);
  await card.getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Sign up for ${PLAN}` })).toBeVisible();
}

/** The wizard from the service address to the enrollment, as a new customer. */
async function enroll(page: Page, premise: Premise, shopper: Shopper, depositChoice?: string) {
  await page.getByRole('textbox', { name: 'Street address' }).fill(premise.address);
  await page.getByRole('textbox', { name: 'City' }).fill(premise.city);
  await page.getByRole('button', { name: 'Find my ESIID' }).click();
  await page.getByRole('radio', { name: new RegExp(premise.esiid) }).check();
  await expect(page.getByRole('textbox', { name: 'Account number at the utility' })).toHaveValue(
    premise.esiid,
  );
  await page.getByRole('radio', { name: 'Switching to us at my current address' }).check();
  const startDate = page.getByRole('combobox', { name: 'Start date' });
  await expect(startDate).toBeEnabled();
  await startDate.selectOption({ index: 2 });
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  const username = uniqueName();
  await page.getByRole('textbox', { name: 'First name' }).fill('Ana');
  await page.getByRole('textbox', { name: 'Last name' }).fill(shopper.lastName);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.com`);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('(214) 555-0100');
  await page.getByLabel('Social security number').fill(shopper.ssn);
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel(/^Password/).fill('Shopper-Password-1');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Credit check' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'I authorize this credit check' }).check();
  await page.getByRole('button', { name: 'Check my credit' }).click();
  if (depositChoice) {
    await expect(page.getByText('A deposit of $150.00 is needed to start service.')).toBeVisible();
    await page.getByRole('radio', { name: depositChoice }).check();
  } else {
    await expect(page.getByText('Good news: no deposit is needed.')).toBeVisible();
  }
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Review and agree' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign up' }).click();
  // Every required agreement is asked for before anything is sent.
  await expect(page.getByText('Agree to this to sign up.').first()).toBeVisible();
  const requiredOptions = page.locator('input[type="checkbox"][required]');
  await expect(requiredOptions).toHaveCount(2);
  for (const option of await requiredOptions.all()) await option.check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Your enrollment number is \d+\./)).toBeVisible();
}

test.describe('shopping by zip code to a finished enrollment', () => {
  test('approved: no deposit, sent to the billing system', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const premise = await freePremise(PLAN_ID);
    await shopFor(page, premise);
    await enroll(page, premise, { lastName: 'Approved', ssn: SSN.approved });
    await expect(page.getByText(/^Status: /)).toBeVisible();
    await expect(page.getByText(/deposit/i)).toHaveCount(0);
    await expectAccessible(page);
    // The new customer is signed in with the login they made: My account is theirs.
    await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
  });

  test('deposit required and paid on the hosted payment page', async ({ page }) => {
    const premise = await freePremise(PLAN_ID);
    await shopFor(page, premise);
    await enroll(
      page,
      premise,
      { lastName: 'Deposit', ssn: SSN.depositRequired },
      'Pay it now by card or bank account',
    );
    await expect(page.getByRole('heading', { name: 'Pay your deposit of $150.00' })).toBeVisible();
    const form = page.frameLocator('iframe[title="Secure payment form"]');
    await form.getByLabel('Card number').fill('4111111111111111');
    await form.getByLabel('Expiry date (MM/YY)').fill('12/30');
    await form.getByLabel('Security code (CVV)').fill('123');
    await form.getByLabel('Name on card').fill('Ana Deposit');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Pay $150.00 now' }).click();
    // Voltin's hosted payment page, on the API's address: the saved card is chosen, the deposit filled in.
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByText('Your deposit payment of $150.00 went through.')).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('heading', { name: /Pay your deposit/ })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('deposit required and paid later', async ({ page }) => {
    const premise = await freePremise(PLAN_ID);
    await shopFor(page, premise);
    await enroll(
      page,
      premise,
      { lastName: 'Later', ssn: SSN.depositRequired },
      'Pay it later (service starts once it is paid)',
    );
    await expect(
      page.getByText(
        'Your deposit of $150.00 is due before service starts: pay it any time from My account.',
      ),
    ).toBeVisible();
  });

  test('billing system offline: received, to be finished without the customer', async ({ page }) => {
    const premise = await freePremise(PLAN_ID);
    await shopFor(page, premise);
    await enroll(page, premise, { lastName: 'Offline', ssn: SSN.approved });
    await expect(
      page.getByText(
        'We received your enrollment and will finish it shortly: there is nothing more for you to do.',
      ),
    ).toBeVisible();
  });
});
