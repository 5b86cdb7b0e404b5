import { expect, test } from '../fixtures';
import { expectAccessible, PHONE, sitePage } from './site';

test('a Spanish-speaking shopper switches the site to Spanish: words, prices and documents follow', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(sitePage('/'));
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { level: 1, name: 'Encuentre un plan de energía' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.getByRole('textbox', { name: 'Código postal del servicio' }).fill('75201');
  await page.getByRole('button', { name: 'Ver planes' }).click();
  const plan = page.getByRole('article', { name: 'Bluebonnet Energy 12-Month Fixed Electric' });
  await expect(plan.getByText(/Unos \$[\d,.]+ al mes con 1,000 kWh/)).toBeVisible();
  await expect(plan.getByRole('link', { name: /Electricity Facts Label/ })).toHaveAttribute(
    'href',
    /\/es\.pdf\?/,
  );
  await expectAccessible(page);
  // The choice is remembered: the next visit opens in Spanish.
  await page.goto(sitePage('/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Encuentre un plan de energía' })).toBeVisible();
});
