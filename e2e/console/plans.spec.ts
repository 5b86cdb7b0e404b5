import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { PDFParse } from 'pdf-parse';
import { expect, test } from '../fixtures';
import { consolePage, dialogOpen, expectAccessible, signIn } from './console';
import { sandboxAcceptanceOptions, sandboxPlan } from './sandbox';

test.use({ allowedConsoleErrors: [/status of 401 .*\/ops\/api\/v1\/session/] });

/** Opens the plan of `billingCode` from the plans page's search, and answers its id. */
async function openPlan(page: Page, billingCode: string): Promise<number> {
  await page.getByRole('textbox', { name: 'Search' }).fill(billingCode);
  // The search is in the address once typing pauses; only then is the list the one searched.
  await expect(page).toHaveURL(new RegExp(`q=${billingCode}`));
  await expect(page.getByRole('row').filter({ hasText: billingCode }).first()).toBeVisible();
  await page.getByRole('row').filter({ hasText: billingCode }).first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

const versionInEffect = async (page: Page) =>
  Number(
    await page
      .getByRole('region', { name: 'Versions' })
      .getByRole('row')
      .filter({ hasText: 'In effect' })
      .getByRole('cell')
      .first()
      .textContent(),
  );

test.describe('plans and prices in the Operations console', () => {
  test('pricing staff change a time-of-use plan’s day rate now: plan shopping sells the new version at once', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'pricing', '/plans');
    await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
    await expectAccessible(page);
    const planId = await openPlan(page, 'CNP-RES-1T-12');
    const before = await versionInEffect(page);
    const sold = await sandboxPlan(planId);
    expect(sold.version).toBe(before);

    await page.getByRole('button', { name: 'Change price' }).click();
    const dialog = await dialogOpen(page, /^Change the price of /);
    await expectAccessible(page);
    const dayRate = dialog.getByRole('textbox', { name: 'Window 2 rate in cents' });
    const newRate = (Number((await dayRate.inputValue()).replace('¢', '')) + 2.5).toFixed(1);
    await dayRate.fill(newRate);
    await dialog.getByRole('button', { name: 'Save new version' }).click();
    await expect(dialog.getByText('Say why, in a few words: it stays with the version.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Why' }).fill('Summer peak hedges cost more');
    await dialog.getByRole('button', { name: 'Save new version' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Version ${before + 1} saved`)).toBeVisible();

    expect(await versionInEffect(page)).toBe(before + 1);
    const versions = page.getByRole('region', { name: 'Versions' });
    await expect(versions.getByRole('row').filter({ hasText: 'Superseded' }).first()).toBeVisible();
    await expect(versions).toContainText('Summer peak hedges cost more');
    await expect(page.getByRole('region', { name: 'Prices in effect' })).toContainText(`${Number(newRate)}¢`);
    const soldNow = await sandboxPlan(planId);
    expect(soldNow.version).toBe(before + 1);
    expect(soldNow.rate1000).toBeGreaterThan(sold.rate1000);

    // The new version's label, derived line by line: its averages are what plan shopping sells, and so is its PDF.
    await page.getByRole('button', { name: `EFL of version ${before + 1}` }).click();
    const label = await dialogOpen(
      page,
      `EFL of version ${before + 1} of ${await page.getByRole('heading', { level: 1 }).textContent()}`,
    );
    const averages = label.getByRole('row').filter({ hasText: 'Average price (bill ÷ kWh)' });
    for (const average of [soldNow.rate500, soldNow.rate1000, soldNow.rate2000])
      await expect(averages).toContainText(`${average}¢`);
    await expectAccessible(page);
    const href = await label.getByRole('link', { name: 'Label PDF (Spanish)' }).getAttribute('href');
    const pdf = await page.request.get(consolePage(href!));
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const parser = new PDFParse({ data: new Uint8Array(await pdf.body()) });
    const text = (await parser.getText()).text.replace(/\s+/g, ' ');
    await parser.destroy();
    expect(text).toContain('Cómo se calculan los precios promedio');
    for (const average of [soldNow.rate500, soldNow.rate1000, soldNow.rate2000])
      expect(text).toContain(`${average}¢`);
  });

  test('pricing staff schedule a change for next month, then call it off before it takes effect', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'pricing', '/plans');
    const planId = await openPlan(page, 'AEP_TNC-RES-1-24');
    const sold = await sandboxPlan(planId);

    await page.getByRole('button', { name: 'Change price' }).click();
    const dialog = await dialogOpen(page, /^Change the price of /);
    await dialog.getByRole('textbox', { name: /^Energy charge/ }).fill(String(sold.rate + 1));
    await dialog.getByText('Later', { exact: true }).click();
    await dialog.getByRole('button', { name: 'From' }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('button', { name: /^15 / }).first().click();
    await page.getByRole('button', { name: 'Use this date and time' }).click();
    await dialog.getByRole('textbox', { name: 'Why' }).fill('New forward curve from the 15th');
    await dialog.getByRole('button', { name: 'Save new version' }).click();
    await expect(dialog).toBeHidden();

    const prices = page.getByRole('region', { name: 'Prices in effect' });
    await expect(prices).toContainText(/takes over on 15 /);
    expect((await sandboxPlan(planId)).version).toBe(sold.version);
    const scheduled = page
      .getByRole('region', { name: 'Versions' })
      .getByRole('row')
      .filter({ hasText: 'Scheduled' });
    await scheduled.getByRole('button', { name: 'Call off' }).click();
    const confirm = await dialogOpen(page, /^Call off version \d+\?$/);
    await confirm.getByRole('button', { name: 'Call off the change' }).click();
    await expect(confirm).toBeHidden();
    await expect(prices).toContainText('No price change is scheduled.');
    await expect(
      page
        .getByRole('region', { name: 'Versions' })
        .getByRole('row')
        .filter({ hasText: 'Cancelled' })
        .first(),
    ).toBeVisible();
  });

  test('an agent reads the plans and their versions, but has no price to change', async ({ page }) => {
    await signIn(page, 'agent', '/plans');
    await openPlan(page, 'ONCOR-RES-1-12');
    await expect(page.getByRole('region', { name: 'Versions' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change price' })).toHaveCount(0);

    // The plan's EFL averages across its versions, then beside the other plans sold to the same customers.
    const comparison = page.getByRole('region', { name: 'Price comparison' });
    await expect(comparison).toContainText(/One version so far|\d+ versions, from the first/);
    await expect(comparison.locator('.recharts-line')).toHaveCount(3);
    await comparison.getByText('Against other plans').click();
    await expect(comparison).toContainText(
      /At 1,000 kWh this plan is the \d+(st|nd|rd|th) cheapest of \d+ plans for residential customers of /,
    );
    await expect(comparison.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('an agent downloads the Power to Choose listing; its links open the plan’s documents without signing in', async ({
    page,
  }) => {
    await signIn(page, 'agent', '/plans');
    await page.getByRole('button', { name: 'Power to Choose' }).click();
    const dialog = await dialogOpen(page, 'Power to Choose listing');
    await expect(dialog.getByRole('combobox', { name: 'Customer type' })).toHaveValue('Residential');
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    const [header, ...lines] = parse(csv) as string[][];
    expect(header).toEqual(expect.arrayContaining(['[idKey]', '[kwh1000]', '[FactsURL]', '[Language]']));
    const english = lines.find((line) => line[header!.indexOf('[Language]')] === 'English')!;
    const sold = await sandboxPlan(Number(english[0]));
    expect(english[header!.indexOf('[kwh1000]')]).toBe(
      (sold.rate1000 / 100).toFixed(sold.decimal_places_to_show + 2),
    );
    const facts = await page.context().request.get(english[header!.indexOf('[FactsURL]')]!, {
      headers: { cookie: '' },
    });
    expect(facts.status()).toBe(200);
    expect(facts.headers()['content-type']).toBe('application/pdf');
  });
});

test.describe('a bulk price change in the Operations console', () => {
  test('pricing staff raise every TNMP plan by 2 %: the preview shows each plan, and applying sells the new versions', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'pricing', '/plans');
    const planId = await openPlan(page, 'TNMP-RES-1-12');
    const sold = await sandboxPlan(planId);
    await page.goto(consolePage('/plans'));
    await page.getByRole('link', { name: 'Change prices in bulk' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Change prices in bulk' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Utilities' }).click();
    await page.getByRole('option', { name: 'TNMP' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Change (%)' }).fill('2');
    await page.getByRole('button', { name: 'Preview the change' }).click();
    const row = page.getByRole('row').filter({ hasText: 'TNMP-RES-1-12' });
    const expected = Math.round(sold.rate * 1.02 * 1000) / 1000;
    await expect(row).toContainText(`→ ${expected}¢`);
    await expectAccessible(page);
    await page.getByRole('button', { name: /^Apply to \d+ plans$/ }).click();
    await expect(page.getByText('Say why, in a few words: it stays with every version.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Why' }).fill('TNMP book repriced after the hedge');
    await page.getByRole('button', { name: /^Apply to \d+ plans$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
    await expect(page.getByText(/^\d+ plans repriced$/)).toBeVisible();
    const soldNow = await sandboxPlan(planId);
    expect(soldNow).toMatchObject({ version: sold.version + 1, rate: expected });
  });
});

test.describe('a new plan in the Operations console', () => {
  test('pricing staff copy a plan as a draft, publish it from its settings, then retire it', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'pricing', '/plans');
    await openPlan(page, 'AEP_TCC-RES-1-12');
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Copy as a new plan…' }).click();
    const copyDialog = await dialogOpen(page, /^Copy /);
    const code = `AEP_TCC-RES-1-12-E2E${Date.now()}`;
    await copyDialog.getByRole('textbox', { name: 'Name' }).fill('Bluebonnet Energy 12-Month Spring Fixed');
    await copyDialog.getByRole('textbox', { name: 'Billing system plan code' }).fill(code);
    await copyDialog.getByRole('textbox', { name: 'Why' }).fill('Spring offer');
    await copyDialog.getByRole('button', { name: 'Copy as a draft' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Bluebonnet Energy 12-Month Spring Fixed' }),
    ).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    const copyId = Number(new URL(page.url()).pathname.split('/').pop());

    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Settings…' }).click();
    const settings = await dialogOpen(page, /^Settings of /);
    await expectAccessible(page);
    await settings.getByRole('switch', { name: /^Published/ }).check({ force: true });
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings).toBeHidden();
    await expect(page.getByText('On sale', { exact: true }).first()).toBeVisible();
    expect((await sandboxPlan(copyId)).version).toBe(1);

    // What customers agree to: the first option reworded, one added; plan shopping asks for them at once.
    const agreed = page.getByRole('region', { name: 'What customers agree to' });
    await agreed.getByRole('button', { name: 'Edit options' }).click();
    const options = await dialogOpen(page, /^What customers agree to: /);
    await expectAccessible(page);
    const first = options.getByRole('textbox', { name: 'Option 1 text' });
    const reworded = `${await first.inputValue()} I agree to receive my contract by email.`;
    await first.fill(reworded);
    await options.getByRole('button', { name: 'Add an option' }).click();
    const added = options.getByRole('textbox', { name: /^Option \d+ text$/ }).last();
    await added.fill('Call me about rooftop solar.');
    await options.getByRole('button', { name: 'Save options' }).click();
    await expect(options).toBeHidden();
    await expect(agreed).toContainText(reworded);
    await expect(agreed).toContainText('Call me about rooftop solar.');
    const asked = await sandboxAcceptanceOptions(copyId);
    expect(asked[0]).toMatchObject({ text: reworded });
    expect(asked.at(-1)).toMatchObject({ text: 'Call me about rooftop solar.', is_required: false });

    // The terms of service shown in My Account, and renamed: plan shopping says so at once.
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByRole('checkbox', { name: 'Show Terms of Service in My Account' }).check();
    await expect(
      documents.getByRole('checkbox', { name: 'Show Terms of Service in My Account' }),
    ).toBeChecked();
    await documents.getByRole('button', { name: 'Rename Terms of Service' }).click();
    const rename = await dialogOpen(page, 'Rename Terms of Service');
    await rename.getByRole('textbox', { name: 'Name' }).fill('Spring Terms of Service');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(rename).toBeHidden();
    await expect(documents).toContainText('Spring Terms of Service');
    expect((await sandboxPlan(copyId)).plan_documents.find((d) => d.doc_type === 'TOS')).toMatchObject({
      name: 'Spring Terms of Service',
      display_in_my_account: true,
    });

    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Retire…' }).click();
    const confirm = await dialogOpen(page, /^Retire /);
    await confirm.getByRole('button', { name: 'Retire' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Retired', { exact: true }).first()).toBeVisible();
  });
});

test.describe('a plan made from nothing in the Operations console', () => {
  test('pricing staff make a time-of-use plan with its windows; it is a draft named by the rule, its EFL derived', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'pricing', '/plans');
    await page.getByRole('link', { name: 'New plan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New plan' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Make the plan' }).click();
    await expect(page.getByText('Choose the utility the plan is sold in.')).toBeVisible();

    await page.getByRole('combobox', { name: 'Utility' }).click();
    await page.getByRole('option', { name: 'Oncor (Electric)' }).click();
    await page.getByRole('combobox', { name: 'Customer type' }).click();
    await page.getByRole('option', { name: 'Residential' }).click();
    await page.getByRole('checkbox', { name: /^Time of use/ }).check();
    await page.getByRole('textbox', { name: 'Energy charge' }).fill('16.2');
    await page.getByRole('textbox', { name: 'Base charge' }).fill('9.95');
    await page.getByRole('textbox', { name: 'Early exit fee' }).fill('150');
    await page.getByRole('button', { name: 'Add a window' }).click();
    await page.getByRole('textbox', { name: 'Window 1 name' }).fill('Free nights');
    await page.getByRole('textbox', { name: 'Window 1 from hour' }).fill('21');
    await page.getByRole('textbox', { name: 'Window 1 to hour' }).fill('6');
    await page.getByRole('textbox', { name: 'Window 1 rate in cents' }).fill('0');
    const code = `ONCOR-RES-NIGHTS-E2E${Date.now()}`;
    await page.getByRole('textbox', { name: 'Billing system plan code' }).fill(code);
    await page.getByRole('textbox', { name: 'Why' }).fill('Free nights launch');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Make the plan' }).click();

    await expect(
      page.getByRole('heading', { level: 1, name: 'Bluebonnet Energy 12-Month Time of Use Electric' }),
    ).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();
    const versions = page.getByRole('region', { name: 'Versions' });
    await expect(versions).toContainText('Free nights launch');
    await expect(page.getByRole('cell', { name: 'Free nights' }).first()).toBeVisible();
  });
});

test.describe('delivery charges in the Operations console', () => {
  test('pricing staff save a utility’s new tariff for next month after previewing the plans it moves', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'pricing', '/plans');
    await page.getByRole('link', { name: 'Delivery charges' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Delivery charges' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Utility' }).click();
    await page.getByRole('option', { name: 'AEP Texas North' }).click();
    await expect(page.getByText('In effect', { exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'New charges' }).click();
    const dialog = await dialogOpen(page, /^New delivery charges of /);
    const perKwh = dialog.getByRole('textbox', { name: 'Charge 2 dollars' });
    await perKwh.fill(String(Number(await perKwh.inputValue()) + 0.005));
    await dialog.getByRole('button', { name: 'From' }).click();
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.getByRole('button', { name: /^15 / }).first().click();
    await page.getByRole('button', { name: 'Use this date and time' }).click();
    await dialog.getByRole('button', { name: 'Preview the plans affected' }).click();
    await expect(dialog.getByText(/^\d+ plans, from /)).toBeVisible();
    await expect(dialog.getByRole('row').filter({ hasText: 'AEP_TNC-RES-1-12' })).toContainText('→');
    await dialog.getByRole('textbox', { name: 'Why' }).fill('PUCT tariff filing');
    await dialog.getByRole('button', { name: 'Save the new charges' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Scheduled', { exact: true }).first()).toBeVisible();
  });
});

test.describe('plan bundles in the Operations console', () => {
  // The server's refusals the test provokes (a pair in two markets, a name taken) are answers the form shows.
  test.use({
    allowedConsoleErrors: [
      /status of (401 .*\/ops\/api\/v1\/session|400 .*\/plan-bundles|409 .*\/plan-bundles)/,
    ],
  });

  test('pricing staff make a bundle of an electricity and a gas plan, see it in the list, rename it, then delete it', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'pricing', '/plans');
    await page.getByRole('link', { name: 'Bundles' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bundles' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Cincinnati Home Bundle' })).toContainText(
      'Sellable',
    );
    await expectAccessible(page);

    const name = `Queen City Pair ${Date.now()}`;
    await page.getByRole('button', { name: 'New bundle' }).click();
    const dialog = await dialogOpen(page, 'New bundle');
    await dialog.getByRole('button', { name: 'Make bundle' }).click();
    await expect(dialog.getByText('Name the bundle.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Fixed electricity, flexible gas.');
    await dialog.getByRole('combobox', { name: 'Electricity plan' }).click();
    await page.getByRole('option', { name: /DUKE_OH_E-RES-1-12$/ }).click();
    // A Georgia gas plan with an Ohio electricity plan: the server refuses, and says why on the field.
    await dialog.getByRole('combobox', { name: 'Gas plan' }).click();
    await page.getByRole('option', { name: /AGL-RES-1-12$/ }).click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Make bundle' }).click();
    await expect(dialog.getByText(/both utilities of a bundle are in one market/)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Gas plan' }).click();
    await page.getByRole('option', { name: /DUKE_OH-RES-2-1$/ }).click();
    await dialog.getByRole('button', { name: 'Make bundle' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Bluebonnet Energy 12-Month Fixed Electric');
    await expect(row).toContainText('Bluebonnet Energy Month-to-Month Variable Gas');
    await expect(row).toContainText('Sellable');

    const renamed = `${name} Flex`;
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = await dialogOpen(page, `Edit ${name}`);
    await edit.getByRole('textbox', { name: 'Name' }).fill('Cincinnati Home Bundle');
    await edit.getByRole('button', { name: 'Save bundle' }).click();
    await expect(edit.getByText('Cincinnati Home Bundle is taken')).toBeVisible();
    await edit.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await edit.getByRole('button', { name: 'Save bundle' }).click();
    await expect(edit).toBeHidden();
    const renamedRow = page.getByRole('row').filter({ hasText: renamed });
    await expect(renamedRow).toBeVisible();

    await renamedRow.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = await dialogOpen(page, `Delete ${renamed}?`);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete bundle' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });

  test('an agent reads the bundles, but has none to make, edit or delete', async ({ page }) => {
    await signIn(page, 'agent', '/plans/bundles');
    await expect(page.getByRole('row').filter({ hasText: 'Cincinnati Home Bundle' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New bundle' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  });
});
