import { createHash } from 'node:crypto';
import { expect, test } from './fixtures';

const password = 'Correct horse battery staple';
const hash = createHash('sha256').update(password).digest('hex');

test.describe('password gate script', () => {
  test('is loaded synchronously on every page and does nothing without a configured hash', async ({
    page,
  }) => {
    await page.goto('/Getting Started');
    const script = page.locator('head script[src="/js/password-gate.js"]');
    await expect(script).toHaveCount(1);
    expect(await script.evaluate((element: HTMLScriptElement) => element.async || element.defer)).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting Started');
    await expect(page.getByLabel('Password')).toHaveCount(0);
  });

  test('with a hash, asks for the password before showing the page and remembers it for the tab', async ({
    page,
  }) => {
    // A page built with DOCS_PASSWORD_SHA256 carries the hash on the script tag; serve such a page.
    await page.route('**/gate-check', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html><head><script src="/js/password-gate.js" data-password-sha256="${hash}"></script></head><body><div id="__docusaurus"><h1>Protected page</h1></div></body></html>`,
      }),
    );
    await page.goto('/gate-check');
    const heading = page.getByRole('heading', { name: 'Protected page' });
    await expect(page.getByRole('heading', { name: 'Voltin documentation' })).toBeVisible();
    await expect(heading).toBeHidden();
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Open the documentation' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong password.');
    await expect(heading).toBeHidden();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Open the documentation' }).click();
    await expect(heading).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await page.reload();
    await expect(heading).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
  });
});
