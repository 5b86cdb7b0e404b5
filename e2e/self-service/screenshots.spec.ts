import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { runServiceTask, sandboxApiCall } from '../console/sandbox';
import { expect, test } from '../fixtures';
import { type Login, newEnrolledLogin, newLogin, resetLinkMailedTo } from './customers';
import { DEMO_CUSTOMER, DESKTOP, PHONE, sitePage } from './site';

/**
 * The pictures of the docs site's My account pages, taken from the site as it is built: each screen at a phone's
 * 360 px and at a desktop's width, written to apps/docs/static/img/my-account/<screen>-phone.png and
 * <screen>-desktop.png (overwritten at every run). Each test makes its own customer when the screen shows one's data.
 */
const PICTURES = path.resolve(__dirname, '../../apps/docs/static/img/my-account');

test.use({ colorScheme: 'light' });

/** Waits until nothing is loading or moving, then writes the screen at both sizes. */
async function pictures(page: Page, screen: string, ready: () => Promise<void>) {
  mkdirSync(PICTURES, { recursive: true });
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await ready();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[role="status"][aria-label="Loading…"]')).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
    await page.mouse.move(viewport.width - 1, viewport.height - 1);
    await page.screenshot({
      path: path.join(PICTURES, `${screen}-${size}.png`),
      type: 'png',
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    });
  }
}

async function signIn(page: Page, login: Pick<Login, 'username' | 'password'>, next: string) {
  await page.goto(sitePage(`/sign-in?next=${encodeURIComponent(next)}`));
  await page.getByRole('textbox', { name: 'Username' }).fill(login.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(login.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(sitePage(next));
}

test.describe('My account pictures for the docs', () => {
  test('sign-in, forgot-password and forgot-username', async ({ page }) => {
    await page.goto(sitePage('/sign-in'));
    await pictures(page, 'sign-in', () =>
      expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible(),
    );
    await page.goto(sitePage('/forgot-password'));
    await pictures(page, 'forgot-password', () =>
      expect(page.getByRole('button', { name: 'Email me a link' })).toBeVisible(),
    );
    await page.goto(sitePage('/forgot-username'));
    await pictures(page, 'forgot-username', () =>
      expect(page.getByRole('button', { name: 'Email me my username' })).toBeVisible(),
    );
  });

  test('reset-password: the page the emailed link opens', async ({ page }) => {
    const login = await newLogin('resetpic');
    await sandboxApiCall('POST', '/customers/forgot-password', { brandId: 1, username: login.username });
    const link = resetLinkMailedTo(login.email);
    await page.goto(sitePage(`/reset-password?securityToken=${encodeURIComponent(link!.securityToken)}`));
    await pictures(page, 'reset-password', () =>
      expect(page.getByRole('button', { name: 'Save the new password' })).toBeVisible(),
    );
  });

  test('overview and profile of the demo customer', async ({ page }) => {
    await signIn(page, DEMO_CUSTOMER, '/account');
    await pictures(page, 'overview', () =>
      expect(page.getByRole('article', { name: 'Bluebonnet Energy 12-Month Fixed Electric' })).toBeVisible(),
    );
    await page.getByRole('link', { name: 'Profile' }).click();
    await pictures(page, 'profile', () =>
      expect(page.getByRole('region', { name: 'Contact and preferences' })).toBeVisible(),
    );
  });

  test('payment-methods: a saved card, and the form to add another', async ({ page }) => {
    const login = await newLogin('cardpic');
    await signIn(page, login, '/account/payment-methods');
    await page.getByRole('button', { name: 'Add a card or bank account' }).click();
    const form = page.frameLocator('iframe[title="Secure payment form"]');
    await form.getByLabel('Card number').fill('4111111111111111');
    await form.getByLabel('Expiry date (MM/YY)').fill('12/30');
    await form.getByLabel('Security code (CVV)').fill('123');
    await form.getByLabel('Name on card').fill('Ana Tester');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('article', { name: 'Visa ending 1111' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await pictures(page, 'payment-methods', () =>
      expect(page.getByRole('article', { name: 'Visa ending 1111' })).toBeVisible(),
    );
    await page.getByRole('button', { name: 'Add a card or bank account' }).click();
    await pictures(page, 'payment-methods-add', () => expect(form.getByLabel('Card number')).toBeVisible());
  });

  test('notifications: a new customer’s first notification', async ({ page }) => {
    const login = await newEnrolledLogin('notepic');
    await signIn(page, login, '/account/notifications');
    await expect(async () => {
      runServiceTask('create-notifications');
      await page.reload();
      await expect(page.getByRole('article', { name: 'Your enrollment is confirmed' })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    await pictures(page, 'notifications', () =>
      expect(page.getByRole('button', { name: 'Mark as read' })).toBeVisible(),
    );
  });
});
