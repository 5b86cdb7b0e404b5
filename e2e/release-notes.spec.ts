import { expect, test } from './fixtures';
import { releaseNoteIssues, releaseNotesByYear } from './site-data';

test.describe('release notes', () => {
  test('a post is at /Release Notes/{year}/{year}-{nn}, with its reading time', async ({ page }) => {
    const byYear = releaseNotesByYear();
    const year = Object.keys(byYear).sort()[0];
    test.skip(!year, 'No release notes yet');
    const post = byYear[year!]![0]!;
    const response = await page.goto(`/Release Notes/${year}/${post}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('article header')).toContainText(/min read/);
  });

  test('the sidebar lists every post, grouped by year, newest year first', async ({ page }) => {
    const byYear = releaseNotesByYear();
    const years = Object.keys(byYear).sort().reverse();
    test.skip(years.length === 0, 'No release notes yet');
    await page.goto(`/Release Notes/${years[0]}/${byYear[years[0]!]!.at(-1)}`);
    const sidebar = page.getByRole('navigation', { name: 'Blog recent posts navigation' });
    await expect(sidebar.getByRole('heading', { level: 3 })).toHaveText(years);
    for (const year of years) {
      const group = sidebar.getByRole('group').filter({ has: page.getByRole('heading', { name: year }) });
      const links = group.getByRole('link');
      await expect(links, `posts of ${year}`).toHaveCount(byYear[year]!.length);
      for (const post of byYear[year]!) {
        await expect(group.locator(`a[href$="/${year}/${post}"]`), post).toHaveCount(1);
      }
    }
  });

  test('the release notes index lists posts with a "Read more" link', async ({ page }) => {
    test.skip(Object.keys(releaseNotesByYear()).length === 0, 'No release notes yet');
    await page.goto('/Release Notes');
    await expect(page).toHaveTitle(/Voltin Release Notes/);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(
      page.getByRole('link', { name: /^Read more about Release \d{4}-\d{2}$/ }).first(),
    ).toBeVisible();
  });

  test('every issue of spec 2.3 is published', async ({ page }) => {
    const missing: string[] = [];
    for (const [year, [first, last]] of Object.entries(releaseNoteIssues)) {
      for (let issue = first; issue <= last; issue++) {
        const route = `/Release Notes/${year}/${year}-${String(issue).padStart(2, '0')}`;
        const response = await page.request.get(encodeURI(route));
        if (response.status() !== 200) missing.push(route);
      }
    }
    expect(missing).toEqual([]);
  });
});
