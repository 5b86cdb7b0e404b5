import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { consolePage, dialogOpen, expectAccessible, signIn } from './console';
import { canRunServiceTasks, sandboxCreditLetter, sandboxEnrollment, sandboxEtfInvoice } from './sandbox';

// Before signing in, the console asks who is signed in and is told nobody (401): the browser logs that answer.
test.use({ allowedConsoleErrors: [/status of 401 .*\/ops\/api\/v1\/session/] });

/** Calls a change of the console's API from the signed-in page, as a hand-made request would: its status and code. */
async function post(page: Page, path: string, body?: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const session = await (await fetch('/ops/api/v1/session')).json();
      const response = await fetch(`/ops/api/v1${path}`, {
        method: 'POST',
        headers: {
          'x-csrf-token': session.data.csrfToken,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, code: (await response.json()).code as string | undefined };
    },
    { path, body },
  );
}

test.describe('letters of credit in the Operations console', () => {
  test('an agent reads an uploaded letter and approves it; it leaves the queue', async ({ page }) => {
    const firm = `Bakery ${Date.now() % 100_000}`;
    const { enrollmentId, letterId } = await sandboxCreditLetter(firm);
    await signIn(page, 'agent', '/queues?queue=credit-letters&pageSize=100');
    await expect(page.getByRole('heading', { level: 2, name: 'Letters of credit to review' })).toBeVisible();
    const row = page.locator('tbody tr').filter({ hasText: firm });
    await expect(row).toBeVisible();
    await expectAccessible(page);

    // The letter as uploaded, served inline to the signed-in agent.
    const file = await page.request.get(consolePage(`/ops/api/v1/credit-letters/${letterId}/file`));
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');

    await row.getByRole('button', { name: /^View the letter of credit/ }).click();
    const viewer = page.getByRole('dialog', { name: `Letter of credit of enrollment ${enrollmentId}` });
    await expect(viewer.locator('iframe')).toHaveAttribute(
      'src',
      `/ops/api/v1/credit-letters/${letterId}/file`,
    );
    await expect(viewer.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute(
      'href',
      `/ops/api/v1/credit-letters/${letterId}/file`,
    );
    await viewer.getByRole('button', { name: 'Approve…' }).click();

    const review = page.getByRole('dialog', { name: 'Approve letter of credit' });
    await review.getByLabel('Reason').fill('The bank confirmed the letter by phone');
    await expectAccessible(page);
    await review.getByRole('button', { name: 'Approve letter' }).click();
    await expect(page.getByText('Letter of credit approved')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test.describe('refusals', () => {
    test.use({
      allowedConsoleErrors: [/status of (401 .*\/ops\/api\/v1\/session|403 .*\/credit-letters\/)/],
    });
    test('Customer support see the letters but cannot decide, and the server refuses them', async ({
      page,
    }) => {
      const firm = `Florist ${Date.now() % 100_000}`;
      const { enrollmentId, letterId } = await sandboxCreditLetter(firm);
      await signIn(page, 'support', '/queues?queue=credit-letters&pageSize=100');
      const row = page.locator('tbody tr').filter({ hasText: firm });
      await expect(row).toBeVisible();
      await expect(
        page.getByRole('button', { name: `Approve the letter of credit of enrollment ${enrollmentId}` }),
      ).toHaveCount(0);
      expect(await post(page, `/credit-letters/${letterId}/reject`, { reason: 'Not my call' })).toEqual({
        status: 403,
        code: 'PERMISSION_DENIED',
      });
    });
  });
});

test.describe('unverified meters in the Operations console', () => {
  test('an agent records the check of a meter; it leaves the queue', async ({ page }) => {
    const id = await sandboxEnrollment('Noor', 'Meterman');
    await signIn(page, 'agent', '/queues?queue=unverified-meters&pageSize=100');
    await expect(page.getByRole('heading', { level: 2, name: 'Unverified meters' })).toBeVisible();
    const verify = page.getByRole('button', { name: `Mark the meter of enrollment ${id} verified` });
    await expect(verify).toBeVisible();
    await expectAccessible(page);

    await verify.click();
    const dialog = page.getByRole('dialog', { name: 'Mark meter verified' });
    await dialog.getByLabel('How you checked it').fill('Oncor confirmed the meter by phone');
    await dialog.getByRole('button', { name: 'Mark verified' }).click();
    await expect(page.getByText(`Meter of enrollment ${id} verified`)).toBeVisible();
    await expect(verify).toHaveCount(0);

    // Its page says so, with who checked it in the history.
    await page.goto(consolePage(`/enrollments/${id}`));
    await expect(page.getByRole('region', { name: 'Verification' })).toContainText('Known or verified');
    await expect(page.getByRole('region', { name: 'Status history' })).toContainText(
      'verified by staff:agent@bluebonnet.example: Oncor confirmed the meter by phone',
    );
  });

  test.describe('refusals', () => {
    test.use({ allowedConsoleErrors: [/status of (401 .*\/ops\/api\/v1\/session|403 .*\/meter-verified)/] });
    test('Pricing staff see the meters but cannot verify one, and the server refuses them', async ({
      page,
    }) => {
      const id = await sandboxEnrollment('Ines', 'Meterman');
      await signIn(page, 'pricing', '/queues?queue=unverified-meters&pageSize=100');
      await expect(page.getByRole('link', { name: `Enrollment ${id}` })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Mark the meter of enrollment/ })).toHaveCount(0);
      expect(await post(page, `/enrollments/${id}/meter-verified`, { reason: 'Looks fine' })).toEqual({
        status: 403,
        code: 'PERMISSION_DENIED',
      });
    });
  });
});

test.describe('ETF invoices of drops in the Operations console', () => {
  test.skip(!canRunServiceTasks(), 'Starting service needs a service task run on the tests’ own server');

  test('an agent sends a queued fee to be billed; it is listed as sent, under the agent’s name', async ({
    page,
  }) => {
    const { enrollmentId } = await sandboxEtfInvoice('Drew', 'Dropper');
    await signIn(page, 'agent', '/queues?queue=etf-invoices&pageSize=100');
    await expect(page.getByRole('heading', { level: 2, name: 'ETF invoices of drops' })).toBeVisible();
    const send = page.getByRole('button', { name: `Send the ETF invoice of enrollment ${enrollmentId}` });
    await expect(send).toBeVisible();
    await expectAccessible(page);

    await send.click();
    const dialog = page.getByRole('dialog', { name: 'Send the ETF invoice?' });
    await expect(dialog).toContainText('$150.00');
    await dialog.getByRole('button', { name: 'Send to be billed' }).click();
    await expect(page.getByText('ETF invoice sent')).toBeVisible();
    await expect(send).toHaveCount(0);

    // The segmented control's radios are hidden behind their labels, which take the click.
    await page
      .locator('label')
      .filter({ hasText: /^Sent$/ })
      .click();
    await expect(page.getByRole('radio', { name: 'Sent' })).toBeChecked();
    await expect(page).toHaveURL(/status=sent/);
    const row = page
      .locator('tbody tr')
      .filter({ has: page.getByRole('link', { name: `Enrollment ${enrollmentId}` }) });
    await expect(row).toContainText('staff:agent@bluebonnet.example');
    await expectAccessible(page);
  });

  test('an agent waives a fee, saying why; the reason is listed under Waived', async ({ page }) => {
    const { enrollmentId } = await sandboxEtfInvoice('Wanda', 'Waiver');
    await signIn(page, 'agent', '/queues?queue=etf-invoices&pageSize=100');
    await page.getByRole('button', { name: `Waive the ETF invoice of enrollment ${enrollmentId}` }).click();
    const dialog = await dialogOpen(page, 'Waive the ETF invoice');
    await expect(dialog).toContainText('$150.00');
    await dialog.getByRole('button', { name: 'Waive fee' }).click();
    await expect(dialog.getByText('Say why, in a few words', { exact: false })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Moved into a care home');
    await dialog.getByRole('button', { name: 'Waive fee' }).click();
    await expect(page.getByText('ETF invoice waived')).toBeVisible();

    await page
      .locator('label')
      .filter({ hasText: /^Waived$/ })
      .click();
    const row = page
      .locator('tbody tr')
      .filter({ has: page.getByRole('link', { name: `Enrollment ${enrollmentId}` }) });
    await expect(row).toContainText('staff:agent@bluebonnet.example · “Moved into a care home”');
  });

  test.describe('refusals', () => {
    test.use({ allowedConsoleErrors: [/status of (401 .*\/ops\/api\/v1\/session|403 .*\/etf-invoices\/)/] });
    test('Pricing staff see the fees but cannot waive one, and the server refuses them', async ({ page }) => {
      const { enrollmentId, invoiceId } = await sandboxEtfInvoice('Jules', 'Moreau');
      await signIn(page, 'pricing', '/queues?queue=etf-invoices&pageSize=100');
      await expect(page.getByRole('link', { name: `Enrollment ${enrollmentId}` })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Waive the ETF invoice/ })).toHaveCount(0);
      expect(await post(page, `/etf-invoices/${invoiceId}/waive`)).toEqual({
        status: 403,
        code: 'PERMISSION_DENIED',
      });
    });
  });
});
