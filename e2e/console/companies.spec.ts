import { expect, test } from '../fixtures';
import { fillNewCompany } from './companies';
import { consolePage, expectAccessible, signIn } from './console';

test.use({ allowedConsoleErrors: [/status of 40[13] .*\/ops\/api\/v1\//] });

test.describe('onboarding a supplier in the Operations console', () => {
  test('the platform operator creates a company; its Administrator sets a password and finds it empty of Bluebonnet’s data', async ({
    page,
    browser,
  }) => {
    // Two browsers, a long form, two sign-ins and the accessibility scans: longer than one page's test.
    test.slow();
    const suffix = String(Date.now());
    const email = `jordan.${suffix}@lonestarpower.example`;
    await signIn(page, 'operator');
    await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'bluebonnet-energy' })).toBeVisible();
    // The operator sees no company's work.
    await expect(page.getByRole('link', { name: 'Customers' })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'New company' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New company' })).toBeVisible();
    // An empty form says what is missing, beside each field.
    await page.getByRole('button', { name: 'Create company' }).click();
    await expect(page.getByText('Choose at least one utility the company sells in.')).toBeVisible();
    await fillNewCompany(page, suffix, email);
    await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(`lone-star-power-${suffix}`);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create company' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: `Lone Star Power ${suffix} was created` }),
    ).toBeVisible();
    const link = await page.getByRole('textbox', { name: `Set-up link for ${email}` }).inputValue();
    expect(link).toMatch(/\/setup\/[A-Za-z0-9_-]{40,}$/);
    await page.getByRole('link', { name: 'Back to companies' }).click();
    await expect(page.getByRole('row').filter({ hasText: `lone-star-power-${suffix}` })).toContainText('1');

    // The new Administrator, in a browser of their own.
    const context = await browser.newContext();
    const theirs = await context.newPage();
    await theirs.goto(consolePage(new URL(link).pathname));
    await theirs.getByRole('textbox', { name: /^New password/ }).fill('Lone-Star-Password-9');
    await theirs.getByRole('textbox', { name: 'Confirm the password' }).fill('Lone-Star-Password-9');
    await theirs.getByText('Skip the authenticator for now').click();
    await theirs.getByRole('button', { name: 'Set password', exact: true }).click();
    await expect(theirs.getByText('Your password is set. Sign in with it.')).toBeVisible();
    await theirs.getByRole('textbox', { name: 'Email' }).fill(email);
    await theirs.getByRole('textbox', { name: 'Password' }).fill('Lone-Star-Password-9');
    await theirs.getByRole('button', { name: 'Sign in' }).click();
    await expect(theirs.getByRole('button', { name: 'Account: Jordan Lee' })).toBeVisible();
    await theirs.goto(consolePage('/plans'));
    await expect(theirs.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
    await expect(theirs.getByText('No plans', { exact: true })).toBeVisible();
    await theirs.goto(consolePage('/staff'));
    await expect(theirs.getByRole('row').filter({ hasText: email })).toBeVisible();
    await expect(theirs.getByRole('row').filter({ hasText: 'admin@bluebonnet.example' })).toHaveCount(0);
    await context.close();
  });

  test('a company’s Administrator has no Companies screen, and the server refuses the list', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/companies');
    await expect(page.getByText('You do not have access')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Companies' })).toHaveCount(0);
    const status = await page.evaluate(async () => (await fetch('/ops/api/v1/platform/companies')).status);
    expect(status).toBe(403);
  });

  test('the New company form fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'operator', '/companies/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New company' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Oncor/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
  });
});
