import type { Page } from '@playwright/test';
import { expect as baseExpect, test, waitUntilInteractive } from './fixtures';
import { openApiDocument, openApiOperations, openApiTags } from './site-data';

// The browser builds the whole search index (several MB) before the first hit shows: a budget for two browsers doing
// it at once on a small, busy machine (a CI run saw 25 s), not a speed claim (bench/website.mjs measures the search's
// speed).
const expect = baseExpect.configure({ timeout: 45_000 });

async function searchFromNavbar(page: Page, query: string) {
  const navbar = page.getByRole('navigation', { name: 'Main' });
  await waitUntilInteractive(page);
  await page.keyboard.press('Control+k');
  const box = navbar.getByPlaceholder('Search');
  await expect(box).toBeFocused();
  await box.pressSequentially(query);
  return box;
}

test.describe('search', () => {
  test.describe.configure({ timeout: 90_000 });
  test('Ctrl+K focuses the search box, whose shortcut hint is shown', async ({ page }) => {
    await page.goto('/');
    const navbar = page.getByRole('navigation', { name: 'Main' });
    const box = navbar.getByPlaceholder('Search');
    await expect(box).toHaveAttribute('aria-label', 'Search');
    await expect(navbar.locator('kbd')).toHaveText([/ctrl/i, 'K']);
    await waitUntilInteractive(page);
    await page.keyboard.press('Control+k');
    await expect(box).toBeFocused();
  });

  test('the search index is fetched only when the search box is first hovered', async ({ page }) => {
    const indexRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('search-index')) indexRequests.push(request.url());
    });
    await page.goto('/Getting Started');
    await waitUntilInteractive(page);
    expect(indexRequests).toEqual([]);
    const indexRequest = page.waitForRequest(/search-index.*\.json/);
    await page.getByRole('navigation', { name: 'Main' }).getByPlaceholder('Search').hover();
    await indexRequest;
    expect(indexRequests.length).toBeGreaterThan(0);
  });

  test('a hit opens its page with the search words highlighted, and the highlight can be cleared', async ({
    page,
  }) => {
    await page.goto('/');
    await searchFromNavbar(page, 'credit check');
    const hit = page.getByRole('option').filter({ hasText: 'Credit Check' }).first();
    await expect(hit).toBeVisible();
    await expect(hit).toContainText('Payments');
    await hit.click();
    await expect(page).toHaveURL(/\/Payments\/Credit%20Check\?_highlight=credit&_highlight=check/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Credit Check');
    const marks = page.locator('article mark');
    await expect(marks.first()).toBeVisible();
    expect(((await marks.allTextContents()).join(' ') || '').toLowerCase()).toContain('credit');
    await page.getByRole('button', { name: '✕' }).click();
    await expect(marks).toHaveCount(0);
    await expect(page).not.toHaveURL(/_highlight/);
  });

  test('"See all results" opens the search page with the query', async ({ page }) => {
    await page.goto('/');
    await searchFromNavbar(page, 'enrollment');
    await page.getByRole('link', { name: 'See all results' }).click();
    await expect(page).toHaveURL(/\/search\/?\?q=enrollment$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('enrollment');
    await expect(page.getByRole('article').filter({ hasText: 'Enrollment Statuses' }).first()).toBeVisible();
  });

  test('words typed while the search index is still loading are searched once it arrives', async ({
    page,
  }) => {
    let releaseIndex = () => {};
    const typed = new Promise<void>((resolve) => {
      releaseIndex = resolve;
    });
    await page.route(/search-index.*\.json/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto('/');
    await searchFromNavbar(page, 'credit check');
    releaseIndex();
    await expect(page.getByRole('option').filter({ hasText: 'Credit Check' }).first()).toBeVisible();
  });

  test('a query without hits shows "No results"', async ({ page }) => {
    await page.goto('/');
    await searchFromNavbar(page, 'qqxzvbnmw');
    await expect(page.getByText('No results', { exact: true })).toBeVisible();
  });

  test('release notes are found', async ({ page }) => {
    await page.goto('/Getting Started');
    await searchFromNavbar(page, 'release');
    await expect(
      page
        .getByRole('option')
        .filter({ hasText: /Release \d{4}-\d{2}/ })
        .first(),
    ).toBeVisible();
  });

  test('API reference hits carry the "API Reference" path label', async ({ page }) => {
    const document = openApiDocument();
    const operation = openApiOperations(document).find((o) => o.summary && o.tags?.length)!;
    await page.goto('/');
    await searchFromNavbar(page, operation.summary!);
    // The hit for the operation's heading shows the path of its page: "API Reference › {tag}".
    const hit = page
      .getByRole('option')
      .filter({ hasText: `API Reference › ${operation.tags![0]}` })
      .first();
    await expect(hit).toBeVisible();
    await hit.click();
    await expect(page).toHaveURL(/\/docs\/api-reference\/[^?#]+\?_highlight=.*#/);
    await expect(page.locator('article mark').first()).toBeVisible();
  });

  test('the search index holds the docs, the release notes and the API reference', async ({ page }) => {
    await page.goto('/');
    const response = await page.request.get('/search-index.json');
    expect(response.ok()).toBe(true);
    const indexes = (await response.json()) as { documents: { u: string; t: string; b?: string[] }[] }[];
    const documents = indexes.flatMap((index) => index.documents);
    const titles = (prefix: string) => documents.filter((d) => d.u.startsWith(prefix)).map((d) => d.t);

    expect(titles('/Payments/Credit Check')).toContain('Credit Check');
    expect(titles('/Enrollments/Enrollment Statuses')).toContain('Enrollment Statuses');
    expect(titles('/Release Notes/').length).toBeGreaterThan(0);
    expect(titles('/Release Notes/')).toContainEqual(expect.stringMatching(/^Release \d{4}-\d{2}$/));

    const document = openApiDocument();
    const apiTitles = titles('/docs/api-reference/');
    for (const tag of openApiTags(document)) expect(apiTitles).toContain(tag);
    for (const operation of openApiOperations(document).filter((o) => o.summary)) {
      expect(apiTitles).toContain(operation.summary);
    }
  });
});
