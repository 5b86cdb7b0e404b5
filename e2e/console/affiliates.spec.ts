import { expect, test } from '../fixtures';
import { dialogOpen, expectAccessible, signIn } from './console';
import { picture } from './pictures';
import { SANDBOX_AFFILIATE } from './prospects-sandbox';

// Signed out, the console is told nobody is signed in (401); the 403 and 409 are refusals a test asks for on purpose.
test.use({
  allowedConsoleErrors: [
    /status of (401 .*\/ops\/api\/v1\/session|403 .*\/ops\/api\/v1\/affiliates\)$|409 .*\/reps\)$)/,
  ],
});

test.describe('affiliates in the Operations console', () => {
  test('marketing staff add an affiliate, give it a rep, edit and deactivate the rep, and rename it', async ({
    page,
  }) => {
    test.slow();
    const name = `Gulf Coast Sales ${Date.now().toString(36)}`;
    await signIn(page, 'marketing', '/affiliates');
    await expect(page.getByRole('heading', { level: 1, name: 'Affiliates' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: SANDBOX_AFFILIATE })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'New affiliate' }).click();
    const dialog = await dialogOpen(page, 'New affiliate');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('button', { name: 'Add affiliate' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Web service accounts' })).toContainText(
      'No account is bound',
    );

    await page.getByRole('button', { name: 'Add rep' }).click();
    const rep = await dialogOpen(page, 'New rep');
    await rep.getByRole('textbox', { name: 'Name' }).fill('Dana Whitfield');
    await rep.getByRole('textbox', { name: 'Reference' }).fill('GC-007');
    await rep.getByRole('textbox', { name: 'Email' }).fill('dana@gulfcoast.example');
    await expectAccessible(page);
    await rep.getByRole('button', { name: 'Add rep' }).click();
    await expect(rep).toBeHidden();
    const reps = page.getByRole('region', { name: 'Reps' });
    const row = reps.getByRole('row').filter({ hasText: 'Dana Whitfield' });
    await expect(row).toContainText('GC-007');

    await row.getByRole('button', { name: 'Edit Dana Whitfield' }).click();
    const edit = await dialogOpen(page, 'Edit Dana Whitfield');
    await edit.getByRole('textbox', { name: 'Phone' }).fill('713-555-0142');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('713-555-0142');
    await row.getByRole('button', { name: 'Deactivate Dana Whitfield' }).click();
    await expect(row).toContainText('Inactive');

    // A second rep with the same reference is refused by the server, said in the form.
    await page.getByRole('button', { name: 'Add rep' }).click();
    const again = await dialogOpen(page, 'New rep');
    await again.getByRole('textbox', { name: 'Name' }).fill('Someone Else');
    await again.getByRole('textbox', { name: 'Reference' }).fill('GC-007');
    await again.getByRole('button', { name: 'Add rep' }).click();
    await expect(again.getByText(/GC-007 is taken/i)).toBeVisible();
    await again.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Rename' }).click();
    const rename = await dialogOpen(page, 'Rename the affiliate');
    await rename.getByRole('textbox', { name: 'Name' }).fill(`${name} LLC`);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${name} LLC` })).toBeVisible();
    await expectAccessible(page);
  });

  test('an Operations agent reads the affiliates and changes nothing', async ({ page }) => {
    await signIn(page, 'agent', '/affiliates');
    await expect(page.getByRole('button', { name: 'New affiliate' })).toHaveCount(0);
    await page.getByRole('row').filter({ hasText: SANDBOX_AFFILIATE }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: SANDBOX_AFFILIATE })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Web service accounts' })).toContainText(
      'vlt_affiliate_key',
    );
    await expect(page.getByRole('button', { name: 'Rename' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add rep' })).toHaveCount(0);
    // The server refuses on its own, whatever the page shows.
    const refused = await page.evaluate(async () => {
      const session = await (await fetch('/ops/api/v1/session')).json();
      const response = await fetch('/ops/api/v1/affiliates', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
        body: JSON.stringify({ name: 'Not allowed' }),
      });
      return { status: response.status, code: (await response.json()).code };
    });
    expect(refused).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
  });

  test('an affiliate’s page on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'marketing', '/affiliates');
    await page.getByRole('row').filter({ hasText: SANDBOX_AFFILIATE }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: SANDBOX_AFFILIATE })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add rep' })).toBeVisible();
    await expectAccessible(page);
  });

  test.describe('pictures for the docs', () => {
    test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });

    test('the affiliates and the sandbox affiliate’s page with its seeded rep and account', async ({
      page,
    }) => {
      await signIn(page, 'marketing', '/affiliates');
      await expect(page.getByRole('row').filter({ hasText: SANDBOX_AFFILIATE })).toBeVisible();
      await picture(page, 'affiliates');
      await page.getByRole('row').filter({ hasText: SANDBOX_AFFILIATE }).getByRole('link').click();
      const reps = page.getByRole('region', { name: 'Reps' });
      await expect(reps.getByText('REP-1042')).toBeVisible();
      await picture(page, 'affiliate');
    });
  });
});
