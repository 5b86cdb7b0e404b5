import { expect, test } from './fixtures';
import { openApiDocument, openApiOperations, openApiTags } from './site-data';

const TITLE = 'Voltin Operations Administration API Reference';

for (const route of ['/api/openapi.json', '/api/openapi.yaml']) {
  test(`${route} renders every operation of the exported OpenAPI document`, async ({ page }) => {
    const document = openApiDocument();
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page).toHaveTitle(`${TITLE} | Voltin`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE);
    // Section headings end with an invisible anchor link ("\u200b").
    const sections = (await page.getByRole('main').locator('h2').allInnerTexts()).map((t) =>
      t.replace(/\u200b/g, '').trim(),
    );
    expect(sections).toEqual(expect.arrayContaining(openApiTags(document)));
    const text = (await page.getByRole('main').textContent()) ?? '';
    for (const operation of openApiOperations(document)) {
      expect(text, `${operation.method} ${operation.path}`).toContain(operation.path);
      expect(text).toContain(operation.method.toUpperCase());
      if (operation.summary) expect(text).toContain(operation.summary);
    }
  });
}

test('the API reference uses a blue primary colour', async ({ page }) => {
  await page.goto('/api/openapi.json');
  const primary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--ifm-color-primary').trim(),
  );
  expect(primary).toBe('#1d4ed8');
  await page.goto('/');
  const docsPrimary = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--ifm-color-primary').trim(),
  );
  expect(docsPrimary).not.toBe('#1d4ed8');
});

test('the download links serve the raw JSON and YAML documents', async ({ page }) => {
  await page.goto('/api/openapi.json');
  const json = page.getByRole('link', { name: 'OpenAPI JSON' });
  const yaml = page.getByRole('link', { name: 'OpenAPI YAML' });
  const jsonResponse = await page.request.get((await json.getAttribute('href'))!);
  expect(jsonResponse.ok()).toBe(true);
  expect(await jsonResponse.json()).toEqual(openApiDocument());
  const yamlResponse = await page.request.get((await yaml.getAttribute('href'))!);
  expect(yamlResponse.ok()).toBe(true);
  expect(await yamlResponse.text()).toMatch(/^openapi: /m);
});

test('the searchable reference has a page per tag under /docs/api-reference', async ({ page }) => {
  const document = openApiDocument();
  await page.goto('/docs/api-reference/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API Reference');
  const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
  for (const tag of openApiTags(document)) {
    await expect(sidebar.getByRole('link', { name: tag, exact: true })).toBeVisible();
  }
});

test('the reference is rendered into the HTML itself, readable without JavaScript', async ({ page }) => {
  const response = await page.request.get('/api/openapi.json', { headers: { Accept: 'text/html' } });
  expect(response.ok()).toBe(true);
  const html = await response.text();
  expect(html).toContain(`<h1>${TITLE}</h1>`);
  for (const operation of openApiOperations(openApiDocument())) {
    expect(html, `${operation.method} ${operation.path}`).toContain(operation.path);
  }
});

test("the built reference is the running API's own OpenAPI document", async ({ page }) => {
  await page.goto('/api/openapi.json');
  const built = await (
    await page.request.get((await page.getByRole('link', { name: 'OpenAPI JSON' }).getAttribute('href'))!)
  ).json();
  const served = await (await page.request.get('/Swagger/v1/swagger.json')).json();
  const negotiated = await (
    await page.request.get('/api/openapi.json', { headers: { accept: 'application/json' } })
  ).json();
  expect(built).toEqual(served);
  expect(negotiated).toEqual(served);
});
