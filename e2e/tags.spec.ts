import { expect, test, waitUntilInteractive } from './fixtures';
import { tagDefinitions } from './site-data';

test.describe('tags', () => {
  test('the tags index lists the tags used by the docs, and a tag page lists its docs', async ({ page }) => {
    const creditCheck = tagDefinitions()['credit-check']!;
    await page.goto('/tags');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tags');
    const tagLink = page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(`^${creditCheck.label} \\d+$`) });
    await expect(tagLink).toBeVisible();
    await waitUntilInteractive(page);
    await tagLink.click();
    await expect(page).toHaveURL(new RegExp(`/tags${creditCheck.permalink}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(creditCheck.label);
    await expect(page.getByRole('main').getByRole('link', { name: 'Credit Check' })).toBeVisible();
  });

  test('the tags index lists at least 185 tags, each defined in tags.yml', async ({ page }) => {
    const labels = new Set(Object.values(tagDefinitions()).map((tag) => tag.label));
    await page.goto('/tags');
    const names = await page
      .getByRole('main')
      .getByRole('link', { name: /\s\d+$/ })
      .allTextContents();
    const listed = names.map((name) => name.replace(/\s*\d+$/, '').trim());
    expect(listed.length).toBeGreaterThanOrEqual(185);
    for (const label of listed) expect(labels.has(label), label).toBe(true);
  });

  test('a doc shows its tags, which link to the tag pages', async ({ page }) => {
    await page.goto('/Payments/Credit Check');
    await waitUntilInteractive(page);
    const tag = page.getByRole('article').getByRole('link', { name: tagDefinitions()['deposits']!.label });
    await tag.click();
    await expect(page).toHaveURL(/\/tags\/deposits$/);
  });
});
