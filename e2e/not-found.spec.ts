import { expect, test } from './fixtures';

test.describe('unknown paths', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('an unknown path shows the not-found page', async ({ page }) => {
    const response = await page.goto('/No Such Section/No Such Page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('Search')).toBeVisible();
  });
});
