import type { Locator, Page } from '@playwright/test';
import writeExcelFile from 'write-excel-file/node';
import { expect, test } from '../fixtures';
import { dialogOpen, expectAccessible, signIn } from './console';
import {
  activateMatrix,
  checkFile,
  HEADER,
  matrices,
  matrixOf,
  SEED_FILE,
  SEEDED_LINES,
  seededMatrixInForce,
  uploadMatrix,
} from './matrix-files';

// Besides signing in (401 while nobody is), a rejected file (400) and a decision refused because the matrix in force
// changed (409) are the server's answers, which the browser logs.
test.use({
  allowedConsoleErrors: [
    /status of (401 .*\/ops\/api\/v1\/session|40[09] .*\/ops\/api\/v1\/pricing-matrices)/,
  ],
});

/** The price of this line goes from $0.09025 to $0.09500; the removed line is no longer priced. */
const CHANGED = 'ONCOR,NORTH,RES-FIXED,12,ALL,2027-01,';
const REMOVED = 'CNP,HOUSTON,RES-FIXED,6,ALL,2026-12,';

/** The number a count card of the review shows. */
const stat = (page: Page, label: string): Locator =>
  page.getByRole('region', { name: label, exact: true }).getByRole('paragraph');

const differencesRegion = (page: Page) =>
  page.getByRole('region', { name: 'Differences with the matrix in force' });

test.describe('the prospect pricing matrix in force, changed in the Operations console', () => {
  // One after the other: each puts another matrix in force, then the seeded one back.
  test.describe.configure({ mode: 'default' });

  test('pricing staff upload a file with an error, then a good one, put it in force and restore the one before', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'pricing', '/pricing-matrix');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing matrix' })).toBeVisible();
    const inForce = page.getByRole('region', { name: 'In force' });
    const before = await seededMatrixInForce(page);
    await expect(inForce).toContainText(SEED_FILE);
    await expect(inForce.getByRole('row').nth(1)).toContainText(/\$0\.\d{5}/);
    await expectAccessible(page);

    const stamp = Date.now();
    const bad = `bad-${stamp}.csv`;
    await checkFile(
      page,
      bad,
      matrixOf((lines) => lines.map((line, i) => (i === 3 ? line.replace(/,0\.\d+,/, ',abc,') : line))),
      'text/csv',
    );
    const rejected = page.getByRole('alert').filter({ hasText: `${bad} was not accepted` });
    await expect(rejected).toContainText('1 problem');
    await expect(rejected).toContainText('nothing was loaded');
    await expect(rejected.getByRole('listitem')).toHaveText([
      'line 5: price "abc" must be a number above 0 and below 10 with at most six decimals',
    ]);
    await expectAccessible(page);
    expect((await matrices(page)).some((matrix) => matrix.fileName === bad)).toBe(false);

    const good = `december-${stamp}.csv`;
    await checkFile(
      page,
      good,
      matrixOf((lines) =>
        lines
          .filter((line) => !line.startsWith(REMOVED))
          .map((line) => (line.startsWith(CHANGED) ? `${CHANGED}0.09500,2026-12-01` : line)),
      ),
      'text/csv',
    );
    await expect(page.getByRole('heading', { level: 1, name: good })).toBeVisible();
    await expect(page).toHaveURL(/[?&]import=\d+/);
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
    await expect(stat(page, 'Changed')).toHaveText('1');
    await expect(stat(page, 'Removed')).toHaveText('1');
    await expect(stat(page, 'Added')).toHaveText('0');
    await expect(stat(page, 'Largest increase')).toHaveText('+5.26%');
    const changed = page.getByRole('table', { name: 'Prices changed' }).getByRole('row').nth(1);
    await expect(changed).toContainText('ONCOR');
    await expect(changed).toContainText('$0.09025');
    await expect(changed).toContainText('$0.09500');
    await expect(changed).toContainText('+$0.00475 (+5.26%)');
    await expectAccessible(page);
    await page.getByRole('tab', { name: /^Removed/ }).click();
    await expect(page.getByRole('table', { name: 'Prices removed' })).toContainText('HOUSTON');
    // The review survives a reload: its import and list are in the address.
    await page.reload();
    await expect(page.getByRole('tab', { name: /^Removed/ })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('button', { name: 'Put in force' }).click();
    const confirm = await dialogOpen(page, `Put ${good} in force?`);
    await expect(confirm).toContainText('0 added, 1 removed, 1 changed');
    await expect(confirm).toContainText(`${SEED_FILE} (`);
    await expect(confirm).toContainText('asking for the removed price is refused');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Put in force' }).click();
    await expect(page.getByText(`${good} is in force`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing matrix' })).toBeVisible();
    await expect(inForce).toContainText(good);
    // One of the seeded matrix's 192 prices in the Houston zone is no longer priced.
    await inForce.getByRole('textbox', { name: 'Search the prices' }).fill('houston');
    await expect(page).toHaveURL(/q=houston/);
    await expect(inForce).toContainText('1–20 of 191');

    // The matrix it replaced is history, and can be put back after reading what that would change.
    const history = page.getByRole('region', { name: 'History' });
    const replaced = history
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Restore…: ${SEED_FILE}, import ${before.id}` }) });
    await expect(replaced).toContainText('Replaced, restorable');
    await replaced.getByRole('link', { name: /^Restore…/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: SEED_FILE })).toBeVisible();
    await expect(differencesRegion(page)).toContainText(`Against ${good}`);
    await expect(stat(page, 'Added')).toHaveText('1');
    await expect(stat(page, 'Changed')).toHaveText('1');
    await expect(page.getByRole('table', { name: 'Prices changed' })).toContainText('-$0.00475 (-5.00%)');
    await page.getByRole('button', { name: 'Restore' }).click();
    const restore = await dialogOpen(page, `Restore ${SEED_FILE}?`);
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByText(`${SEED_FILE} is in force`)).toBeVisible();
    await expect(inForce).toContainText(SEED_FILE);
    const after = await matrices(page);
    expect(after.find((matrix) => matrix.status === 'active')?.id).toBe(before.id);
    expect(after.find((matrix) => matrix.fileName === good)?.status).toBe('replaced');
  });

  test('pricing staff are told when a colleague put another matrix in force during their review, and read it again', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'pricing', '/pricing-matrix');
    const seeded = await seededMatrixInForce(page);
    const stamp = Date.now();
    const mine = `mine-${stamp}.csv`;
    await checkFile(
      page,
      mine,
      matrixOf((lines) =>
        lines.map((line) => (line.startsWith(CHANGED) ? `${CHANGED}0.09500,2026-12-01` : line)),
      ),
      'text/csv',
    );
    await expect(differencesRegion(page)).toContainText(`Against ${SEED_FILE}`);

    const theirs = `theirs-${stamp}.csv`;
    const theirsId = await uploadMatrix(
      page,
      theirs,
      matrixOf((lines) => lines.filter((line) => !line.startsWith(REMOVED))),
    );
    await activateMatrix(page, theirsId, seeded.id);

    await page.getByRole('button', { name: 'Put in force' }).click();
    const confirm = await dialogOpen(page, `Put ${mine} in force?`);
    await confirm.getByRole('button', { name: 'Put in force' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'The matrix in force changed' })).toContainText(
      'nothing changed',
    );
    await expect(differencesRegion(page)).toContainText(`Against ${theirs}`);
    // The line their file removed is in this one: against theirs, it is added.
    await expect(stat(page, 'Added')).toHaveText('1');
    await expectAccessible(page);
    expect((await matrices(page)).find((matrix) => matrix.fileName === mine)?.status).toBe('pending');

    await page.getByRole('button', { name: 'Discard' }).click();
    await (await dialogOpen(page, `Discard ${mine}?`)).getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByText(`${mine} discarded`)).toBeVisible();
    await seededMatrixInForce(page);
  });
});

test.describe('the prospect pricing matrix in the Operations console', () => {
  test('pricing staff upload an Excel workbook: its first sheet is read like the CSV; they discard it', async ({
    page,
  }) => {
    await signIn(page, 'pricing', '/pricing-matrix');
    const name = `december-${Date.now()}.xlsx`;
    // Spreadsheets hold months and dates as date cells and prices as numbers: read as the CSV would hold them.
    const rows = SEEDED_LINES.map((line) => {
      const [utility, zone, rate, term, tier, month, price] = line.split(',') as [string, ...string[]];
      return [
        utility,
        zone,
        rate,
        Number(term),
        tier,
        new Date(`${month}-01T00:00:00Z`),
        Number(price),
        new Date('2026-12-01T00:00:00Z'),
      ];
    });
    const workbook = await writeExcelFile([HEADER.split(','), ...rows] as never, {
      dateFormat: 'yyyy-mm',
    }).toBuffer();
    await checkFile(
      page,
      name,
      workbook,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(`${SEEDED_LINES.length} prices of 1 Dec 2026`).first()).toBeVisible();
    await expect(stat(page, 'Unchanged')).toHaveText(SEEDED_LINES.length.toLocaleString('en-US'));

    await page.getByRole('button', { name: 'Discard' }).click();
    const confirm = await dialogOpen(page, `Discard ${name}?`);
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByText(`${name} discarded`)).toBeVisible();
    const row = page.getByRole('region', { name: 'History' }).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Discarded');
    await expect(row.getByRole('link')).toHaveCount(0);
  });

  test('a read-only auditor reads the matrix in force and its history, with nothing to upload', async ({
    page,
  }) => {
    await signIn(page, 'auditor', '/dashboard');
    // `g m` goes to the pricing matrix, as the navigation says.
    await page.keyboard.press('g');
    await page.keyboard.press('m');
    await expect(page).toHaveURL(/\/pricing-matrix$/);
    await expect(page.getByRole('region', { name: 'In force' })).toContainText('Prices');
    await expect(page.getByRole('region', { name: 'History' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pricing matrix file' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Check file' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Restore…/ })).toHaveCount(0);
    await expectAccessible(page);
  });
});
