import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import type { Premise } from './premises';
import { expectAccessible, sitePage } from './site';

/** Takes the docs site's picture of the screen the journey is on (the screenshots spec passes one). */
export type Picture = (name: string) => Promise<void>;
const noPicture: Picture = async () => {};

/** The sandbox plan every journey buys: 12-month fixed, credit check required, a $150 deposit under a score of 550. */
export const PLAN = 'Bluebonnet Energy 12-Month Fixed Electric';
export const PLAN_ID = 1;

/** The sandbox credit bureau scores an SSN by its last three digits (300–850). */
export const SSN = { approved: '123-45-6720', depositRequired: '123-45-6540' } as const;

export interface Shopper {
  lastName: string;
  ssn: string;
}

const uniqueName = () => `shopper${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Plan shopping by zip code, to the plan's wizard. */
export async function shopFor(page: Page, premise: Premise, picture: Picture = noPicture) {
  await page.goto(sitePage('/'));
  await page.getByRole('textbox', { name: 'Service zip code' }).fill(premise.zipcode);
  await page.getByRole('button', { name: 'See plans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Plans for ${premise.zipcode}` })).toBeVisible();
  const card = page.getByRole('article', { name: PLAN });
  await expect(card.getByText(/About \$[\d,.]+ a month at 1,000 kWh/)).toBeVisible();
  await expectAccessible(page);
  await picture('plans');
  await card.getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Sign up for ${PLAN}` })).toBeVisible();
}

/** The wizard from the service address to the enrollment, as a new customer. */
export async function enroll(
  page: Page,
  premise: Premise,
  shopper: Shopper,
  depositChoice?: string,
  picture: Picture = noPicture,
) {
  await page.getByRole('textbox', { name: 'Street address' }).fill(premise.address);
  await page.getByRole('textbox', { name: 'City' }).fill(premise.city);
  await page.getByRole('button', { name: 'Find my ESIID' }).click();
  await page.getByRole('radio', { name: new RegExp(premise.esiid) }).check();
  await expect(page.getByRole('textbox', { name: 'Account number at the utility' })).toHaveValue(
    premise.esiid,
  );
  await page.getByRole('radio', { name: 'Switching to us at my current address' }).check();
  const startDate = page.getByRole('combobox', { name: 'Start date' });
  await expect(startDate).toBeEnabled();
  await startDate.selectOption({ index: 2 });
  await expectAccessible(page);
  await picture('wizard-service');
  await page.getByRole('button', { name: 'Continue' }).click();

  const username = uniqueName();
  await page.getByRole('textbox', { name: 'First name' }).fill('Ana');
  await page.getByRole('textbox', { name: 'Last name' }).fill(shopper.lastName);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.com`);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('(214) 555-0100');
  await page.getByLabel('Social security number').fill(shopper.ssn);
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByLabel(/^Password/).fill('Shopper-Password-1');
  await expectAccessible(page);
  await picture('wizard-about-you');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Credit check' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'I authorize this credit check' }).check();
  await page.getByRole('button', { name: 'Check my credit' }).click();
  if (depositChoice) {
    await expect(page.getByText('A deposit of $150.00 is needed to start service.')).toBeVisible();
    await page.getByRole('radio', { name: depositChoice }).check();
  } else {
    await expect(page.getByText('Good news: no deposit is needed.')).toBeVisible();
  }
  await expectAccessible(page);
  await picture('wizard-credit-check');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Review and agree' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign up' }).click();
  // Every required agreement is asked for before anything is sent.
  await expect(page.getByText('Agree to this to sign up.').first()).toBeVisible();
  const requiredOptions = page.locator('input[type="checkbox"][required]');
  await expect(requiredOptions).toHaveCount(2);
  for (const option of await requiredOptions.all()) await option.check();
  await expectAccessible(page);
  await picture('wizard-review');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/Your enrollment number is \d+\./)).toBeVisible();
}
