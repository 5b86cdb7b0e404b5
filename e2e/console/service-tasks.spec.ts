import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectAccessible, signIn } from './console';
import { canRunServiceTasks, failServiceTask } from './sandbox';

// Before signing in the console is told nobody is (401); the refused actions answer 403: the browser logs both.
test.use({ allowedConsoleErrors: [/status of 401 .*\/ops\/api\/v1\/session|status of 403 /] });

/** Asks the ops API for a task action as the staff member signed in on the page (their cookie and CSRF token). */
async function opsPost(page: Page, path: string) {
  return page.evaluate(async (path) => {
    const session = await (await fetch('/ops/api/v1/session')).json();
    const response = await fetch(`/ops/api/v1${path}`, {
      method: 'POST',
      headers: { 'x-csrf-token': session.data.csrfToken },
    });
    return { status: response.status, code: (await response.json()).code as string | undefined };
  }, path);
}

async function confirm(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test.describe('service tasks in the Operations console', () => {
  test('an Administrator sees a failed task on the dashboard, opens it and runs it now: a new run ends the alert', async ({
    page,
  }) => {
    test.skip(!canRunServiceTasks(), 'needs the database of the server under test');
    // Two screens, an accessibility scan and a task run: longer than one page's test on a busy CI machine.
    test.slow();
    const task = 'purge-expired-credentials';
    failServiceTask(task, 'database unreachable: connection refused');

    await signIn(page, 'admin', '/dashboard');
    const alert = page.getByRole('alert').filter({ hasText: 'service task' });
    await expect(alert).toContainText(`${task} failed`);
    await expect(alert).toContainText('database unreachable: connection refused');
    await expectAccessible(page);
    await alert.getByRole('link', { name: task }).click();

    await expect(page.getByRole('heading', { level: 1, name: task })).toBeVisible();
    const runs = page.getByRole('table', { name: 'Recent runs' });
    await expect(runs.getByRole('row').nth(1)).toContainText('Failed');
    await expectAccessible(page);
    const before = await runs.getByRole('row').count();

    await page.getByRole('button', { name: 'Run now' }).click();
    await confirm(page, `Run now ${task}?`, 'Run now');
    await expect(page.getByText(`${task} ran.`)).toBeVisible();
    await expect(runs.getByRole('row')).toHaveCount(before + 1);
    await expect(runs.getByRole('row').nth(1)).toContainText('Run now');
    await expect(runs.getByRole('row').nth(1)).toContainText('Succeeded');

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: task })).toHaveCount(0);
  });

  test('the platform operator pauses a task and resumes it, from the list', async ({ page }) => {
    test.slow();
    const task = 'expire-prospects';
    await signIn(page, 'operator', '/service-tasks');
    await expect(page.getByRole('heading', { level: 1, name: 'Service tasks' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'submit-enrollments' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: task, exact: true }).click();

    await page.getByRole('button', { name: 'Pause' }).click();
    await confirm(page, `Pause ${task}?`, 'Pause task');
    await expect(page.getByText(/^Paused since /)).toBeVisible();
    await page.getByRole('link', { name: 'Service tasks' }).last().click();
    await expect(page.getByRole('row').filter({ hasText: task })).toContainText('Paused');

    await page.getByRole('link', { name: task, exact: true }).click();
    await page.getByRole('button', { name: 'Resume' }).click();
    await confirm(page, `Resume ${task}?`, 'Resume task');
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(page.getByText(/^Paused since /)).toHaveCount(0);
  });

  test("a company's Administrator runs a task now but does not pause it: that withholds every company's work", async ({
    page,
  }) => {
    await signIn(page, 'admin', '/service-tasks/deliver-mail');
    await expect(page.getByRole('button', { name: 'Run now' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
    expect(await opsPost(page, '/service-tasks/deliver-mail/pause')).toEqual({
      status: 403,
      code: 'PERMISSION_DENIED',
    });
  });

  for (const who of ['pricing', 'agent'] as const)
    test(`a ${who} user sees the tasks without their actions, and the server refuses them`, async ({
      page,
    }) => {
      await signIn(page, who, '/service-tasks/deliver-mail');
      await expect(page.getByRole('heading', { level: 1, name: 'deliver-mail' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Recent runs' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Run now' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
      for (const action of ['run', 'pause', 'resume'])
        expect(await opsPost(page, `/service-tasks/deliver-mail/${action}`)).toEqual({
          status: 403,
          code: 'PERMISSION_DENIED',
        });
    });

  test('the list fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'agent', '/service-tasks');
    await expect(page.getByRole('row').filter({ hasText: 'deliver-mail' })).toBeVisible();
    await expectAccessible(page);
  });
});
