import { expect, test, waitUntilInteractive } from './fixtures';
import { docRoutes, sidebarSections } from './site-data';

test.describe('navigation', () => {
  test('the home page is the introduction, with the navbar title, logo, search box and dark footer', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Voltin Documentation');
    await expect(page).toHaveTitle('Voltin Documentation | Voltin');
    const navbar = page.getByRole('navigation', { name: 'Main' });
    await expect(navbar.getByRole('link', { name: 'Voltin' }).first()).toBeVisible();
    await expect(navbar.getByRole('img', { name: 'Voltin logo' })).toBeVisible();
    await expect(
      navbar.getByRole('searchbox', { name: 'Search' }).or(navbar.getByPlaceholder('Search')),
    ).toBeVisible();
    // No navbar items besides the search box (and the colour mode switch).
    await expect(navbar.locator('.navbar__items a.navbar__link')).toHaveCount(0);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toHaveClass(/footer--dark/);
    await expect(footer).toHaveText('Copyright © 2025 Voltin');
    await expect(footer.getByRole('link')).toHaveCount(0);
  });

  test('the sidebar lists every section and page in the order of the specification', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    const topLevel = sidebar.locator(':scope > ul > li > a, :scope > ul > li > div > a');
    await expect(topLevel).toHaveText([
      'Introduction',
      'Getting Started',
      ...sidebarSections.map(([title]) => title),
    ]);
    for (const [section, pages] of sidebarSections) {
      const entries = sidebar
        .locator(':scope > ul > li')
        .filter({ has: page.locator(':scope > div > a', { hasText: new RegExp(`^${section}$`) }) })
        .locator(':scope > ul > li > a, :scope > ul > li > div > a');
      await expect(entries, `pages of ${section}`).toHaveText(pages);
    }
  });

  test('a sidebar link opens its page at the route with spaces kept', async ({ page }) => {
    await page.goto('/');
    await waitUntilInteractive(page);
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    await sidebar.getByRole('link', { name: 'Credit Check' }).click();
    await expect(page).toHaveURL(/\/Payments\/Credit%20Check$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Credit Check');
    await expect(page).toHaveTitle('Credit Check | Voltin');
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toContainText('Payments');
  });

  test('every documentation route of the specification has its page', async ({ page }) => {
    // 33 full page loads in one test: a budget per page, not a speed claim
    test.setTimeout(docRoutes.length * 5_000);
    for (const [route, title] of docRoutes) {
      const response = await page.goto(encodeURI(route));
      expect(response?.status(), route).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), route).toHaveText(title);
    }
  });

  test('the general markdown page', async ({ page }) => {
    await page.goto('/markdown-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About this site');
  });
});

test.describe('draft pages', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('draft admin help pages are not published', async ({ page }) => {
    const response = await page.goto('/Admin Help/Accounts');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  });
});

test.describe('mobile sidebar (at or below 996 px)', () => {
  test.use({ viewport: { width: 996, height: 800 } });

  test('opens from the menu button, follows a link and closes', async ({ page }) => {
    await page.goto('/');
    await waitUntilInteractive(page);
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Docs sidebar' })).toBeHidden();
    await toggle.click();
    const panel = page.locator('.navbar-sidebar');
    await expect(panel.getByRole('link', { name: 'Getting Started' })).toBeVisible();
    await panel.getByRole('link', { name: 'Getting Started' }).click();
    await expect(page).toHaveURL(/\/Getting%20Started$/);
    await expect(panel.getByRole('link', { name: 'Getting Started' })).toBeHidden();
  });

  test('closes on back navigation', async ({ page }) => {
    await page.goto('/');
    await waitUntilInteractive(page);
    await page.getByRole('article').getByRole('link', { name: 'Getting Started', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting Started');
    await waitUntilInteractive(page);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const panelLink = page.locator('.navbar-sidebar').getByRole('link', { name: 'Credit Check' });
    await expect(panelLink).toBeVisible();
    await page.goBack();
    await expect(panelLink).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting Started');
  });

  test('closes when the window grows to desktop width', async ({ page }) => {
    await page.goto('/Getting Started');
    await waitUntilInteractive(page);
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const panelLink = page.locator('.navbar-sidebar').getByRole('link', { name: 'Credit Check' });
    await expect(panelLink).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(panelLink).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Docs sidebar' })).toBeVisible();
    await page.setViewportSize({ width: 996, height: 800 });
    await expect(panelLink).toBeHidden();
  });
});
