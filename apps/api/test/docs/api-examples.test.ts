import { describe, expect, it } from 'vitest';
import { useTestApi } from '../helpers/app.js';
import { extractExamples, readPage, runExamples } from './examples.js';

const PAGE = 'api-integrations/voltin-api.md';
const DOCUMENTED_BASE_URL = 'http://localhost:3000';
const api = useTestApi();

describe('the examples of the "Voltin API" page run against the API', () => {
  const examples = extractExamples(readPage(PAGE));

  it('shows the signature, login, refresh, plan search and enrollment examples, in that order', () => {
    expect(examples.map((e) => e.name)).toEqual([
      'signature',
      'login',
      'refresh',
      'plan-search',
      'enrollment',
    ]);
  });

  it('every call of every example succeeds, and the steps do what the page says', async () => {
    const all = await runExamples(examples, api.baseUrl.replace(/\/$/, ''), DOCUMENTED_BASE_URL);
    // Step 2's login and the SDK's may fall in one second: the SDK's is refused as a replay and signed again the
    // next second, as the page says.
    const replayed = all.filter((c) => (c.body as any)?.code === 'AUTH_SIGNATURE_REPLAYED');
    expect(replayed.every((c) => c.example === 'plan-search')).toBe(true);
    const calls = all.filter((c) => !replayed.includes(c));
    for (const call of calls) {
      expect(call.status, `${call.example}: ${call.method} ${call.url} → ${JSON.stringify(call.body)}`).toBe(
        200,
      );
      expect(call.succeeded, `${call.example}: ${call.method} ${call.url}`).toBe(true);
    }
    const paths = (example: string) =>
      calls.filter((c) => c.example === example).map((c) => `${c.method} ${new URL(c.url).pathname}`);
    expect(paths('signature')).toEqual([]);
    expect(paths('login')).toEqual(['POST /api/v1/auth/login']);
    expect(paths('refresh')).toEqual(['POST /api/v1/auth/refresh']);
    // The SDK signs its own login before its first call.
    expect(paths('plan-search')).toEqual([
      'POST /api/v1/auth/login',
      'GET /api/v1/utilities',
      'GET /api/v1/plans/for-wizard',
      'GET /api/v1/plans/bill-estimate',
    ]);
    expect(paths('enrollment')).toEqual([
      'GET /api/v1/plans/acceptance-options',
      'POST /api/v1/payments/credit-check',
      expect.stringMatching(/^GET \/api\/v1\/plans\/start-dates\/\d+$/),
      'POST /api/v1/enrollments/create',
      expect.stringMatching(/^GET \/api\/v1\/enrollments\/\d+$/),
    ]);
    const created = calls.find((c) => c.url.endsWith('/enrollments/create'))?.body as any;
    expect(created.data.enrollmentStatus).toBe('PENDING');
    const login = calls.find((c) => c.url.includes('/auth/login'))?.body as any;
    expect(login.data.customerSupport).toMatchObject({
      phone: expect.any(String),
      email: expect.any(String),
    });
  });

  it('a broken example fails', async () => {
    const broken = examples.map((e) =>
      e.name === 'plan-search' ? { ...e, code: e.code.replace('ids_utilities:', 'ids_utility:') } : e,
    );
    const calls = await runExamples(broken, api.baseUrl.replace(/\/$/, ''), DOCUMENTED_BASE_URL).catch(
      () => [],
    );
    const failed = calls.some((c) => c.status !== 200 || c.succeeded !== true);
    expect(failed || calls.length === 0).toBe(true);
  });
});
