import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { consolePage, expectAccessible, signIn } from './console';
import { randomEsiid, sandboxEnrollment } from './sandbox';

// Before signing in, the console asks who is signed in and is told nobody (401): the browser logs that answer.
test.use({ allowedConsoleErrors: [/status of 401 .*\/ops\/api\/v1\/session/] });

/** A first name no other test (or earlier run against the same server) has used: letters only, as a name is. */
const uniqueFirstName = (prefix: string) =>
  prefix + Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** The SSN the sandbox credit check is run with (sandbox.ts): its last four are what a reveal shows. */
const SSN = '234-56-7720';

/** A new customer with one enrollment on a meter of its own, their SSN and date of birth on file. */
async function newCustomer(prefix: string) {
  const firstName = uniqueFirstName(prefix);
  const lastName = 'Okafor';
  const meter = randomEsiid();
  const enrollmentId = await sandboxEnrollment(firstName, lastName, {
    ldcAccount: meter,
    dateOfBirth: '1984-03-14',
    socialSecurityNumber: SSN,
  });
  return { firstName, lastName, name: `${firstName} ${lastName}`, meter, enrollmentId };
}

/** Opens the customer's profile from the Customers page, searched by name; answers the customer's id. */
async function openProfile(page: Page, name: string): Promise<number> {
  await page.goto(consolePage(`/customers?q=${encodeURIComponent(name)}`));
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return Number(new URL(page.url()).pathname.split('/').pop());
}

test.describe('customers in the Operations console', () => {
  test('support staff find a customer in Spotlight by part of the name, and on the Customers page by meter', async ({
    page,
  }) => {
    const customer = await newCustomer('Wren');
    await signIn(page, 'support', '/queues');

    // "/" opens Spotlight anywhere; the server answers as one types, and Enter opens the highlighted customer.
    await page.keyboard.press('/');
    const spotlight = page.getByRole('textbox', { name: 'Search pages and customers' });
    await expect(spotlight).toBeFocused();
    await spotlight.fill(customer.firstName.slice(0, 8));
    const hit = page.getByRole('button', {
      name: new RegExp(`^${customer.name}, customer \\d+.*matched: Name$`),
    });
    await expect(hit).toBeVisible();
    await expect(hit).toHaveAttribute('data-selected', 'true');
    await expectAccessible(page);
    await spotlight.press('Enter');
    await expect(page).toHaveURL(/\/customers\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
    // Its notifications link the enrollment too, once sent: the enrollment is looked for in its own section.
    await expect(
      page
        .getByRole('region', { name: 'Enrollments' })
        .getByRole('link', { name: `Enrollment ${customer.enrollmentId}` }),
    ).toBeVisible();
    await expect(page.getByText(customer.meter)).toBeVisible();
    await expectAccessible(page);

    // `g c` goes to the Customers page; the query goes into the URL.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('g');
    await page.keyboard.press('c');
    await expect(page).toHaveURL(/\/customers$/);
    const box = page.getByRole('searchbox', { name: 'Search customers' });
    await expect(box).toBeFocused();
    await box.fill(customer.meter);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toContain(customer.meter);
    const found = page.getByRole('link', { name: new RegExp(`${customer.name}.*Meter ${customer.meter}`) });
    await expect(found).toBeVisible();
    await expectAccessible(page);
    // A link someone wrote by hand finds the same meter (17 digits, too long for a JavaScript number).
    await page.goto(consolePage(`/customers?q=${customer.meter}`));
    await expect(box).toHaveValue(customer.meter);
    await found.click();
    await expect(page.getByRole('heading', { level: 1, name: customer.name })).toBeVisible();
  });

  test('support staff reveal the SSN last four, and the auditor finds the reveal in the audit log', async ({
    page,
  }) => {
    // Two sign-ins and three accessibility scans: longer than one page's test on a busy CI machine.
    test.slow();
    const customer = await newCustomer('Linnea');
    await signIn(page, 'support', '/customers');
    const id = await openProfile(page, customer.name);

    await expect(page.getByText('Revealing is recorded in the audit log', { exact: false })).toBeVisible();
    await expect(page.getByText('7720')).toHaveCount(0);
    await page.getByRole('button', { name: 'Reveal the SSN last four' }).click();
    await expect(page.getByText('•••-••-7720')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Reveal the date of birth' }).click();
    await expect(page.getByText('14 Mar 1984')).toBeVisible();
    // Hidden again, the value is gone from the page.
    await page.getByRole('button', { name: 'Hide the SSN last four' }).click();
    await expect(page.getByText('•••-••-7720')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reveal the SSN last four' })).toBeVisible();

    await page.context().clearCookies();
    await signIn(page, 'auditor', `/audit-log?targetType=customer&targetId=${id}`);
    await expect(page.getByText(`Revealed the SSN last four of customer ${id}`)).toBeVisible();
    await expect(page.getByText(`Revealed the date of birth of customer ${id}`)).toBeVisible();
    await expect(page.getByText('support@bluebonnet.example').first()).toBeVisible();
    await expectAccessible(page);
  });

  test.describe('refusals', () => {
    // The refusal this test provokes is logged by the browser like any 403.
    test.use({ allowedConsoleErrors: [/status of (401 .*\/ops\/api\/v1\/session|403 .*\/reveal)/] });
    test('an Operations agent sees the profile masked with no Reveal button, and the server refuses a reveal', async ({
      page,
    }) => {
      const customer = await newCustomer('Tobias');
      await signIn(page, 'agent', '/customers');
      const id = await openProfile(page, customer.name);
      await expect(page.getByRole('img', { name: 'SSN last four, masked' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);
      await expect(page.getByText('Your roles do not permit revealing identity data.')).toBeVisible();
      await expectAccessible(page);

      const answer = await page.evaluate(async (customerId) => {
        const session = await (await fetch('/ops/api/v1/session')).json();
        const response = await fetch(`/ops/api/v1/customers/${customerId}/reveal`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': session.data.csrfToken },
          body: JSON.stringify({ field: 'ssnLast4' }),
        });
        return { status: response.status, code: (await response.json()).code };
      }, id);
      expect(answer).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
    });
  });

  test.describe('a customer that does not exist', () => {
    // The server's 404 is logged by the browser like any failed request.
    test.use({ allowedConsoleErrors: [/status of (401 .*\/ops\/api\/v1\/session|404 .*\/customers\/)/] });
    test('its page says so', async ({ page }) => {
      await signIn(page, 'support', '/customers/999999999');
      await expect(page.getByRole('heading', { level: 1, name: 'No customer 999999999' })).toBeVisible();
      await expectAccessible(page);
    });
  });
});
