import { describe, expect, it } from 'vitest';
import { expectFailure, useTestApi } from '../helpers/app.js';

const sandbox = useTestApi();
const production = useTestApi({ mode: 'production', publicBaseUrl: 'https://api.supplier.example' });

describe('Voltin-Environment', () => {
  it('says sandbox on every answer of a sandbox server: successes, refusals and unknown paths', async () => {
    const answers = [
      await sandbox.call('GET', '/health'),
      await sandbox.call('GET', '/brands', { token: await sandbox.sandboxToken() }),
      await sandbox.call('GET', '/brands'),
      await sandbox.call('GET', '/no-such-endpoint'),
    ];
    expect(answers.map((answer) => [answer.status, answer.headers.get('voltin-environment')])).toEqual([
      [200, 'sandbox'],
      [200, 'sandbox'],
      [401, 'sandbox'],
      [404, 'sandbox'],
    ]);
  });

  it('says production on a production server', async () => {
    const health = await production.call('GET', '/health');
    expect(health.headers.get('voltin-environment')).toBe('production');
  });
});

describe('Cache-Control on the API', () => {
  it('is no-store on authenticated answers, refusals, unknown paths and public answers that set nothing', async () => {
    const token = await sandbox.sandboxToken();
    const { customerHash, customerId } = await sandbox.sandboxCustomerHash();
    const answers = {
      brands: await sandbox.call('GET', '/brands', { token }),
      profile: await sandbox.call('GET', `/customers/${customerId}/profile`, { token, customerHash }),
      ssnCheck: await sandbox.call('GET', '/miscellaneous/validate-ssn', {
        token,
        query: { ssn: '536-22-1234' },
      }),
      unauthenticated: await sandbox.call('GET', '/brands'),
      invalid: await sandbox.call('POST', '/customers/login', { token, body: {} }),
      unknown: await sandbox.call('GET', '/no-such-endpoint'),
      health: await sandbox.call('GET', '/health'),
    };
    const seen = Object.fromEntries(
      Object.entries(answers).map(([name, answer]) => [
        name,
        [answer.status, answer.headers.get('cache-control')],
      ]),
    );
    expect(seen).toEqual({
      brands: [200, 'no-store'],
      profile: [200, 'no-store'],
      ssnCheck: [200, 'no-store'],
      unauthenticated: [401, 'no-store'],
      invalid: [400, 'no-store'],
      unknown: [404, 'no-store'],
      health: [200, 'no-store'],
    });
  });

  it("keeps a public catalogue answer's own caching, but not on its refusals", async () => {
    const token = await sandbox.sandboxToken();
    const plan = await sandbox.db.kysely
      .selectFrom('plans')
      .select('id')
      .where('name', '=', 'Bluebonnet Energy 12-Month Fixed Electric')
      .executeTakeFirstOrThrow();
    const documents = (await sandbox.call('GET', `/plans/${plan.id}`, { token })).body.data.plan_documents;
    const pdf = await fetch(documents[0].url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('cache-control')).toBe('private, max-age=3600');
    const altered = await fetch(documents[0].url.replace(/signature=[0-9a-f]/, 'signature=x'));
    expect(altered.status).toBe(403);
    expect(altered.headers.get('cache-control')).toBe('no-store');
  });

  it('is no-store on a production server too', async () => {
    expectFailure(await production.call('GET', '/brands'), 401, 'AUTH_REQUIRED');
    expect((await production.call('GET', '/brands')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent when the public base URL is https, for a year and the subdomains', async () => {
    const health = await production.call('GET', '/health');
    expect(health.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('is not sent when the server is reached over plain http', async () => {
    const health = await sandbox.call('GET', '/health');
    expect(health.headers.get('strict-transport-security')).toBeNull();
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
