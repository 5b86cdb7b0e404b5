import { expect, test } from '../fixtures';
import { consolePage, expectAccessible, signIn } from './console';

test.use({ allowedConsoleErrors: [/status of 401 .*\/ops\/api\/v1\/session/] });

test.describe('staff management in the Operations console', () => {
  test('an Administrator adds a staff member, who sets a password through the link and signs in', async ({
    page,
    browser,
  }) => {
    // Two browsers, two sign-ins and two accessibility scans: longer than one page's test on a busy CI machine.
    test.slow();
    // A new address each run: a retry meets the same server.
    const email = `jordan.${Date.now()}@bluebonnet.example`;
    await signIn(page, 'admin', '/staff');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add staff' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Jordan Agent');
    await dialog.getByRole('combobox', { name: 'Roles' }).click();
    await page.getByRole('option', { name: 'Operations agent' }).click();
    // Closes the roles' dropdown, which covers the dialog's buttons.
    await dialog.getByRole('heading', { name: 'Add staff' }).click();
    await dialog.getByRole('button', { name: 'Add staff user' }).click();
    const link = await page.getByRole('textbox', { name: 'Set-up link' }).inputValue();
    expect(link).toMatch(/\/setup\/[A-Za-z0-9_-]{40,}$/);

    // The new member, in a browser of their own.
    const context = await browser.newContext();
    const theirs = await context.newPage();
    await theirs.goto(consolePage(new URL(link).pathname));
    await expect(theirs.getByText(email).first()).toBeVisible();
    await expectAccessible(theirs);
    await theirs.getByRole('textbox', { name: /^New password/ }).fill('Jordan-Password-1');
    await theirs.getByRole('textbox', { name: 'Confirm the password' }).fill('Jordan-Password-1');
    // An agent may go without an authenticator (only Administrators in production must have one).
    await theirs.getByText('Skip the authenticator for now').click();
    await theirs.getByRole('button', { name: 'Set password', exact: true }).click();
    await expect(theirs.getByText('Your password is set. Sign in with it.')).toBeVisible();
    await theirs.getByRole('textbox', { name: 'Email' }).fill(email);
    await theirs.getByRole('textbox', { name: 'Password' }).fill('Jordan-Password-1');
    await theirs.getByRole('button', { name: 'Sign in' }).click();
    await expect(theirs.getByRole('button', { name: 'Account: Jordan Agent' })).toBeVisible();
    await context.close();
  });
});
