import { expect, test } from '../fixtures';
import { enroll, PLAN_ID, SSN, shopFor } from './journey';
import { freePremise } from './premises';
import { expectAccessible, PHONE } from './site';

// Each is a whole journey (shopping, the wizard's steps, axe on each): on a busy CI machine one takes about a minute.
test.describe.configure({ timeout: 150_000 });

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
    await expect(page.getByRole('link', { name: 'My account', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
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

test.describe('the wizard', () => {
  test('keeps its answers across a reload, but never the SSN or the password', async ({ page }) => {
    const premise = await freePremise(PLAN_ID);
    await shopFor(page, premise);
    await page.getByRole('textbox', { name: 'Street address' }).fill(premise.address);
    await page.getByRole('textbox', { name: 'City' }).fill(premise.city);
    await page.getByRole('button', { name: 'Find my ESIID' }).click();
    await page.getByRole('radio', { name: new RegExp(premise.esiid) }).check();
    await page.getByRole('radio', { name: 'Switching to us at my current address' }).check();
    await page.getByRole('combobox', { name: 'Start date' }).selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'First name' }).fill('Rosa');
    await page.getByLabel('Social security number').fill(SSN.approved);
    await page.getByLabel(/^Password/).fill('Shopper-Password-1');

    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'About you' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Rosa');
    await expect(page.getByLabel('Social security number')).toHaveValue('');
    await expect(page.getByLabel(/^Password/)).toHaveValue('');
    const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
    expect(stored).toContain('Rosa');
    expect(stored).not.toContain('6720');
    expect(stored).not.toContain('Shopper-Password-1');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('textbox', { name: 'Account number at the utility' })).toHaveValue(
      premise.esiid,
    );
  });

  test("shows the API's refusal next to the field it names", async ({ page }) => {
    const premise = await freePremise(PLAN_ID);
    await shopFor(page, premise);
    await page.getByRole('textbox', { name: 'Street address' }).fill(premise.address);
    await page.getByRole('textbox', { name: 'City' }).fill(premise.city);
    // An ESIID of the right shape that the ERCOT directory does not know at this address.
    await page.getByRole('textbox', { name: 'Account number at the utility' }).fill('10443720999999999');
    await page.getByRole('radio', { name: 'Switching to us at my current address' }).check();
    await page.getByRole('combobox', { name: 'Start date' }).selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').first()).toContainText('Some answers need a look');
    await expect(
      page.getByRole('textbox', { name: 'Account number at the utility' }),
    ).toHaveAccessibleDescription(/No premise has this ESIID/);
    await expect(page.getByRole('heading', { level: 2, name: 'About you' })).toHaveCount(0);
  });
});
