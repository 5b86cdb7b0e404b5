import type { Page } from '@playwright/test';
import { consoleURL } from '../environment';
import { expect } from '../fixtures';

export { expectAccessible } from '../accessibility';

/** The sandbox staff of Bluebonnet Energy and the installation's platform operator (README). */
export const STAFF = {
  admin: { email: 'admin@bluebonnet.example', password: 'Admin-Password-1' },
  agent: { email: 'agent@bluebonnet.example', password: 'Agent-Password-1' },
  pricing: { email: 'pricing@bluebonnet.example', password: 'Pricing-Password-1' },
  support: { email: 'support@bluebonnet.example', password: 'Support-Password-1' },
  auditor: { email: 'auditor@bluebonnet.example', password: 'Auditor-Password-1' },
  marketing: { email: 'marketing@bluebonnet.example', password: 'Marketing-Password-1' },
  operator: { email: 'operator@voltin.example', password: 'Operator-Password-1' },
} as const;

export const consolePage = (path = '/') => new URL(path, consoleURL).toString();

/** Signs in through the sign-in page as a staff member does, and waits for the first page behind it. */
export async function signIn(page: Page, who: keyof typeof STAFF, path = '/') {
  await page.goto(consolePage(path));
  await page.getByRole('textbox', { name: 'Email' }).fill(STAFF[who].email);
  await page.getByRole('textbox', { name: 'Password' }).fill(STAFF[who].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The password's hashing takes its time on a machine busy with other tests.
  await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible({ timeout: 15_000 });
}

/**
 * The dialog opened, once the menu it was chosen from has gone (Mantine's menu keeps a focus guard inside
 * role="menu" while it closes, which axe reports).
 */
export async function dialogOpen(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);
  return dialog;
}
