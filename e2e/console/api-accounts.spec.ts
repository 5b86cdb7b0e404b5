import { createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { baseURL } from '../environment';
import { expect, test } from '../fixtures';
import { consolePage, dialogOpen, expectAccessible, signIn } from './console';

test.use({ allowedConsoleErrors: [/status of 401 .*\/ops\/api\/v1\/session/] });

let second = 0;
/** A signed login of the public API, as an integrator makes it: each one signs a second of its own. */
function login(request: APIRequestContext, apiKey: string, secret: string) {
  const timestamp = Math.floor(Date.now() / 1000) - second++;
  const signature = createHmac('sha256', secret).update(`${apiKey}:${timestamp}`).digest('hex');
  return request.post(`${baseURL}/api/v1/auth/login`, { params: { token: apiKey, timestamp, signature } });
}

test.describe('API accounts in the Operations console', () => {
  test('an Administrator creates an account, which logs in with its secret; rotates its secret; revokes it', async ({
    page,
  }) => {
    test.slow();
    const name = `Billing bridge ${Date.now()}`;
    await signIn(page, 'admin', '/api-accounts');
    await expect(page.getByRole('heading', { name: 'API accounts' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'New API account' }).click();
    const dialog = await dialogOpen(page, 'New API account');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('checkbox', { name: 'listBrands' }).check();
    await expect(
      dialog.getByRole('checkbox', { name: 'Every operation of Reference data' }),
    ).toHaveJSProperty('indeterminate', true);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    const created = page.getByRole('dialog', { name: `${name} was created` });
    // Sealing the secret and the audit entry take a moment on a machine busy with other tests.
    await expect(created.getByText('Copy the secret now: it is shown only once')).toBeVisible({
      timeout: 30_000,
    });
    const apiKey = await created.getByRole('textbox', { name: 'API key' }).inputValue();
    const secret = await created.getByRole('textbox', { name: 'Secret' }).inputValue();
    await created.getByRole('button', { name: 'Copy secret' }).click();
    await expect(created.getByRole('button', { name: 'Secret copied' })).toBeVisible();
    await created.getByRole('button', { name: 'Done' }).click();

    // The integrator logs in through the public API with what was handed over, and may call what was chosen.
    const session = await login(page.request, apiKey, secret);
    expect(session.status()).toBe(200);
    const { token } = (await session.json()).data;
    const brands = await page.request.get(`${baseURL}/api/v1/brands`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(brands.status()).toBe(200);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByText('1 operation')).toBeVisible();

    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Rotate secret' }).click();
    const rotate = await dialogOpen(page, `Rotate the secret of ${name}?`);
    await expectAccessible(page);
    await rotate.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: `New secret for ${name}` });
    const newSecret = await rotated.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(newSecret).not.toBe(secret);
    await expect(rotated.getByText(/The previous secret keeps working until/)).toBeVisible();
    await rotated.getByRole('button', { name: 'Done' }).click();
    await expect(row.getByText(/Previous secret until/)).toBeVisible();
    // Within the grace period both secrets log in.
    expect((await login(page.request, apiKey, secret)).status()).toBe(200);
    expect((await login(page.request, apiKey, newSecret)).status()).toBe(200);

    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Revoke' }).click();
    const revoke = await dialogOpen(page, `Revoke ${name}?`);
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await expect(row.getByText('Revoked')).toBeVisible();
    expect((await login(page.request, apiKey, newSecret)).status()).toBe(401);
    const refused = await page.request.get(`${baseURL}/api/v1/brands`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBe(401);
  });

  test('an Administrator chooses an account’s operations by tag, on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, 'admin', '/api-accounts');
    const row = page.getByRole('row', { name: /Sandbox integration/ });
    await expect(row.getByText('Every operation')).toBeVisible();
    await row.getByRole('button', { name: 'Actions for Sandbox integration' }).click();
    await page.getByRole('menuitem', { name: 'Permitted operations' }).click();
    const dialog = await dialogOpen(page, 'Operations of Sandbox integration');
    await expect(
      dialog.getByRole('checkbox', { name: /Every operation, the ones added later/ }),
    ).toBeChecked();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('a staff member who is not an Administrator has no API accounts: no entry, and the API refuses', async ({
    page,
  }) => {
    await signIn(page, 'agent', '/');
    await expect(page.getByRole('link', { name: 'Queues' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'API accounts' })).toHaveCount(0);
    const answer = await page.request.get(consolePage('/ops/api/v1/web-service-accounts'));
    expect(answer.status()).toBe(403);
  });
});
