import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { consolePage, expectAccessible, signIn } from './console';
import { sandboxEnrollment } from './sandbox';

// Before signing in, the console asks who is signed in and is told nobody (401): the browser logs that answer.
test.use({ allowedConsoleErrors: [/status of 401 .*\/ops\/api\/v1\/session/] });

/** Highlights a queue's row with `j` (from the top) and opens it with Enter, as an agent does without the mouse. */
async function openWithKeyboard(page: Page, id: number) {
  const rows = page.locator('tbody tr');
  await expect(rows.filter({ hasText: String(id) }).first()).toBeVisible();
  const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td a')?.textContent?.trim()));
  const index = ids.indexOf(String(id));
  expect(index, `enrollment ${id} is listed`).toBeGreaterThanOrEqual(0);
  // Away from any control, so that the keys reach the page's shortcuts.
  await page.locator('main h1').click();
  for (let step = 0; step <= index; step++) await page.keyboard.press('j');
  await expect(page.locator('tbody tr[data-highlighted]')).toContainText(String(id));
  await page.keyboard.press('k');
  if (index > 0) await page.keyboard.press('j');
  else await expect(page.locator('tbody tr[data-highlighted]')).toContainText(String(id));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/enrollments/${id}$`));
}

/** Calls the ops API as the staff member signed in on the page (the session cookie and its CSRF token). */
async function opsPost(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const session = await (await fetch('/ops/api/v1/session')).json();
      const response = await fetch(`/ops/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
        body: JSON.stringify(body),
      });
      return { status: response.status, code: (await response.json()).code as string | undefined };
    },
    { path, body },
  );
}

test.describe('the enrollment page of the Operations console', () => {
  test('an agent opens a held enrollment from its queue with the keyboard and releases it there', async ({
    page,
  }) => {
    const id = await sandboxEnrollment('Quinn', 'Alert');
    await signIn(page, 'agent', '/queues?queue=ON_HOLD&pageSize=100');
    await openWithKeyboard(page, id);

    await expect(page.getByRole('heading', { level: 1, name: `Enrollment ${id}` })).toBeVisible();
    await expect(page).toHaveTitle(`Enrollment ${id} · Voltin Operations`);
    const customer = page.getByRole('link', { name: 'Quinn Alert' });
    await expect(customer).toHaveAttribute('href', /^\/customers\/\d+$/);
    for (const section of [
      'Status history',
      'Billing system',
      'Deposit and charges',
      'Mail sent',
      'Audit log',
    ]) {
      await expect(page.getByRole('region', { name: section })).toBeVisible();
    }
    const credit = page.getByRole('region', { name: 'Credit decision' });
    await expect(credit).toContainText('700–749');
    await expect(credit.getByText('Fraud alert', { exact: true }).last()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Addresses' })).toContainText('1201 Elm St');
    await expect(page.getByRole('region', { name: 'Status history' })).toContainText('Created');
    const plan = page.getByRole('region', { name: 'Plan and contract' });
    await expect(plan).toContainText(/12-Month Fixed Electric\s*version \d+/);
    await expect(plan).toContainText('at 500 · 1,000 · 2,000 kWh');
    await expect(plan.getByRole('link', { name: 'EFL' })).toHaveAttribute('href', /\/api\/v1\//);
    await expect(page.getByRole('region', { name: 'Contact' })).toContainText('English');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Release hold' }).click();
    const dialog = page.getByRole('dialog', { name: 'Release hold' });
    await dialog.getByLabel('Reason').fill('Called the customer; identity confirmed');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Release hold' }).click();
    await expect(page.getByText(`Enrollment ${id} released`)).toBeVisible();

    // The page reads itself again: the new status, who released it and why, and the audit entry.
    await expect(page.getByRole('button', { name: 'Release hold' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Status history' })).toContainText(
      'Released by staff:agent@bluebonnet.example: Called the customer; identity confirmed',
    );
    const audit = page.getByRole('region', { name: 'Audit log' });
    await expect(audit).toContainText('enrollment.release-hold');
    await expect(audit).toContainText('agent@bluebonnet.example');
  });

  test('an agent rejects an enrollment from its page', async ({ page }) => {
    const id = await sandboxEnrollment('Remy', 'Alert');
    await signIn(page, 'agent', `/enrollments/${id}`);
    await page.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject enrollment' });
    await dialog.getByLabel('Reason').fill('Fraud confirmed with the bureau');
    await dialog.getByRole('button', { name: 'Reject enrollment' }).click();
    await expect(page.getByText(`Enrollment ${id} rejected`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Enrollment ${id}` })).toBeVisible();
    await expect(page.locator('main').getByText('Cancelled', { exact: true }).first()).toBeVisible();
    // A cancelled enrollment can be neither released nor rejected again.
    await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Release hold' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('an agent corrects an enrollment the billing system refused, and it is sent again at once', async ({
    page,
  }) => {
    const id = await sandboxEnrollment('Rory', 'Rejected');
    await signIn(page, 'agent', `/enrollments/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Enrollment ${id}` })).toBeVisible();
    // The customer's name comes with the enrollment (its summary), and what the billing system refuses is shown.
    await expect(page.getByRole('link', { name: 'Rory Rejected' })).toBeVisible();
    const refusal = 'Service address does not match the utility premise record';
    await expect(page.getByRole('note', { name: 'Why it waits' })).toContainText(refusal);
    await expect(page.getByRole('region', { name: 'Billing system' })).toContainText(refusal);
    await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();

    await page.getByRole('button', { name: 'Correct…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct enrollment' });
    // What to fix, at the top; the form opens with the enrollment's values.
    await expect(dialog.getByRole('note', { name: 'What the billing system refuses' })).toContainText(
      refusal,
    );
    const customer = dialog.getByRole('group', { name: 'Customer' });
    const service = dialog.getByRole('group', { name: 'Service address' });
    await expect(customer.getByLabel('Last name')).toHaveValue('Rejected');
    await expect(customer.getByLabel('First name')).toHaveValue('Rory');
    await expect(service.getByLabel('Street address')).toHaveValue('1201 Elm St');
    await expect(service.getByLabel('ZIP code')).toHaveValue('75201');
    await expect(dialog.getByLabel('Send to the billing system again now')).toBeChecked();

    await customer.getByLabel('Last name').fill('Reyes');
    await service.getByLabel('Street address').fill('1201 Elm Street');
    await dialog.getByLabel('Reason').fill('Name and street confirmed with the customer by phone');
    await expect(dialog.getByText('Corrects: service address, billing address, last name.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Correct and send again' }).click();
    await expect(page.getByText(`Enrollment ${id} corrected and sent again`)).toBeVisible();
    await expect(dialog).toHaveCount(0);

    // The page reads itself again: accepted this time, the customer's new name, who corrected what, and why.
    const header = page.locator('main').getByRole('heading', { level: 1 }).locator('..');
    await expect(header.getByText('Pending', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Rory Reyes' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Correct…' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Status history' })).toContainText(
      'Corrected by staff:agent@bluebonnet.example (service address, billing address, last name): Name and street confirmed with the customer by phone',
    );
    await expect(page.getByRole('region', { name: 'Addresses' })).toContainText('1201 Elm Street');
    await expect(page.getByRole('region', { name: 'Audit log' })).toContainText('enrollment.correct');
  });

  test.describe('a correction the server refuses', () => {
    test.use({
      allowedConsoleErrors: [/status of (401 .*\/ops\/api\/v1\/session|400 .*\/correct|409 .*\/correct)/],
    });
    test('from the queue: a ZIP code outside the utility is shown at its field, a status that moved in the dialog', async ({
      page,
    }) => {
      const id = await sandboxEnrollment('Sasha', 'Rejected');
      await signIn(page, 'agent', '/queues?queue=SUBMITTED_WITH_ERRORS&pageSize=100');
      await page.getByRole('button', { name: `Correct enrollment ${id}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Correct enrollment' });
      await expect(dialog).toContainText(`Enrollment ${id} · Sasha Rejected`);
      const zip = dialog.getByRole('group', { name: 'Service address' }).getByLabel('ZIP code');
      await expect(zip).toHaveValue('75201');

      // Houston is CenterPoint's, not Oncor's: the server says so, beside the field.
      await zip.fill('77002');
      await dialog.getByLabel('Reason').fill('Customer gave the new ZIP code');
      await dialog.getByRole('button', { name: 'Correct and send again' }).click();
      await expect(zip).toHaveAttribute('aria-invalid', 'true');
      await expect(zip).toHaveAccessibleDescription(/77002 is not served by the enrollment's utility/);
      await expect(zip).toBeFocused();
      await expect(dialog.getByRole('alert')).toContainText('outside the utility’s territory');
      await expectAccessible(page);

      // Meanwhile a colleague rejects it: the correction is refused (409) and the dialog says why.
      expect(
        await opsPost(page, `/enrollments/${id}/reject`, { reason: 'Duplicate of another enrollment' }),
      ).toEqual({ status: 200, code: undefined });
      await zip.fill('75202');
      await dialog.getByRole('button', { name: 'Correct and send again' }).click();
      await expect(dialog.getByRole('alert')).toContainText(
        'Only a refused or held enrollment can be corrected; this one is CANCELLED.',
      );
      await expect(zip).not.toHaveAttribute('aria-invalid', 'true');
    });
  });

  test.describe('refusals', () => {
    test.use({ allowedConsoleErrors: [/status of (401 .*\/ops\/api\/v1\/session|403 .*\/release-hold)/] });
    test('Pricing staff read the page without its actions, and the server refuses them too', async ({
      page,
    }) => {
      const id = await sandboxEnrollment('Tove', 'Alert');
      await signIn(page, 'pricing', `/enrollments/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: `Enrollment ${id}` })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Status history' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Release hold' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
      await expectAccessible(page);
      const answer = await page.evaluate(async (enrollmentId) => {
        const session = await (await fetch('/ops/api/v1/session')).json();
        const response = await fetch(`/ops/api/v1/enrollments/${enrollmentId}/release-hold`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
          body: JSON.stringify({ reason: 'Not my job' }),
        });
        return { status: response.status, code: (await response.json()).code };
      }, id);
      expect(answer).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
    });
  });

  test.describe('corrections refused to Pricing', () => {
    test.use({ allowedConsoleErrors: [/status of (401 .*\/ops\/api\/v1\/session|403 .*\/correct)/] });
    test('Pricing staff see no Correct action on a refused enrollment, and the server refuses them', async ({
      page,
    }) => {
      const id = await sandboxEnrollment('Uma', 'Rejected');
      await signIn(page, 'pricing', `/enrollments/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: `Enrollment ${id}` })).toBeVisible();
      await expect(page.getByRole('note', { name: 'Why it waits' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Correct…' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Retry submission' })).toHaveCount(0);
      expect(
        await opsPost(page, `/enrollments/${id}/correct`, {
          reason: 'Not my job',
          customer: { lastName: 'Reyes' },
        }),
      ).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
    });
  });

  test.describe('an enrollment that does not exist', () => {
    test.use({ allowedConsoleErrors: [/status of (401 .*\/ops\/api\/v1\/session|404 .*\/enrollments\/)/] });
    test('is said not to exist, and an id that is not a number finds no page', async ({ page }) => {
      await signIn(page, 'agent', '/enrollments/987654321');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Enrollment 987654321 does not exist' }),
      ).toBeVisible();
      await expectAccessible(page);
      await page.goto(consolePage('/enrollments/abc'));
      await expect(page.getByRole('heading', { level: 1, name: 'This page does not exist' })).toBeVisible();
    });
  });
});
