import { expect, test } from '../fixtures';
import { dialogOpen, expectAccessible, signIn } from './console';

test.use({ allowedConsoleErrors: [/status of 401 .*\/ops\/api\/v1\/session/] });

test.describe('campaigns in the Operations console', () => {
  test('pricing staff make a campaign with a usage limit, find it in the list and edit it', async ({
    page,
  }) => {
    test.slow();
    // Typed in lower case: the code is kept in capitals.
    const typed = `e2e-${Date.now().toString(36)}`;
    const code = typed.toUpperCase();
    await signIn(page, 'pricing', '/campaigns');
    await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'HOMEFALL26' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'New campaign' }).click();
    const dialog = await dialogOpen(page, 'New campaign');
    await dialog.getByRole('textbox', { name: 'Promo code' }).fill(typed);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Winter door-to-door');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Dallas neighbourhoods, December.');
    await dialog.getByRole('textbox', { name: 'Usage limit' }).fill('250');
    await dialog.getByRole('combobox', { name: 'Affiliate' }).click();
    await page.getByRole('option', { name: 'Lone Star Door-to-Door' }).click();
    await dialog.getByRole('button', { name: 'Ends' }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('button', { name: /^15 / }).first().click();
    await page.getByRole('button', { name: 'Use this date and time' }).click();
    // The picker closes with a transition: checked while it is leaving, its dropdown has no name yet.
    await expect(page.getByRole('button', { name: 'Use this date and time' })).toBeHidden();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Make campaign' }).click();
    await expect(dialog).toBeHidden();

    // The new campaign's page: running, none of its 250 uses taken, its affiliate named.
    await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
    await expect(page.getByText('Running', { exact: true })).toBeVisible();
    const usage = page.getByRole('region', { name: 'Usage' });
    await expect(usage).toContainText('0 of 250 used');
    await expect(usage).toContainText('Lone Star Door-to-Door');
    // An empty bar has no width: it is there, at 0 %.
    await expect(page.getByRole('progressbar', { name: `Usage of ${code}: 0 of 250 used` })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await expectAccessible(page);

    // In the list, found by its code, with the status filter in the address.
    await page.getByRole('link', { name: 'Campaigns' }).first().click();
    await page.getByRole('radiogroup', { name: 'Status' }).getByText('Running').click();
    await expect(page).toHaveURL(/status=running/);
    await page.getByRole('textbox', { name: 'Search' }).fill(typed);
    await expect(page).toHaveURL(new RegExp(`q=${typed}`));
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toContainText('0 of 250 used');
    await expect(row).toContainText('Winter door-to-door');
    await row.getByRole('link', { name: code }).click();

    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = await dialogOpen(page, `Edit ${code}`);
    await expect(edit.getByRole('textbox', { name: 'Promo code' })).toBeDisabled();
    await edit.getByRole('textbox', { name: 'Name' }).fill('Winter door-to-door, extended');
    await edit.getByRole('textbox', { name: 'Usage limit' }).fill('400');
    await edit.getByRole('button', { name: 'Save campaign' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('Winter door-to-door, extended')).toBeVisible();
    await expect(usage).toContainText('0 of 400 used');

    await page.getByRole('button', { name: 'Pause' }).click();
    const pause = await dialogOpen(page, `Pause ${code}?`);
    await pause.getByRole('button', { name: 'Pause' }).click();
    await expect(pause).toBeHidden();
    await expect(page.getByText('Paused', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByText('Running', { exact: true })).toBeVisible();
  });

  test('staff without the Pricing role read the campaigns and change nothing', async ({ page }) => {
    await signIn(page, 'auditor', '/campaigns?q=HOMEFALL26');
    const row = page.getByRole('row').filter({ hasText: 'HOMEFALL26' });
    await expect(row).toBeVisible();
    await expect(page.getByRole('button', { name: 'New campaign' })).toHaveCount(0);
    await row.getByRole('link', { name: 'HOMEFALL26' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'HOMEFALL26' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Plans carrying the code' }).getByRole('link').first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
