import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../fixtures/tenants.js';
import { expectFailure, signLogin, useTestApi } from '../../helpers/app.js';

const api = useTestApi();
let token: string;
let rivalToken: string;
const get = (
  path: string,
  query?: Record<string, string | number | boolean | Array<string | number>>,
  as = token,
) => api.call('GET', path, { token: as, query });

beforeAll(async () => {
  token = await api.sandboxToken();
  const rival = await createTenant(api.db.kysely, api.app.voltin.keys, 'rival-power');
  rivalToken = (await api.call('POST', '/auth/login', { query: signLogin(rival.apiKey, rival.secret) })).body
    .data.token;
});

async function texasId(): Promise<number> {
  const states = (await get('/states')).body.data as Array<{ id_state: number; code: string }>;
  return states.find((s) => s.code === 'TX')!.id_state;
}

describe('GET /states', () => {
  it('lists the 50 states, DC and Puerto Rico with USPS codes', async () => {
    const response = await get('/states');
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(52);
    expect(response.body.data).toContainEqual({ id_state: expect.any(Number), code: 'TX', name: 'Texas' });
    expect(response.body.data).toContainEqual(
      expect.objectContaining({ code: 'DC', name: 'District of Columbia' }),
    );
  });
});

describe('GET /counties/state/{stateId} and GET /cities/county/{countyId}', () => {
  it('lists the counties of the served areas of a state, and their cities', async () => {
    const counties = (await get(`/counties/state/${await texasId()}`)).body.data as Array<{
      id_county: number;
      name: string;
    }>;
    const names = counties.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Dallas', 'Harris', 'Nueces', 'Taylor', 'Galveston']));
    const dallas = counties.find((c) => c.name === 'Dallas')!;
    const cities = (await get(`/cities/county/${dallas.id_county}`)).body.data as Array<{
      name: string;
      id_county: number;
    }>;
    expect(cities.map((c) => c.name)).toContain('Dallas');
    expect(cities.every((c) => c.id_county === dallas.id_county)).toBe(true);
  });

  it('answers 404 for an unknown state or county and 400 for a malformed id', async () => {
    expectFailure(await get('/counties/state/99999'), 404, 'NOT_FOUND');
    expectFailure(await get('/cities/county/99999'), 404, 'NOT_FOUND');
    const body = expectFailure(await get('/counties/state/texas'), 400, 'VALIDATION_FAILED');
    expect(body.errors[0]).toMatch(/^params\.stateId/);
  });
});

describe('GET /zipcodes', () => {
  it("lists the zip codes the company's utilities serve, with city, county and state", async () => {
    const zips = (await get('/zipcodes')).body.data as Array<Record<string, unknown>>;
    expect(zips.length).toBeGreaterThan(100);
    expect(zips).toContainEqual(
      expect.objectContaining({ zipcode: '75201', city: 'Dallas', county: 'Dallas', state_code: 'TX' }),
    );
    expect(zips).toContainEqual(
      expect.objectContaining({ zipcode: '30303', city: 'Atlanta', state_code: 'GA' }),
    );
  });

  it('filters by state and by leading digits', async () => {
    const georgia = (await get('/zipcodes', { stateCode: 'ga' })).body.data as Array<{ state_code: string }>;
    expect(georgia.length).toBeGreaterThan(5);
    expect(georgia.every((z) => z.state_code === 'GA')).toBe(true);
    const houston = (await get('/zipcodes', { zipcode: '770' })).body.data as Array<{ zipcode: string }>;
    expect(houston.length).toBeGreaterThan(3);
    expect(houston.every((z) => z.zipcode.startsWith('770'))).toBe(true);
    expectFailure(await get('/zipcodes', { zipcode: '7a' }), 400, 'VALIDATION_FAILED');
  });

  it('shows another company none of the zip codes it does not serve', async () => {
    const response = await get('/zipcodes', undefined, rivalToken);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
  });
});

describe('GET /miscellaneous/id-name-filter', () => {
  it('gives id and name pairs for states, counties of a state and cities of a county', async () => {
    const states = (await get('/miscellaneous/id-name-filter', { type: 'State' })).body.data;
    expect(states).toHaveLength(52);
    expect(states).toContainEqual({ id: await texasId(), name: 'Texas' });
    const counties = (
      await get('/miscellaneous/id-name-filter', { type: 'County', parentId: await texasId() })
    ).body.data;
    expect(counties.map((c: { name: string }) => c.name)).toContain('Harris');
    const allCities = (await get('/miscellaneous/id-name-filter', { type: 'City' })).body.data;
    expect(allCities.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['Houston', 'Columbus']),
    );
  });

  it('refuses an unknown type, naming the allowed ones', async () => {
    const body = expectFailure(
      await get('/miscellaneous/id-name-filter', { type: 'Country' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(body.errors.join(' ')).toContain('querystring.type');
  });
});

describe('GET /document-languages', () => {
  it('lists English (default) and Spanish', async () => {
    const languages = (await get('/document-languages', { onlyActives: true })).body.data;
    expect(languages).toEqual([
      { id_language: expect.any(Number), name: 'English', short_name: 'en', is_default: true, active: true },
      { id_language: expect.any(Number), name: 'Spanish', short_name: 'es', is_default: false, active: true },
    ]);
    expectFailure(await get('/document-languages', { onlyActives: 'maybe' }), 400, 'VALIDATION_FAILED');
  });
});

describe('GET /method-contact', () => {
  it('lists consent methods and reads one by id', async () => {
    const methods = (await get('/method-contact')).body.data as Array<{
      id_method_contact: number;
      name: string;
    }>;
    expect(methods.map((m) => m.name)).toEqual(['Email', 'Phone', 'Text message', 'Mail']);
    const one = await get(`/method-contact/${methods[1]!.id_method_contact}`);
    expect(one.body.data).toEqual(methods[1]);
    expectFailure(await get('/method-contact/99999'), 404, 'NOT_FOUND');
  });
});

describe('GET /brands', () => {
  it("lists only the caller's company brands and reads one by system name", async () => {
    const brands = (await get('/brands')).body.data;
    expect(brands).toHaveLength(1);
    expect(brands[0]).toMatchObject({ system_name: 'bluebonnet', name: 'Bluebonnet Energy', active: true });
    expect((await get('/brands/bluebonnet')).body.data).toEqual(brands[0]);
    expect(
      (await get('/brands', undefined, rivalToken)).body.data.map(
        (b: { system_name: string }) => b.system_name,
      ),
    ).toEqual(['rival-power-brand']);
  });

  it("answers what a brand's site needs: its logo as an absolute URL the API serves, colours, legal links, language", async () => {
    const brand = (await get('/brands/bluebonnet')).body.data;
    expect(brand).toMatchObject({
      logo_url: `${api.baseUrl}/brand-logos/bluebonnet.svg`,
      primary_color: '#2c4a9a',
      accent_color: '#e8a317',
      terms_url: 'https://www.bluebonnet-energy.example/terms',
      privacy_url: 'https://www.bluebonnet-energy.example/privacy',
      default_language: 'en',
    });
    const logo = await fetch(brand.logo_url, { headers: { origin: 'http://localhost:3002' } });
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
    // shown by a brand's site on another origin, and inert when opened on its own
    expect(logo.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(logo.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await logo.text()).toContain('<title id="title">Bluebonnet Energy</title>');
    for (const missing of ['nothing-here.svg', '..%2Fpackage.json', 'bluebonnet.SVG'])
      expect((await fetch(`${api.baseUrl}/brand-logos/${missing}`)).status).toBe(404);
  });

  it('answers a brand its company file has not branded with the plain defaults', async () => {
    const rival = (await get('/brands', undefined, rivalToken)).body.data[0];
    expect(rival).toMatchObject({
      logo_url: '',
      primary_color: '#1f4e79',
      accent_color: '#f2a900',
      terms_url: '',
      privacy_url: '',
      default_language: 'en',
    });
  });

  it("answers 404 for another company's brand", async () => {
    expectFailure(await get('/brands/rival-power-brand'), 404, 'NOT_FOUND');
  });
});

describe('GET /customer-types', () => {
  it('pages the customer types with their required fields', async () => {
    const response = await get('/customer-types', { pageSize: 2 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      pageNumber: 1,
      pageSize: 2,
      totalPages: 2,
      totalRecords: 3,
      succeeded: true,
    });
    expect(response.body.data[0]).toMatchObject({
      name: 'Residential',
      code: 'Residential',
      required_first_name: true,
      required_firm_name: false,
      prospect_expiration_days: 30,
    });
    const second = await get('/customer-types', { pageSize: 2, pageNumber: 2 });
    expect(second.body.data.map((t: { code: string }) => t.code)).toEqual(['LargeBusiness']);
  });

  it('filters by customer type and by the utilities that serve it (repeated or comma-separated)', async () => {
    const all = (await get('/customer-types')).body.data as Array<{ id_customer_type: number }>;
    const one = await get('/customer-types', { customerTypeId: all[1]!.id_customer_type });
    expect(one.body.data).toHaveLength(1);
    const utilities = await api.db.kysely.selectFrom('utilities').select('id').limit(2).execute();
    const ids = utilities.map((u) => u.id);
    expect((await get('/customer-types', { utilitiesIds: ids })).body.totalRecords).toBe(3);
    expect((await get('/customer-types', { utilitiesIds: ids.join(',') })).body.totalRecords).toBe(3);
    expect((await get('/customer-types', { utilitiesIds: 99999 })).body.totalRecords).toBe(0);
  });

  it('refuses page sizes out of range', async () => {
    expectFailure(await get('/customer-types', { pageSize: 0 }), 400, 'VALIDATION_FAILED');
    expectFailure(await get('/customer-types', { pageSize: 101 }), 400, 'VALIDATION_FAILED');
    expectFailure(await get('/customer-types', { pageNumber: -1 }), 400, 'VALIDATION_FAILED');
  });

  it('reads one customer type, and 404 for one of another company', async () => {
    const all = (await get('/customer-types')).body.data as Array<{ id_customer_type: number }>;
    expect((await get(`/customer-types/${all[0]!.id_customer_type}`)).body.data).toEqual(all[0]);
    expectFailure(
      await get(`/customer-types/${all[0]!.id_customer_type}`, undefined, rivalToken),
      404,
      'NOT_FOUND',
    );
  });
});

describe('GET /configuration-parameters (customer-scoped)', () => {
  it("returns the company's gateway, payment types and self-service options", async () => {
    const { customerHash } = await api.sandboxCustomerHash();
    const response = await api.call('GET', '/configuration-parameters', { token, customerHash });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      payment_gateway: 'AuthorizeNET',
      deposit_payment_types: 'Both',
      one_time_payment_types: 'Both',
      recurring_billing_payment_types: 'Both',
      my_account_remove_drop_option: true,
      my_account_transfer_of_service: true,
      my_account_reenroll_option: true,
      my_account_reinstate_option: true,
    });
  });
});
