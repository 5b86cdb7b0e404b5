import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectAccessible, signIn } from './console';

// Before signing in the console is told nobody is (401); the refused settings and zip codes answer 400: the browser logs both.
test.use({ allowedConsoleErrors: [/status of 401 .*\/ops\/api\/v1\/session|status of 400 /] });

/** AEP Texas North: no other browser test enrolls or shops there, so its settings can change for a while. */
const UTILITY = 'AEP Texas North';

const HEADER =
  'ESIID,ADDRESS,ADDRESS_OVERFLOW,CITY,STATE,ZIPCODE,DUNS,METER_READ_CYCLE,STATUS,PREMISE_TYPE,POWER_REGION,' +
  'STATIONCODE,STATIONNAME,METERED,TDSP_AMS_INDICATOR';
const tncLine = (n: number) =>
  `10400511${String(700_000_000 + n)},${n} Pine St,,ABILENE,TX,79601,007924772,03,Active,Residential,ERCOT,ABI,ABILENE,Y,AMSR`;

async function openUtility(page: Page) {
  await page.getByRole('link', { name: UTILITY, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: UTILITY })).toBeVisible();
}

async function saveSettings(page: Page) {
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved').last()).toBeVisible();
}

async function previewZipcodes(page: Page, text: string) {
  const zipcodes = page.getByRole('region', { name: /^Zip codes served/ });
  await zipcodes.getByRole('textbox', { name: 'Zip codes' }).fill(text);
  await zipcodes.getByRole('button', { name: 'Preview the changes' }).click();
  return zipcodes;
}

test.describe('utilities in the Operations console', () => {
  test('pricing staff turn enrollments off and on, and are told what a bad account number rule breaks', async ({
    page,
  }) => {
    await signIn(page, 'pricing', '/utilities');
    await expect(page.getByRole('heading', { level: 1, name: 'Utilities' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Oncor' }).first()).toBeVisible();
    await expectAccessible(page);
    await openUtility(page);
    await expectAccessible(page);

    const enrollments = page.getByRole('switch', { name: 'Enrollments allowed' });
    await enrollments.click();
    await saveSettings(page);
    await expect(page.getByText('Enrollments off')).toBeVisible();
    await page.getByRole('switch', { name: 'Enrollments allowed' }).click();
    await saveSettings(page);
    await expect(page.getByText('Enrolling')).toBeVisible();

    await page.getByRole('textbox', { name: 'Prefix' }).fill('1040A');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Must be digits, since the numbers are digits only')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Prefix' })).toBeFocused();
  });

  test('pricing staff edit the zip codes served: unknown ones are named by line, the change is previewed, then saved', async ({
    page,
  }) => {
    await signIn(page, 'pricing', '/utilities');
    await openUtility(page);
    const zipcodes = page.getByRole('region', { name: /^Zip codes served/ });
    const served = await zipcodes.getByRole('textbox', { name: 'Zip codes' }).inputValue();

    await previewZipcodes(page, `${served}\n78401\n99999`);
    const lines = served.split('\n').length;
    await expect(zipcodes.getByRole('alert')).toContainText(
      `Line ${lines + 2}: 99999 is not a known zip code`,
    );

    await previewZipcodes(page, `${served}\n78401`);
    await expect(zipcodes.getByLabel('Added')).toContainText('78401');
    await zipcodes.getByRole('button', { name: 'Save the zip codes' }).click();
    await expect(page.getByText('Zip codes saved')).toBeVisible();
    await expect(zipcodes.getByRole('textbox', { name: 'Zip codes' })).toHaveValue(/78401/);

    // As it was, for the other tests.
    await previewZipcodes(page, served);
    await expect(zipcodes.getByLabel('Removed')).toContainText('78401');
    await zipcodes.getByRole('button', { name: 'Save the zip codes' }).click();
    await expect(zipcodes.getByRole('textbox', { name: 'Zip codes' })).not.toHaveValue(/78401/);
  });

  test('an ESIID extract with one bad line: the bar reaches its end with the counts and the line-numbered error', async ({
    page,
  }) => {
    await signIn(page, 'pricing', '/utilities');
    await openUtility(page);
    const directory = page.getByRole('region', { name: 'ESIID directory' });
    const extract = [HEADER, tncLine(1), 'not,an,extract,line', tncLine(2), tncLine(3)].join('\n');
    await directory.locator('input[type="file"]').setInputFiles({
      name: 'AEP_TNC_FUL.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${extract}\n`),
    });
    await directory.getByRole('button', { name: 'Upload and import' }).click();

    const progress = directory.getByRole('progressbar', { name: 'ESIID import progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await expect(directory.getByText('Imported: 4 lines read')).toBeVisible();
    const counts = directory.getByLabel('Import counts');
    await expect(counts).toContainText('Added3');
    await expect(counts).toContainText('Rejected1');
    const rejected = directory.getByRole('table', { name: 'Rejected lines' });
    await expect(
      rejected.getByRole('row').filter({ hasText: '4 fields where the header has 15' }),
    ).toContainText('3');
    await expect(directory.getByRole('table', { name: 'Last imports' })).toContainText('AEP_TNC_FUL.csv');
    await expectAccessible(page);
  });

  test('other staff read a utility but change nothing', async ({ page }) => {
    await signIn(page, 'agent', '/utilities');
    await openUtility(page);
    await expect(page.getByRole('switch', { name: 'Enrollments allowed' })).toBeDisabled();
    await expect(page.getByText('Pricing and Administrators change these settings.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Preview the changes' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Upload and import' })).toHaveCount(0);
  });
});
