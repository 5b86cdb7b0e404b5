import { expect, test } from './fixtures';

const toggleName = /Switch between dark and light mode/;

test.describe('colour mode', () => {
  // The reader's system prefers dark; the site still starts light (respectPrefersColorScheme: false).
  test.use({ colorScheme: 'dark' });

  test('starts light, switches to dark, and keeps the choice across a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: toggleName }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    // Stored in local storage under the framework's key, without a site namespace.
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: toggleName }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('a change in one tab shows in the other tab', async ({ context, page }) => {
    await page.goto('/');
    const other = await context.newPage();
    await other.goto('/Getting Started');
    await expect(other.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: toggleName }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
    await other.getByRole('button', { name: toggleName }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});
