import type { Page } from '@playwright/test';

/** Fills the New company form as a platform operator onboarding Lone Star Power (a new slug each run). */
export async function fillNewCompany(page: Page, suffix: string, adminEmail: string) {
  await page.getByRole('textbox', { name: 'Name' }).first().fill(`Lone Star Power ${suffix}`);
  await page.getByRole('textbox', { name: 'Support phone' }).fill('+1-214-555-0100');
  await page.getByRole('textbox', { name: 'Support email' }).fill('support@lonestarpower.example');
  await page.getByRole('textbox', { name: 'Legal name' }).fill('Lone Star Power LLC');
  await page.getByRole('textbox', { name: 'Web site' }).fill('https://www.lonestarpower.example');
  await page
    .getByRole('textbox', { name: 'Self-service site' })
    .fill('https://myaccount.lonestarpower.example');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1-214-555-0100');
  await page.getByRole('textbox', { name: 'Sends mail from' }).fill('hello@lonestarpower.example');
  await page.getByRole('textbox', { name: 'Licence number' }).fill('PUCT REP certificate 10000');
  await page.getByRole('checkbox', { name: /^Oncor/ }).check();
  await page.getByRole('checkbox', { name: /^CenterPoint/ }).check();
  const administrator = page.getByRole('region', { name: 'First Administrator' });
  await administrator.getByRole('textbox', { name: 'Name' }).fill('Jordan Lee');
  await administrator.getByRole('textbox', { name: 'Email' }).fill(adminEmail);
}
