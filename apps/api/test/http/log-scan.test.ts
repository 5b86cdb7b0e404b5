import { describe, expect, it } from 'vitest';
// @ts-expect-error: the scan is a plain script of the repository's test runner, without type declarations.
import { leaksIn } from '../../../../scripts/scan-test-logs.mjs';

const line = (url: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ level: 30, req: { method: 'GET', url }, msg: 'incoming request', ...extra });

describe('the log scan of the test run (npm test)', () => {
  it('names the kind of a leaked value and the route of its line, never the value', () => {
    const leaks: string[] = leaksIn(
      [
        line('/api/v1/zipcodes', { queryParameters: ['stateCode'] }),
        line('/api/v1/customers/validate-customer-fields', { note: 'ssn=234-56-7720' }),
        line('/api/v1/enrollments', { body: { fedtaxid: '741234567' } }),
        line('/api/v1/payments/payment-profile', { card: '4111111111111111' }),
      ].join('\n'),
    );
    expect(leaks).toEqual([
      'SSN in a log line of /api/v1/customers/validate-customer-fields',
      'federal tax id in a log line of /api/v1/enrollments',
      'card number in a log line of /api/v1/payments/payment-profile',
    ]);
    for (const leak of leaks) expect(leak).not.toMatch(/\d{4}/);
  });

  it('lets phone numbers, dates of service and ids through', () => {
    expect(
      leaksIn(
        line('/api/v1/enrollments/42', {
          phone: '512-555-0142',
          start: '2026-12-01',
          esiid: '10443720000000001',
        }),
      ),
    ).toEqual([]);
  });
});
