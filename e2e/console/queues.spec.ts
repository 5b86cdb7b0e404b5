import { expect, test } from '../fixtures';
import { consolePage, expectAccessible, signIn } from './console';
import { sandboxEnrollment } from './sandbox';

// Before signing in, the console asks who is signed in and is told nobody (401): the browser logs that answer.
test.use({ allowedConsoleErrors: [/status of 401 .*\/ops\/api\/v1\/session/] });

test.describe('the agents’ queues in the Operations console', () => {
  test('an agent releases a held enrollment with a reason, and it leaves the queue', async ({ page }) => {
    const id = await sandboxEnrollment('Rowan', 'Alert');
    await signIn(page, 'agent', '/queues?queue=ON_HOLD');
    const release = page.getByRole('button', { name: `Release the hold of enrollment ${id}` });
    await expect(release).toBeVisible();
    await expectAccessible(page);

    await release.click();
    const dialog = page.getByRole('dialog', { name: 'Release hold' });
    await dialog.getByLabel('Reason').fill('Called the customer; identity confirmed');
    // An agent may not waive a deposit: the choice is not offered.
    await expect(dialog.getByLabel(/Waive the deposit/)).toHaveCount(0);
    await dialog.getByRole('button', { name: /^Release/ }).click();
    await expect(page.getByText(`Enrollment ${id} released`)).toBeVisible();
    await expect(release).toHaveCount(0);
  });

  test('an agent rejects a held enrollment; the audit log shows who did it', async ({ page }) => {
    const id = await sandboxEnrollment('Sage', 'Alert');
    await signIn(page, 'agent', '/queues?queue=ON_HOLD');
    await page.getByRole('button', { name: `Reject enrollment ${id}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Fraud confirmed with the bureau');
    await dialog.getByRole('button', { name: /^Reject/ }).click();
    await expect(page.getByRole('button', { name: `Reject enrollment ${id}` })).toHaveCount(0);

    await page.context().clearCookies();
    await signIn(page, 'auditor', '/audit-log');
    await expect(page.getByText(`enrollment ${id}`, { exact: false }).first()).toBeVisible();
    await expect(page.getByText('agent@bluebonnet.example').first()).toBeVisible();
    await expectAccessible(page);
  });

  test.describe('refusals', () => {
    // The refusal this test provokes is logged by the browser like any 403.
    test.use({ allowedConsoleErrors: [/status of (401 .*\/ops\/api\/v1\/session|403 .*\/reject)/] });
    test('Pricing staff see the queues but cannot act, and the server refuses them too', async ({ page }) => {
      const id = await sandboxEnrollment('Tatum', 'Alert');
      await signIn(page, 'pricing', '/queues?queue=ON_HOLD');
      await expect(page.getByText('Tatum Alert').first()).toBeVisible();
      await expect(page.getByRole('button', { name: `Release the hold of enrollment ${id}` })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Staff' })).toHaveCount(0);
      const answer = await page.evaluate(async (enrollmentId) => {
        const session = await (await fetch('/ops/api/v1/session')).json();
        const response = await fetch(`/ops/api/v1/enrollments/${enrollmentId}/reject`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
          body: JSON.stringify({ reason: 'Not my job' }),
        });
        return { status: response.status, code: (await response.json()).code };
      }, id);
      expect(answer).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
    });
  });

  test('the sign-in page refuses a wrong password and is accessible', async ({ page }) => {
    await page.goto(consolePage('/queues'));
    await expect(page).toHaveURL(/sign-in/);
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Email' }).fill('agent@bluebonnet.example');
    await page.getByRole('textbox', { name: 'Password' }).fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('not correct');
  });
});
