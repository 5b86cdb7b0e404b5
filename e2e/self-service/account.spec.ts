import type { Page } from '@playwright/test';
import { runServiceTask } from '../console/sandbox';
import { expect, test } from '../fixtures';
import { type Login, newEnrolledLogin, newLogin } from './customers';
import { DEMO_CUSTOMER, expectAccessible, PHONE, sitePage } from './site';

/** Signs in on the site's sign-in page, asked for by `path` (My account sends a visitor there first). */
async function signIn(page: Page, login: Pick<Login, 'username' | 'password'>, path = '/account') {
  await page.goto(sitePage(path));
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByRole('textbox', { name: 'Username' }).fill(login.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(sitePage(path));
}

/** What the API holds now, read through the site from the signed-in page (the site's own allowlisted call). */
async function fromApi<T>(page: Page, apiPath: string): Promise<T> {
  const envelope = await page.evaluate(async (path) => (await fetch(`/site/api/v1${path}`)).json(), apiPath);
  return envelope.data as T;
}

test.describe('My account', () => {
  test('the demo customer signs in and reads the overview and profile', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(sitePage('/account'));
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Username' }).fill(DEMO_CUSTOMER.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_CUSTOMER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(sitePage('/account'));
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Dana Demo' })).toBeVisible();
    const enrollment = page.getByRole('article', { name: 'Bluebonnet Energy 12-Month Fixed Electric' });
    await expect(enrollment.getByText('Active', { exact: true })).toBeVisible();
    await expect(enrollment.getByText('6949 Oak Lawn Ave, Dallas, TX')).toBeVisible();
    // The demo service started a few months before the sandbox was seeded (today), for a 12-month term.
    const term = enrollment.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4} to [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(term).toBeVisible();
    const [from, to] = ((await term.textContent()) ?? '').split(' to ').map((day) => new Date(day));
    expect(from!.getTime()).toBeLessThan(Date.now());
    expect([to!.getFullYear() - 1, to!.getMonth(), to!.getDate()]).toEqual([
      from!.getFullYear(),
      from!.getMonth(),
      from!.getDate(),
    ]);
    await expect(enrollment.getByRole('link', { name: 'See details' })).toHaveAttribute(
      'href',
      /\/account\/enrollments\/\d+$/,
    );
    await expect(page.getByRole('link', { name: /unread notification/ })).toBeVisible();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const details = page.getByRole('region', { name: 'Your details' });
    await expect(details.getByText('Dana Demo')).toBeVisible();
    await expect(details.getByText('demo.customer')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('5125550199');
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(
      'demo.customer@bluebonnet-energy.example',
    );
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test.describe('refusals', () => {
    // A refused sign-in or change is the server's answer (401, 422, 429), which the browser logs.
    test.use({ allowedConsoleErrors: [/status of (401|422|429)/] });

    test('a wrong password is refused with a message, and the right one signs in', async ({ page }) => {
      const login = await newLogin('wrongpw');
      await page.goto(sitePage('/sign-in'));
      await page.getByRole('textbox', { name: 'Username' }).fill(login.username);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Not-The-Password-9');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('The username or password is not correct.');
      await expectAccessible(page);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(login.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ana Tester' })).toBeVisible();
    });

    test('a throttled sign-in says how long to wait', async ({ page }) => {
      // The API's login ceilings count per address: the test answers as the site does once they are reached (its
      // 429 passes the API's Retry-After on), rather than locking the shared sandbox out.
      await page.route('**/site/api/session', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 429,
              headers: { 'content-type': 'application/json', 'retry-after': '120' },
              body: JSON.stringify({
                data: null,
                succeeded: false,
                errors: ['Too many attempts.'],
                message: 'Too many attempts.',
                code: 'RATE_LIMITED',
              }),
            })
          : route.continue(),
      );
      await page.goto(sitePage('/sign-in'));
      await page.getByRole('textbox', { name: 'Username' }).fill('someone');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Some-Password-1');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('Too many attempts. Wait 2 minutes, then try again.');
    });

    test('a customer changes their email and password with their current password', async ({ page }) => {
      const login = await newLogin('newpw');
      await signIn(page, login, '/account/profile');
      const section = page.getByRole('region', { name: 'Email, username and password' });
      await section.getByRole('textbox', { name: 'Email' }).fill(`changed.${login.email}`);
      await section.getByRole('textbox', { name: 'New password (optional)' }).fill('Changed-Password-2');
      await section.getByRole('textbox', { name: 'Current password' }).fill('Not-The-Password-9');
      await section.getByRole('button', { name: 'Save email, username and password' }).click();
      await expect(section.getByText('Your current password is not correct.')).toBeVisible();
      await expectAccessible(page);

      await section.getByRole('textbox', { name: 'Current password' }).fill(login.password);
      await section.getByRole('button', { name: 'Save email, username and password' }).click();
      await expect(section.getByRole('status')).toHaveText(
        'Saved. Use your new details the next time you sign in.',
      );
      const profile = await fromApi<{ email: string }>(page, `/customers/${login.customerId}/profile`);
      expect(profile.email).toBe(`changed.${login.email}`);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await signIn(page, { username: login.username, password: 'Changed-Password-2' });
      await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ana Tester' })).toBeVisible();
    });

    test('a customer links their other login, which then stops working', async ({ page }) => {
      const [kept, other] = [await newLogin('keep'), await newLogin('old')];
      await signIn(page, kept, '/account/profile');
      const section = page.getByRole('region', { name: 'Link another login' });
      await expect(section.getByText('The other login stops working once it is linked')).toBeVisible();
      await section.getByRole('textbox', { name: 'Username of the other login' }).fill(other.username);
      await section.getByRole('textbox', { name: 'Password of the other login' }).fill('Not-The-Password-9');
      await section.getByRole('button', { name: 'Link it and close the other login' }).click();
      await expect(
        section.getByText('The username or password of the other login is not correct.').first(),
      ).toBeVisible();

      await section.getByRole('textbox', { name: 'Password of the other login' }).fill(other.password);
      await section.getByRole('button', { name: 'Link it and close the other login' }).click();
      await expect(section.getByRole('status')).toContainText(`The service of ${other.username}`);
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.goto(sitePage('/sign-in'));
      await page.getByRole('textbox', { name: 'Username' }).fill(other.username);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(other.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('The username or password is not correct.');
    });
  });

  test('a customer changes their contact details and preferences and reads them back', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const login = await newLogin('prefs');
    await signIn(page, login, '/account/profile');
    const section = page.getByRole('region', { name: 'Contact and preferences' });
    await section.getByRole('textbox', { name: 'Phone' }).fill('512-555-0142');
    await section.getByRole('textbox', { name: 'Other email' }).fill(`other.${login.email}`);
    await section.getByRole('checkbox', { name: 'My other email' }).check();
    await section.getByRole('checkbox', { name: 'Send me offers and news by email' }).check();
    await section.getByRole('combobox', { name: 'Language for emails and documents' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Español' }).click();
    await section.getByRole('button', { name: 'Save' }).click();
    // The profile's language is the site's too.
    await expect(page.getByRole('status')).toHaveText('Sus cambios se guardaron.');
    await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
    await expectAccessible(page);

    await page.reload();
    const saved = page.getByRole('region', { name: 'Contacto y preferencias' });
    await expect(saved.getByRole('textbox', { name: 'Teléfono' })).toHaveValue('5125550142');
    await expect(saved.getByRole('textbox', { name: 'Otro correo electrónico' })).toHaveValue(
      `other.${login.email}`,
    );
    await expect(saved.getByRole('checkbox', { name: 'Mi otro correo electrónico' })).toBeChecked();
    await expect(saved.getByRole('checkbox', { name: /ofertas y noticias/ })).toBeChecked();
    await expect(saved.getByRole('combobox', { name: 'Idioma de los correos y documentos' })).toHaveValue(
      'Español',
    );
    const profile = await fromApi<{
      phone: string;
      alternative_email: string;
      send_to_secondary_email: boolean;
      opted_marketing_coms: boolean;
      id_prefered_language: number;
    }>(page, `/customers/${login.customerId}/profile`);
    expect(profile).toMatchObject({
      phone: '5125550142',
      alternative_email: `other.${login.email}`,
      send_to_secondary_email: true,
      opted_marketing_coms: true,
      id_prefered_language: 2,
    });
  });

  test('the language chosen in the header is saved, and signing in brings it back', async ({ page }) => {
    const login = await newLogin('lang');
    await signIn(page, login);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Ana Tester' })).toBeVisible();
    await expect
      .poll(
        async () =>
          (await fromApi<{ id_prefered_language: number }>(page, `/customers/${login.customerId}/profile`))
            .id_prefered_language,
      )
      .toBe(2);

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
    await signIn(page, login);
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Ana Tester' })).toBeVisible();
  });

  test.describe('payment methods', () => {
    // The sandbox gateway's form answers a declined card with its 422, which the browser logs.
    test.use({ allowedConsoleErrors: [/status of 422 .*\/sandbox-gateway\/customer\/addPayment/] });

    test('a customer saves a card on the hosted form, then removes it', async ({ page }) => {
      await page.setViewportSize(PHONE);
      const login = await newLogin('card');
      await signIn(page, login, '/account/payment-methods');
      await expect(page.getByText('You have no saved card or bank account.')).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Add a card or bank account' }).click();
      await page.getByRole('radio', { name: 'Card' }).check();
      const form = page.frameLocator('iframe[title="Secure payment form"]');
      // Declined by the sandbox gateway (a number ending 0002): the form says so, and nothing is saved.
      await form.getByLabel('Card number').fill('4000000000000002');
      await form.getByLabel('Expiry date (MM/YY)').fill('12/30');
      await form.getByLabel('Security code (CVV)').fill('123');
      await form.getByLabel('Name on card').fill('Ana Tester');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByRole('alert')).toBeVisible();
      expect(
        await fromApi<unknown[]>(page, `/payments/payment-profile/by-customer/${login.customerId}`),
      ).toEqual([]);

      await form.getByLabel('Card number').fill('4111111111111111');
      await form.getByLabel('Expiry date (MM/YY)').fill('12/30');
      await form.getByLabel('Security code (CVV)').fill('123');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status')).toHaveText('Your payment method is saved.');
      const card = page.getByRole('article', { name: 'Visa ending 1111' });
      await expect(card.getByText('Expires 12/2030')).toBeVisible();
      await expectAccessible(page);
      const saved = await fromApi<{ cardNumber: string }[]>(
        page,
        `/payments/payment-profile/by-customer/${login.customerId}`,
      );
      expect(saved.map((method) => method.cardNumber)).toEqual(['XXXX1111']);

      await card.getByRole('button', { name: 'Remove' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove this payment method?' });
      await expect(dialog.getByText('Remove Visa ending 1111?')).toBeVisible();
      await expect(dialog).toHaveCSS('opacity', '1'); // opened: axe reads its colours once it has faded in
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Remove it' }).click();
      await expect(page.getByRole('status')).toHaveText('Visa ending 1111 was removed.');
      await expect(page.getByText('You have no saved card or bank account.')).toBeVisible();
      expect(
        await fromApi<unknown[]>(page, `/payments/payment-profile/by-customer/${login.customerId}`),
      ).toEqual([]);
    });
  });

  test('a customer reads a notification and marks it read', async ({ page }) => {
    await page.setViewportSize(PHONE);
    const login = await newEnrolledLogin('notes');
    await signIn(page, login);
    // The enrollment's statuses become notifications when the create-notifications task runs (as on schedule).
    await expect(async () => {
      runServiceTask('create-notifications');
      await page.reload();
      await expect(page.getByRole('link', { name: '1 unread notification' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const enrollment = page.getByRole('article', { name: 'Bluebonnet Energy 12-Month Fixed Electric' });
    await expect(enrollment.getByText('1201 Elm St, Dallas, TX')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: '1 unread notification' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const notification = page.getByRole('article', { name: 'Your enrollment is confirmed' });
    await expect(notification.getByText(/Your enrollment for 1201 Elm St, Dallas/)).toBeVisible();
    await expectAccessible(page);
    await notification.getByRole('button', { name: 'Mark as read' }).click();
    await expect(page.getByText('You have read all your notifications.')).toBeVisible();
    expect(
      await fromApi<unknown[]>(page, `/notifications/by-customer/${login.customerId}?unreadOnly=true`),
    ).toEqual([]);

    await page.getByText('All', { exact: true }).click();
    await expect(notification).toBeVisible();
    await expect(notification.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
