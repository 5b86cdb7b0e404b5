import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { consolePage, dialogOpen, expectAccessible, signIn } from './console';

test.use({
  allowedConsoleErrors: [/status of (401 .*\/ops\/api\/v1\/session|409 )/],
});

/** Reads or changes the console's API from the signed-in page, with the session's CSRF token. */
async function opsCall(page: Page, method: string, apiPath: string, body?: unknown) {
  return page.evaluate(
    async ({ method, apiPath, body }) => {
      const session = await (await fetch('/ops/api/v1/session')).json();
      const response = await fetch(`/ops/api/v1${apiPath}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, envelope: await response.json() };
    },
    { method, apiPath, body },
  );
}

test.describe('Company set-up in the Operations console', () => {
  test('an Administrator reads each setting’s meaning, changes the payment limit and adds and edits a brand', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'admin', '/');
    // The navigation offers the screen, and g then y opens it.
    await expect(page.getByRole('link', { name: 'Company set-up' }).first()).toBeVisible();
    await page.keyboard.press('g');
    await page.keyboard.press('y');
    await expect(page.getByRole('heading', { level: 1, name: 'Company set-up' })).toBeVisible();
    await expect(page).toHaveURL(/\/company-setup$/);

    await expect(page.getByRole('combobox', { name: 'Payment gateway' })).toHaveValue(
      /AuthorizeNET|iCheckGateway/,
    );
    await expect(page.getByText('Self-service customers may re-enroll.')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'Payments and credit' }).click();
    await expect(page).toHaveURL(/tab=payments/);
    const limit = page.getByRole('textbox', { name: 'Max single payment cents' });
    await expect(limit).toHaveValue('500,000');
    await expect(page.getByText('From 1 to 365.')).toBeVisible();
    await expectAccessible(page);
    await limit.fill('250000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    const saved = await opsCall(page, 'GET', '/company-setup/settings');
    expect(saved.envelope.data.values.max_single_payment_cents).toBe(250_000);
    // The other browser tests pay as the sandbox does: the limit goes back to what it was.
    await limit.fill('500000');
    // The notification of the first save sits over the Save button: Enter submits the form as well.
    await limit.press('Enter');
    await expect
      .poll(
        async () =>
          (await opsCall(page, 'GET', '/company-setup/settings')).envelope.data.values
            .max_single_payment_cents,
      )
      .toBe(500_000);

    await page.getByRole('tab', { name: 'Brands' }).click();
    await expect(page.getByRole('row', { name: /Bluebonnet Energy/ })).toBeVisible();
    const systemName = `e2e-brand-${Date.now()}`;
    await page.getByRole('button', { name: 'Add brand' }).click();
    const add = await dialogOpen(page, 'Add a brand');
    const fields: [string, string][] = [
      ['System name', systemName],
      ['Name', 'Lone Star Power'],
      ['Legal name', 'Lone Star Power LLC'],
      ['Licence number', '10999'],
      ['Web site', 'https://lonestar.example'],
      ['Self-service site', 'https://my.lonestar.example'],
      ['Support phone', '+1-214-555-0199'],
      ['Email', 'hello@lonestar.example'],
      ['Office hours', 'Weekdays 8-6'],
      ['Wizard welcome', 'Welcome to Lone Star Power'],
      ['Wizard thank-you', 'Thank you'],
    ];
    for (const [label, value] of fields)
      await add.getByRole('textbox', { name: label, exact: true }).fill(value);
    await add.getByRole('textbox', { name: 'Primary colour' }).fill('#aa3300');
    // Closes the colour picker's dropdown, whose swatch area is a mouse-only control.
    await add.getByRole('heading', { name: 'Add a brand' }).click();
    await expectAccessible(page);
    await add.getByRole('button', { name: 'Add brand' }).click();
    await expect(page.getByText('Brand saved')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(systemName) });
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Edit Lone Star Power' }).click();
    const edit = await dialogOpen(page, 'Edit Lone Star Power');
    await expect(edit.getByRole('textbox', { name: 'System name' })).toBeDisabled();
    await edit.getByRole('textbox', { name: 'Support phone' }).fill('+1-214-555-0100');
    await edit.getByRole('button', { name: 'Save brand' }).click();
    await expect(row.getByText('+1-214-555-0100')).toBeVisible();

    await page.getByRole('tab', { name: 'Reference lists' }).click();
    await expect(page.getByRole('heading', { name: 'Customer types' })).toBeVisible();
    await expect(page.getByText(/The installation's, the same for every company/).first()).toBeVisible();
    await expectAccessible(page);

    const audit = await opsCall(page, 'GET', '/audit-log?targetType=brand');
    expect(audit.envelope.data[0]).toMatchObject({ action: 'brand.change' });
  });

  test('on a phone, the settings and the brands fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'admin', '/company-setup?tab=payments');
    await expect(page.getByRole('textbox', { name: 'Max single payment cents' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Brands' }).click();
    await expect(page.getByRole('button', { name: 'Add brand' })).toBeVisible();
    await expectAccessible(page);
  });

  test('Pricing staff have no company set-up: no entry, the page refuses, the API refuses', async ({
    page,
  }) => {
    await signIn(page, 'pricing', '/');
    await expect(page.getByRole('link', { name: 'Plans' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Company set-up' })).toHaveCount(0);
    await page.goto(consolePage('/company-setup'));
    await expect(page.getByText('You do not have access')).toBeVisible();
    const answer = await page.request.get(consolePage('/ops/api/v1/company-setup/settings'));
    expect(answer.status()).toBe(403);
  });
});
