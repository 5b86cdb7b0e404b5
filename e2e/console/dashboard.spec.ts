import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures';
import { expectAccessible, signIn } from './console';
import { sandboxEnrollment } from './sandbox';

// Before signing in, the console asks who is signed in and is told nobody (401): the browser logs that answer.
test.use({ allowedConsoleErrors: [/status of 401 .*\/ops\/api\/v1\/session/] });

/** The big number of a dashboard card. */
const countOn = async (card: Locator) =>
  Number(((await card.locator('p').first().textContent()) ?? '').replace(/,/g, ''));

test.describe('the dashboard of the Operations console', () => {
  test('an agent lands on it, sees a new hold counted, and follows the hold’s age bucket to its queue', async ({
    page,
  }) => {
    await signIn(page, 'agent');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(/Updated (just now|\d+ s ago)/)).toBeVisible();
    const created = page.getByRole('region', { name: 'Enrollments today' });
    const held = page.getByRole('region', { name: 'On hold now' });
    await expect(held.locator('p').first()).toHaveText(/^\d/);
    const [createdBefore, heldBefore] = [await countOn(created), await countOn(held)];

    // A new enrollment held for review, made through the public API as an integrator would.
    const id = await sandboxEnrollment('Quinn', 'Alert');
    await page.reload();
    // Other tests may enroll at the same time on the same server: at least this one more.
    await expect(async () => {
      expect(await countOn(created)).toBeGreaterThanOrEqual(createdBefore + 1);
      expect(await countOn(held)).toBeGreaterThanOrEqual(heldBefore + 1);
    }).toPass();
    const holds = page.getByRole('region', { name: 'Holds by age' });
    const review = holds.getByRole('row', { name: /Agent review and fraud alerts/ });
    await expect(review).toBeVisible();
    await expectAccessible(page);
    // The colours hold in the dark scheme too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: 'light' });

    // The youngest bucket of the review hold opens its queue, newest first: the new enrollment is there.
    await review.getByRole('cell').first().getByRole('link').click();
    await expect(page).toHaveURL(/\/queues\?.*queue=ON_HOLD/);
    await expect(page).toHaveURL(/order=newest/);
    await expect(page.getByRole('button', { name: `Release the hold of enrollment ${id}` })).toBeVisible();
  });
});
