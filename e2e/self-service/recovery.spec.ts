import { expect, test } from '../fixtures';
import { mailTo, newLogin, resetLinkMailedTo } from './customers';
import { expectAccessible, PHONE, sitePage } from './site';

const SENT =
  'If an account matches, we have emailed it a link to set a new password. The link works once, for 60 minutes. Check your spam folder if it does not arrive.';

test.describe('account recovery', () => {
  // A refused new password (422) and a used link (410) are the server's answers, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of (410|422)/] });

  test('a customer who forgot their password sets a new one from the emailed link and signs in', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const login = await newLogin('reset');
    await page.goto(sitePage('/sign-in'));
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Username' }).fill(login.username);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect(page.getByRole('status')).toHaveText(SENT);
    await expectAccessible(page);

    const link = resetLinkMailedTo(login.email);
    expect(link, `a reset link mailed to ${login.email}`).not.toBeNull();
    await page.goto(sitePage(`/reset-password?securityToken=${encodeURIComponent(link!.securityToken)}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
    await expectAccessible(page);
    const newPassword = page.getByRole('textbox', { name: 'New password', exact: true });
    const again = page.getByRole('textbox', { name: 'Type the new password again' });
    await newPassword.fill('short1');
    await again.fill('short1');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('Use at least 10 characters.')).toBeVisible();
    // The API's own rule, which only it can check here: the password must not contain the username.
    await newPassword.fill(`${login.username}-9`);
    await again.fill(`${login.username}-9`);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('must not contain the username')).toBeVisible();
    await expectAccessible(page);
    await newPassword.fill('Brand-New-Password-3');
    await again.fill('Brand-New-Password-3');
    await page.getByRole('button', { name: 'Save the new password' }).click();

    await expect(page).toHaveURL(/\/sign-in\?reset=done$/);
    await expect(page.getByRole('status')).toHaveText(
      'Your password is changed. Sign in with your new password.',
    );
    await page.getByRole('textbox', { name: 'Username' }).fill(login.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Brand-New-Password-3');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ana Tester' })).toBeVisible();

    // The link worked once.
    await page.goto(sitePage(`/reset-password?securityToken=${encodeURIComponent(link!.securityToken)}`));
    await expect(page.getByRole('alert')).toHaveText('This link was already used: each link works once.');
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  });

  test('the answer is the same whether or not an account matches', async ({ page }) => {
    await page.goto(sitePage('/forgot-password'));
    await page.getByRole('textbox', { name: 'Username' }).fill(`nobody${Date.now()}`);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await expect(page.getByRole('status')).toHaveText(SENT);

    const login = await newLogin('forgot');
    await page.goto(sitePage('/forgot-username'));
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Email address' }).fill(login.email);
    await page.getByRole('button', { name: 'Email me my username' }).click();
    const sent =
      'If an account matches, we have emailed its username to that address. Check your spam folder if it does not arrive.';
    await expect(page.getByRole('status')).toHaveText(sent);
    expect(mailTo(login.email, 'forgot-username')).toContain(login.username);

    await page.goto(sitePage('/forgot-username'));
    await page.getByRole('textbox', { name: 'Email address' }).fill(`nobody${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Email me my username' }).click();
    await expect(page.getByRole('status')).toHaveText(sent);
  });

  test('a link that is not valid says so and offers a new one', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(sitePage('/reset-password?securityToken=not-a-real-token'));
    await expect(page.getByRole('alert')).toHaveText(
      'This link is not valid. Check that you opened the whole link from the email.',
    );
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    await expectAccessible(page);
  });
});
