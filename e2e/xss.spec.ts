import type { Page } from '@playwright/test';
import { expect, test, waitUntilInteractive } from './fixtures';

/**
 * Text that the site shows back from the address (search words, highlight words, unknown paths) must be
 * shown as text, never run. Every payload sets window.__xss or opens a dialog if it ever executes.
 */
const payloads = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload="window.__xss=1">',
  'javascript:window.__xss=1',
];

async function expectNothingRan(page: Page, open: () => Promise<unknown>) {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await open();
  await waitUntilInteractive(page);
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
}

test.describe('text from the address is shown, never run', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  for (const payload of payloads) {
    test(`search page with q=${payload}`, async ({ page }) => {
      await expectNothingRan(page, () => page.goto(`/search?q=${encodeURIComponent(payload)}`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(payload);
      await expect(page.locator('img[src="x"], svg[onload]')).toHaveCount(0);
    });

    test(`highlighted doc page with _highlight=${payload}`, async ({ page }) => {
      await expectNothingRan(page, () =>
        page.goto(`/Payments/Credit%20Check?_highlight=${encodeURIComponent(payload)}`),
      );
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });

    test(`unknown path and hash with ${payload}`, async ({ page }) => {
      await expectNothingRan(page, () =>
        page.goto(`/No Such Page/${encodeURIComponent(payload)}#${encodeURIComponent(payload)}`),
      );
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    });
  }
});
