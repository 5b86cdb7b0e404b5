import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectAccessible, signIn } from './console';

// Before signing in the console is told nobody is (401); the refused template answers 422: the browser logs both.
test.use({ allowedConsoleErrors: [/status of 401 .*\/ops\/api\/v1\/session|status of 422 /] });

const PACKAGE = 'Bluebonnet Residential (English)';
/** No other browser test reads the English payment-failed email, so its text can change for a while. */
const TRIGGER = 'payment.failed';

async function openTemplate(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Autoresponders' })).toBeVisible();
  await page.getByRole('link', { name: PACKAGE, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: PACKAGE })).toBeVisible();
  await page.getByRole('link', { name: TRIGGER, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: TRIGGER })).toBeVisible();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save template' }).click();
}

test.describe('autoresponders in the Operations console', () => {
  test('Marketing edits a template: an unknown variable is refused beside the text, then previewed and tested into the outbox', async ({
    page,
  }) => {
    // Four screens checked for accessibility, an edit refused and saved, a preview and a test: longer than most.
    test.slow();
    await signIn(page, 'marketing', '/autoresponders');
    await expectAccessible(page);
    await openTemplate(page);
    await expectAccessible(page);

    const text = page.getByRole('textbox', { name: 'Text' });
    const original = await text.inputValue();
    await text.fill(`${original}\n\nSee you, {{customer_nickname}}.`);
    await save(page);
    await expect(page.getByText(/Not a variable of this trigger: \{\{customer_nickname\}\}/)).toBeVisible();
    await expect(text).toHaveAttribute('aria-invalid', 'true');

    // A variable of the list goes where the caret is.
    await text.fill(`${original}\n\nQuestions? Call `);
    await text.press('End');
    await page.getByRole('button', { name: 'Insert {{brand_phone}}' }).click();
    await expect(text).toHaveValue(`${original}\n\nQuestions? Call {{brand_phone}}`);
    await save(page);
    await expect(page.getByText('Template saved')).toBeVisible();
    await expect(text).not.toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('button', { name: 'Preview' }).click();
    const rendered = page.getByLabel('Rendered message');
    await expect(rendered).toContainText('Questions? Call +1-512-555-0142');
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'Send to' }).fill('marketing-test@bluebonnet.example');
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText('Test queued')).toBeVisible();
    await page.getByRole('link', { name: 'See the outbox' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mail outbox' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'm***@b***.example' }).first();
    await expect(row).toContainText('[Test]');
    await expect(row).toContainText(/Queued|Sent/);
    await expectAccessible(page);

    // As it was, for the other tests.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: TRIGGER })).toBeVisible();
    await page.getByRole('textbox', { name: 'Text' }).fill(original);
    await save(page);
    await expect(page.getByText('Template saved').last()).toBeVisible();
  });

  test('an Operations agent reads a template and its outbox but cannot change it', async ({ page }) => {
    await signIn(page, 'agent', '/autoresponders');
    await openTemplate(page);
    await expect(page.getByRole('textbox', { name: 'Text' })).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Save template' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send test' })).toHaveCount(0);
    await expect(page.getByText('Marketing and Administrators change templates')).toBeVisible();
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByLabel('Rendered message')).toBeVisible();
  });

  test('the outbox filters by delivery status on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'agent', '/mail-outbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Mail outbox' })).toBeVisible();
    await page.getByText('Bounced', { exact: true }).first().click();
    await expect(page).toHaveURL(/status=bounced/);
    await expect(page.getByRole('heading', { name: 'Bounced addresses' })).toBeVisible();
    await expectAccessible(page);
  });
});
