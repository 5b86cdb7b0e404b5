import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { enroll, PLAN_ID, SSN, shopFor } from './journey';
import { freePremise } from './premises';
import { DESKTOP, PHONE, sitePage } from './site';

/**
 * The pictures of the docs site's pages on plan shopping and the enrollment wizard, taken from the site as it is
 * built, at a phone's width and a desktop's: apps/docs/static/img/my-account/<screen>-<phone|desktop>.png, overwritten
 * at every run of `npm test`'s browser step.
 */
const PICTURES = path.resolve(__dirname, '../../apps/docs/static/img/my-account');

const pictureOf = (page: Page, size: 'phone' | 'desktop') => async (name: string) => {
  mkdirSync(PICTURES, { recursive: true });
  await page.screenshot({ path: path.join(PICTURES, `${name}-${size}.png`) });
};

for (const [size, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test(`plan shopping and the wizard, ${size}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const picture = pictureOf(page, size);
    await page.goto(sitePage('/'));
    await expect(page.getByRole('textbox', { name: 'Service zip code' })).toBeVisible();
    await picture('shopping-front-page');
    const premise = await freePremise(PLAN_ID);
    await shopFor(page, premise, picture);
    await enroll(
      page,
      premise,
      { lastName: 'Pictures', ssn: SSN.depositRequired },
      'Pay it now by card or bank account',
      picture,
    );
    await expect(
      page.frameLocator('iframe[title="Secure payment form"]').getByLabel('Card number'),
    ).toBeVisible();
    await picture('wizard-thank-you-deposit');
  });
}
