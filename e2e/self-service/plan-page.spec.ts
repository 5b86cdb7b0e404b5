import { expect, test } from '../fixtures';
import { expectAccessible, PHONE, sitePage } from './site';

test("a plan's own page (the address plan listings link to) shows its prices, terms and documents, and leads to the wizard", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(sitePage('/plans/1'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Bluebonnet Energy 12-Month Fixed Electric' }),
  ).toBeVisible();
  await expect(page.getByText('Average price at 1,000 kWh')).toBeVisible();
  for (const document of [
    'Electricity Facts Label (EFL)',
    'Terms of Service (TOS)',
    'Your Rights as a Customer (YRAC)',
  ])
    await expect(page.getByRole('link', { name: document })).toHaveAttribute('href', /\/en\.pdf\?expires=/);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign up for Bluebonnet Energy 12-Month Fixed Electric' }),
  ).toBeVisible();
});

test.describe('a plan that is not there', () => {
  // The API's 404 for the plan, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 404 .*\/site\/api\/v1\/plans\/999999/] });

  test('says it is not on sale any more', async ({ page }) => {
    await page.goto(sitePage('/plans/999999'));
    await expect(page.getByText('This plan is not on sale any more.')).toBeVisible();
  });
});
