import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { consolePage, dialogOpen, expectAccessible, signIn } from './console';
import {
  canRunServiceTasks,
  runServiceTask,
  SANDBOX_CUSTOMER,
  sandboxCustomerPayment,
  sandboxEnrollment,
  sandboxServedEnrollment,
} from './sandbox';

// Before signing in, the console asks who is signed in and is told nobody (401): the browser logs that answer.
test.use({ allowedConsoleErrors: [/status of 401 .*\/ops\/api\/v1\/session/] });

/** A first name no other test (or earlier run against the same server) has used: letters only, as a name is. */
const uniqueFirstName = (prefix: string) =>
  prefix + Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** Opens the customer's profile from the Customers page, searched by name; answers the customer's id. */
async function openProfile(page: Page, name: string): Promise<number> {
  await page.goto(consolePage(`/customers?q=${encodeURIComponent(name)}`));
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

/**
 * A payment's row in the profile's payments, once they are all shown (other tests pay on the same customer at the
 * same time: the list shows the newest five until asked for all).
 */
async function paymentRow(page: Page, paymentId: number) {
  const section = page.getByRole('region', { name: /^Payments/ });
  const row = section
    .getByRole('row')
    .filter({ has: page.getByText(`Payment ${paymentId}`, { exact: true }) });
  await expect(section.getByRole('row').nth(1)).toBeVisible();
  const all = section.getByRole('button', { name: /^Show all \d+$/ });
  if (await all.isVisible()) await all.click();
  await expect(row).toBeVisible();
  return row;
}

test.describe('acting for a customer in the Operations console', () => {
  test('support adds a note with Ctrl+Enter and sends a password-reset link', async ({ page }) => {
    await signIn(page, 'support', `/customers/${SANDBOX_CUSTOMER.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The Actions menu's "Add a note" takes the keyboard to the notes' field; Ctrl+Enter adds the note.
    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Add a note' }).click();
    const note = page.getByRole('textbox', { name: 'New note' });
    await expect(note).toBeFocused();
    const text = `Called about the bill ${Date.now()}: explained the delivery charges.`;
    await note.fill(text);
    await note.press('Control+Enter');
    await expect(page.getByText('Note added to the customer.')).toBeVisible();
    const notes = page.getByRole('region', { name: /Staff notes/ });
    await expect(notes.getByText(text)).toBeVisible();
    await expect(notes.getByText('support@bluebonnet.example').first()).toBeVisible();
    await expect(note).toHaveValue('');

    await page.getByRole('button', { name: 'Actions', exact: true }).click();
    await page.getByRole('menuitem', { name: /Send password-reset link/ }).click();
    const dialog = await dialogOpen(page, 'Send a password-reset link?');
    await expect(dialog.getByText(SANDBOX_CUSTOMER.username)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await expect(dialog).toHaveCount(0);
    // The answer's address, masked, is in the notification.
    await expect(page.getByText(/^The link went to \S+@\S+\. It can be used once\.$/)).toBeVisible();
  });

  test('an agent cancels a pending enrollment through Drop: it shows Cancelled', async ({ page }) => {
    const firstName = uniqueFirstName('Imogen');
    const enrollmentId = await sandboxEnrollment(firstName, 'Okafor');
    await signIn(page, 'agent', '/customers');
    await openProfile(page, `${firstName} Okafor`);

    const row = page.getByRole('row').filter({ hasText: `#${enrollmentId}` });
    await row.getByRole('button', { name: `Actions for enrollment ${enrollmentId}` }).click();
    await page.getByRole('menuitem', { name: 'Cancel enrollment…' }).click();
    const dialog = await dialogOpen(page, 'Cancel enrollment');
    await expect(dialog.getByText('Service has not started', { exact: false })).toBeVisible();
    await expectAccessible(page);

    // The reason is required: said next to the field.
    await dialog.getByRole('button', { name: 'Cancel enrollment' }).click();
    await expect(dialog.getByText('Choose the reason the customer gives.')).toBeVisible();
    const reason = dialog.getByRole('combobox', { name: 'Reason' });
    await expect(reason).toBeFocused();
    await reason.click();
    await page.getByRole('option', { name: 'Price' }).click();
    await dialog.getByRole('button', { name: 'Cancel enrollment' }).click();

    await expect(page.getByText(`Enrollment ${enrollmentId} cancelled`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();
    // Ended: nothing more to do with it.
    await expect(row.getByRole('button', { name: `Actions for enrollment ${enrollmentId}` })).toHaveCount(0);
  });

  test('an agent drops a served enrollment: the early termination fee queued is shown', async ({ page }) => {
    test.skip(!canRunServiceTasks(), 'Needs the server’s database to start service (E2E_DATABASE_URL)');
    const firstName = uniqueFirstName('Casimir');
    const enrollmentId = await sandboxServedEnrollment(firstName, 'Okafor');
    await signIn(page, 'agent', '/customers');
    await openProfile(page, `${firstName} Okafor`);

    const row = page.getByRole('row').filter({ hasText: `#${enrollmentId}` });
    await row.getByRole('button', { name: `Actions for enrollment ${enrollmentId}` }).click();
    await page.getByRole('menuitem', { name: 'Drop…' }).click();
    const dialog = await dialogOpen(page, 'Drop enrollment');
    await dialog.getByRole('combobox', { name: 'Reason' }).click();
    await page.getByRole('option', { name: 'Switching to another provider' }).click();
    await dialog.getByRole('button', { name: 'Drop enrollment' }).click();

    // The fee stays on screen until the agent is done with it.
    await expect(dialog.getByText('An early termination fee is queued')).toBeVisible();
    await expect(dialog.getByText(/^ETF invoice \d+ of \$[\d,.]+ \(queued\)/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Done' })).toBeFocused();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(row.getByText('Drop pending', { exact: true })).toBeVisible();
  });

  test('an agent opens the served enrollment’s changes: bill delivery, transfer (a new plan is needed), renewal', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'agent', `/customers/${SANDBOX_CUSTOMER.id}`);
    const actions = page.getByRole('button', { name: /^Actions for enrollment \d+$/ }).first();

    // Bill delivery: the method on file is chosen; another is saved.
    await actions.click();
    await page.getByRole('menuitem', { name: 'Bill delivery…' }).click();
    const delivery = await dialogOpen(page, 'Bill delivery');
    const now = delivery.getByText(/^Now: /);
    await expect(now).toBeVisible();
    const current = (await now.textContent())!.replace('Now: ', '');
    await expect(delivery.getByRole('radio', { name: current, exact: true })).toBeChecked();
    await expect(delivery.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expectAccessible(page);
    const other = current === 'Letter' ? 'Email' : 'Letter';
    await delivery.getByRole('radio', { name: other, exact: true }).check();
    await delivery.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText(`is billed by ${other.toLowerCase()} from now on`, { exact: false }),
    ).toBeVisible();
    await expect(delivery).toHaveCount(0);

    // Transfer of service to an address the plan is not sold at: the answer's words, not a success.
    await actions.click();
    await page.getByRole('menuitem', { name: 'Transfer service…' }).click();
    const transfer = await dialogOpen(page, 'Transfer service to a new address');
    await expectAccessible(page);
    await transfer.getByRole('textbox', { name: 'Street address' }).fill('500 Congress Ave');
    await transfer.getByRole('textbox', { name: 'City' }).fill('Austin');
    await transfer.getByRole('textbox', { name: 'ZIP code' }).fill('78701');
    await transfer.getByRole('textbox', { name: 'ESIID at the new address' }).fill('10443720000000001');
    await transfer.getByRole('button', { name: 'Transfer service' }).click();
    await expect(transfer.getByText('A new plan is needed')).toBeVisible();
    await expect(transfer.getByText('The current plan is not sold at 78701', { exact: false })).toBeVisible();
    await expect(page.getByText('Service transferred')).toHaveCount(0);
    await transfer.getByRole('button', { name: 'Cancel' }).click();

    // Renewal: the current plan is chosen among those offered; the sandbox contract is not in its renewal window yet.
    await actions.click();
    await page.getByRole('menuitem', { name: 'Renew…' }).click();
    const renewal = await dialogOpen(page, 'Renew enrollment');
    await expect(renewal.getByText('Not renewable now')).toBeVisible();
    await expect(renewal.getByRole('combobox', { name: 'Renew onto' })).toHaveValue(/\(current plan\)$/);
    await expect(renewal.getByRole('link', { name: 'Electricity Facts Label' })).toBeVisible();
    await expect(renewal.getByRole('button', { name: 'Request renewal' })).toBeDisabled();
    await expectAccessible(page);
  });

  test('an administrator refunds part of a payment; the row shows what was refunded', async ({ page }) => {
    const { paymentId } = await sandboxCustomerPayment(50);
    await signIn(page, 'admin', `/customers/${SANDBOX_CUSTOMER.id}`);
    const row = await paymentRow(page, paymentId);
    await row.getByRole('button', { name: `Refund payment ${paymentId}` }).click();

    const dialog = await dialogOpen(page, 'Refund payment');
    const amount = dialog.getByRole('textbox', { name: 'Amount to refund' });
    // Prefilled with what is left: the whole payment.
    await expect(amount).toHaveValue('$50.00');
    await expectAccessible(page);
    await amount.fill('60');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Billed twice for October');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await expect(dialog.getByText('At most $50.00, what is left of the payment.')).toBeVisible();
    await amount.fill('20');
    await dialog.getByRole('button', { name: 'Review refund' }).click();

    const confirm = await dialogOpen(page, 'Confirm the refund');
    await expect(
      confirm.getByText(`Refund $20.00 of payment ${paymentId} to the card on file`),
    ).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Refund $20.00' })).toBeFocused();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Refund $20.00' }).click();

    await expect(page.getByText('$20.00 refunded', { exact: true })).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(row.getByRole('cell', { name: /\$20\.00\s*\$30\.00 left/ })).toBeVisible();
    // Some is left: it can be refunded again.
    await expect(row.getByRole('button', { name: `Refund payment ${paymentId}` })).toBeVisible();
  });

  test('support sends a notification again', async ({ page }) => {
    test.skip(
      !canRunServiceTasks(),
      'Needs the server’s database to run the notifications task (E2E_DATABASE_URL)',
    );
    await sandboxCustomerPayment(12);
    runServiceTask('create-notifications');
    await signIn(page, 'support', `/customers/${SANDBOX_CUSTOMER.id}`);
    const section = page.getByRole('region', { name: /^Notifications/ });
    const heading = section.getByRole('heading', { level: 2 });
    await expect(heading).toHaveText(/^Notifications\s*[1-9]\d*$/);
    const count = Number((await heading.textContent())?.replace(/\D/g, ''));
    const again = section.getByRole('button', { name: /^Send again: / }).first();
    await again.click();
    await expect(page.getByText('Notification sent again')).toBeVisible();
    await expect(heading).toHaveText(new RegExp(`^Notifications\\s*${count + 1}$`));
  });

  test.describe('refusals', () => {
    // The refusal this test provokes is logged by the browser like any 403.
    test.use({ allowedConsoleErrors: [/status of (401 .*\/ops\/api\/v1\/session|403 .*\/refund)/] });
    test('Customer support sees no Refund action, and the server refuses a refund', async ({ page }) => {
      const { paymentId } = await sandboxCustomerPayment(25);
      await signIn(page, 'support', `/customers/${SANDBOX_CUSTOMER.id}`);
      await paymentRow(page, paymentId);
      await expect(page.getByRole('button', { name: /^Refund payment/ })).toHaveCount(0);
      await expectAccessible(page);

      const answer = await page.evaluate(async (id) => {
        const session = await (await fetch('/ops/api/v1/session')).json();
        const response = await fetch(`/ops/api/v1/payments/${id}/refund`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
          body: JSON.stringify({ amount: 5, reason: 'Not my role' }),
        });
        return { status: response.status, code: (await response.json()).code };
      }, paymentId);
      expect(answer).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
    });
  });
});
