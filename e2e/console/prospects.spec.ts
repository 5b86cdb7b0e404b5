import { expect, test } from '../fixtures';
import { dialogOpen, expectAccessible, signIn } from './console';
import { picture } from './pictures';
import { affiliateProspect, SANDBOX_AFFILIATE, uploadBill } from './prospects-sandbox';

// Signed out, the console is told nobody is signed in (401); the 403 is the refusal a test asks for on purpose.
test.use({
  allowedConsoleErrors: [
    /status of (401 .*\/ops\/api\/v1\/session|403 .*\/ops\/api\/v1\/prospects\/\d+\/status\)$)/,
  ],
});

/** A last name of its own per run, so a search finds only this test's prospects. */
const unique = (name: string) => `${name}${Date.now().toString(36)}`;

test.describe('prospects in the Operations console', () => {
  test('an Operations agent finds a prospect on the board and in the table, reads it and moves it to Contract_Sent', async ({
    page,
  }) => {
    test.slow();
    const lastName = unique('Okafor');
    const id = await affiliateProspect('Adaeze', lastName, { repReferenceId: 'REP-1042' });
    await uploadBill(id);

    await signIn(page, 'agent', '/prospects');
    await expect(page.getByRole('heading', { level: 1, name: 'Prospects' })).toBeVisible();
    const newColumn = page.getByRole('region', { name: /^New: / });
    const card = newColumn.getByRole('listitem').filter({ hasText: `Adaeze ${lastName}` });
    await expect(card).toContainText(SANDBOX_AFFILIATE);
    await expect(card).toContainText('Not sent to sign');
    await expectAccessible(page);

    // The table, filtered, with the view and filters in the address.
    await page.getByRole('radiogroup', { name: 'View' }).getByText('Table').click();
    await page.getByRole('textbox', { name: 'Search' }).fill(lastName);
    await expect(page).toHaveURL(new RegExp(`view=table.*q=${lastName}`));
    const row = page.getByRole('row').filter({ hasText: `Adaeze ${lastName}` });
    await expect(row).toContainText('New');
    await expect(page.getByText('1 prospect', { exact: true })).toBeVisible();
    await row.getByRole('link', { name: `Adaeze ${lastName}` }).click();

    // Its page: the quote with the rep named, the document, no contract yet, no move yet.
    await expect(page.getByRole('heading', { level: 1, name: `Adaeze ${lastName}` })).toBeVisible();
    const quote = page.getByRole('region', { name: 'Quote' });
    await expect(quote).toContainText('Jorge Lopez (REP-1042)');
    await expect(quote).toContainText('12 months');
    const documents = page.getByRole('region', { name: 'Documents' });
    const bill = documents.getByRole('link', { name: 'utility-bill.pdf' });
    const opened = await page.request.get(new URL((await bill.getAttribute('href'))!, page.url()).toString());
    expect(opened.status()).toBe(200);
    expect(opened.headers()['content-type']).toBe('application/pdf');
    await expect(page.getByRole('region', { name: 'Sent for signature' })).toContainText(
      'No contract was sent',
    );
    await expectAccessible(page);

    // Move to… offers only what the transition table allows from New.
    await page.getByRole('button', { name: 'Move to…' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Contacted', 'Quote sent', 'Canceled']);
    await page.getByRole('menuitem', { name: 'Quote sent' }).click();
    const quoteDialog = await dialogOpen(page, 'Move to Quote sent?');
    await quoteDialog.getByRole('button', { name: 'Move' }).click();
    await expect(quoteDialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Status history' })).toContainText('New → Quote sent');

    await page.getByRole('button', { name: 'Move to…' }).click();
    await page.getByRole('menuitem', { name: 'Contract sent' }).click();
    const contract = await dialogOpen(page, 'Move to Contract sent?');
    await expect(contract).toContainText('The contract is sent to the customer to sign');
    await contract.getByRole('button', { name: 'Move' }).click();
    await expect(contract).toBeHidden();
    await expect(page.getByText('Signing: Unsigned')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sent for signature' })).toContainText('Remote');
    const history = page.getByRole('region', { name: 'Status history' });
    await expect(history).toContainText('New → Quote sent');
    await expect(history).toContainText('Quote sent → Contract sent');
    await expect(history).toContainText('Staff: agent@bluebonnet.example');
    await expectAccessible(page);
  });

  test('marketing staff follow the pipeline but cannot move a prospect', async ({ page }) => {
    const lastName = unique('Brennan');
    const id = await affiliateProspect('Siobhan', lastName);
    await signIn(page, 'marketing', `/prospects/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Siobhan ${lastName}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Move to…' })).toHaveCount(0);
    const refused = await page.evaluate(async (prospectId) => {
      const session = await (await fetch('/ops/api/v1/session')).json();
      const response = await fetch(`/ops/api/v1/prospects/${prospectId}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
        body: JSON.stringify({ newStatus: 'Contacted' }),
      });
      return { status: response.status, code: (await response.json()).code };
    }, id);
    expect(refused).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
  });

  test('the board and a prospect’s page on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const lastName = unique('Nguyen');
    const id = await affiliateProspect('Linh', lastName);
    await signIn(page, 'agent', '/prospects');
    await expect(page.getByRole('region', { name: /^New: / })).toBeVisible();
    await expectAccessible(page);
    await page.goto(page.url().replace(/\/prospects.*$/, `/prospects/${id}`));
    await expect(page.getByRole('heading', { level: 1, name: `Linh ${lastName}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Move to…' })).toBeVisible();
    await expectAccessible(page);
  });

  test.describe('pictures for the docs', () => {
    test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });

    test('the board, and a prospect sent to sign with its document and history', async ({ page }) => {
      await affiliateProspect('Grace', 'Holloway', { status: 'Contacted' });
      await affiliateProspect('Marcus', 'Reyes', { status: 'Quote_Sent' });
      const id = await affiliateProspect('Elena', 'Vargas', {
        status: 'Quote_Sent',
        repReferenceId: 'REP-1042',
      });
      await uploadBill(id);
      await signIn(page, 'agent', `/prospects/${id}`);
      await page.getByRole('button', { name: 'Move to…' }).click();
      await page.getByRole('menuitem', { name: 'Contract sent' }).click();
      const contract = await dialogOpen(page, 'Move to Contract sent?');
      await contract.getByRole('button', { name: 'Move' }).click();
      await expect(contract).toBeHidden();
      await expect(page.getByText('Signing: Unsigned')).toBeVisible();
      await picture(page, 'prospect');
      await page.getByRole('link', { name: 'Prospects' }).first().click();
      await expect(page.getByRole('region', { name: /^Contract sent: / })).toBeVisible();
      await picture(page, 'prospects-board');
    });
  });
});
