import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { dialogOpen, expectAccessible, signIn } from './console';

// Before signing in the console is told nobody is (401); the refused upload and retirement answer 422, 409 and 403.
test.use({ allowedConsoleErrors: [/status of 401 .*\/ops\/api\/v1\/session|status of 4(03|09|22) /] });

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const pdf = (name: string, text: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, 'latin1'),
});
const PLAN = 'Bluebonnet Energy 12-Month Fixed Electric · ONCOR';

/** Chooses an option of a Mantine select by its label. */
async function choose(
  page: Page,
  scope: ReturnType<Page['getByRole']> | Page,
  label: string,
  option: string,
) {
  await scope.getByRole('combobox', { name: label }).click();
  // Two plans may share a name and utility (one per customer type): the first is taken.
  await page.getByRole('option', { name: option, exact: true }).first().click();
}

test.describe('the document library in the Operations console', () => {
  test('Marketing adds a contract with its PDF, uploads versions, attaches a plan and retires a version', async ({
    page,
  }) => {
    test.slow();
    const name = `Residential contract ${Date.now().toString(36)}`;
    await signIn(page, 'marketing', '/documents');
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'New document' }).click();
    const dialog = await dialogOpen(page, 'New document');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await choose(page, dialog, 'Kind', 'Contract');
    await dialog.locator('input[type="file"]').setInputFiles(pdf('contract-v1.pdf', 'version one'));
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create and upload' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Serving version 1')).toBeVisible();
    const versions = page.getByRole('region', { name: 'Versions' });
    await expect(versions.getByRole('row').filter({ hasText: 'contract-v1.pdf' })).toContainText('Served');
    await expect(versions.getByRole('link', { name: 'Open version 1' })).toHaveAttribute(
      'href',
      /\/ops\/api\/v1\/documents\/\d+\/versions\/1\/file$/,
    );

    // The virus scanner refuses the EICAR test file; nothing is kept.
    const upload = page.getByRole('form', { name: 'Upload a new version' });
    await upload.locator('input[type="file"]').setInputFiles(pdf('infected.pdf', EICAR));
    await upload.getByRole('button', { name: 'Upload new version' }).click();
    await expect(upload.getByRole('alert')).toContainText('EICAR-Test-Signature');
    await upload.locator('input[type="file"]').setInputFiles(pdf('contract-v2.pdf', 'version two'));
    await upload.getByRole('button', { name: 'Upload new version' }).click();
    await expect(page.getByText('Serving version 2')).toBeVisible();

    const uses = page.getByRole('region', { name: 'Plans and bundles' });
    await choose(page, uses, 'Plan', PLAN);
    await uses.getByRole('button', { name: 'Attach' }).click();
    await expect(
      uses.getByRole('row').filter({ hasText: 'Bluebonnet Energy 12-Month Fixed Electric' }),
    ).toContainText('Published');
    await expectAccessible(page);

    // Retiring version 2 serves version 1 again; version 1, then the only live one of a published plan's document, stays.
    await versions
      .getByRole('row')
      .filter({ hasText: 'contract-v2.pdf' })
      .getByRole('button', { name: 'Retire' })
      .click();
    const retire = await dialogOpen(page, 'Retire version 2?');
    await retire.getByRole('button', { name: 'Retire version' }).click();
    await expect(retire).toBeHidden();
    await expect(page.getByText('Serving version 1')).toBeVisible();
    await versions
      .getByRole('row')
      .filter({ hasText: 'contract-v1.pdf' })
      .getByRole('button', { name: 'Retire' })
      .click();
    const refused = await dialogOpen(page, 'Retire version 1?');
    await refused.getByRole('button', { name: 'Retire version' }).click();
    await expect(refused.getByRole('alert')).toContainText('only live version');
    await refused.getByRole('button', { name: 'Cancel' }).click();

    // The library, filtered by the plan, lists it; the filters are in the address.
    await page.getByRole('link', { name: 'Documents' }).first().click();
    await choose(page, page, 'Plan', PLAN);
    await expect(page).toHaveURL(/planId=\d+/);
    await choose(page, page, 'Kind', 'Contract');
    await expect(page).toHaveURL(/kind=CONTRACT/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Version 1');
    await expect(row).toContainText('English');
  });

  test('Pricing staff read the library but change nothing (403)', async ({ page }) => {
    await signIn(page, 'pricing', '/documents');
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New document' })).toHaveCount(0);
    const answer = await page.evaluate(async () => {
      const session = await (await fetch('/ops/api/v1/session')).json();
      const response = await fetch('/ops/api/v1/documents', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
        body: JSON.stringify({ kind: 'TOS', name: 'Not allowed', language: 'en' }),
      });
      return { status: response.status, code: (await response.json()).code as string };
    });
    expect(answer).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
    await expectAccessible(page);
  });

  test('the library fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'agent', '/documents');
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Kind' })).toBeVisible();
    await expectAccessible(page);
  });
});
