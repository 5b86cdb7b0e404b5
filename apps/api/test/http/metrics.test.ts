import { describe, expect, it } from 'vitest';
import { expectFailure, useTestApi } from '../helpers/app.js';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';
// No schedule of its own: deliver-mail would empty the outbox between a test's insert and its scrape.
const api = useTestApi({ metricsToken: METRICS_TOKEN, catalogCacheMaxBytes: 65_536, backgroundTasks: false });
const unmetered = useTestApi();

/** The exposition text as { 'name{labels}': value }, labels as Prometheus prints them. */
async function scrape(): Promise<Map<string, number>> {
  const response = await fetch(`${api.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

describe('GET /metrics', () => {
  it('is only for the scraper holding METRICS_TOKEN, and off without one', async () => {
    const scrapeWith = async (authorization?: string) => {
      const response = await fetch(`${api.baseUrl}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      return { status: response.status, headers: response.headers, body: await response.json() };
    };
    expectFailure(await scrapeWith(), 401, 'AUTH_TOKEN_INVALID');
    expectFailure(await scrapeWith('Bearer not-the-token-at-all'), 401, 'AUTH_TOKEN_INVALID');
    expectFailure(await scrapeWith(METRICS_TOKEN), 401, 'AUTH_TOKEN_INVALID');
    const off = await fetch(`${unmetered.baseUrl}/metrics`);
    expect(off.status).toBe(404);
  });

  it('counts requests and their latency by route pattern and status class, never by URL', async () => {
    const token = await api.sandboxToken();
    const before = await scrape();
    const route = 'method="GET",route="/api/v1/plans/:planId",status_class="4xx"';
    const count = (samples: Map<string, number>, name: string) => samples.get(`${name}{${route}}`) ?? 0;
    for (const id of [999_001, 999_002, 999_003]) await api.call('GET', `/plans/${id}`, { token });
    const after = await scrape();
    expect(count(after, 'voltin_http_requests_total') - count(before, 'voltin_http_requests_total')).toBe(3);
    expect(
      count(after, 'voltin_http_request_duration_seconds_count') -
        count(before, 'voltin_http_request_duration_seconds_count'),
    ).toBe(3);
    expect(after.get(`voltin_http_request_duration_seconds_bucket{le="+Inf",${route}}`)).toBe(
      count(after, 'voltin_http_request_duration_seconds_count'),
    );
    const names = [...after.keys()].join('\n');
    expect(names).not.toContain('999001');
    expect(names).not.toContain(token);
    expect(after.get('process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('gives the depth of each background queue, read from the database at scrape time', async () => {
    const depth = async () => (await scrape()).get('voltin_queue_depth{queue="mail_outbox"}');
    const before = (await depth())!;
    expect(before).toBeGreaterThanOrEqual(0);
    await api.db.kysely
      .insertInto('mail_outbox')
      .values({
        company_id: 1,
        recipient: 'ops@voltin.example',
        subject: 's',
        text: 't',
        html: 'h',
        template: 'test',
        next_attempt_at: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await depth()).toBe(before + 1);
    const samples = await scrape();
    expect(samples.has('voltin_queue_depth{queue="billing_submissions"}')).toBe(true);
    expect(samples.has('voltin_queue_depth{queue="verification_dispatch"}')).toBe(true);
  });

  it('counts background task runs by task and outcome', async () => {
    const runs = async () =>
      (await scrape()).get('voltin_job_runs_total{job="expire-prospects",outcome="succeeded"}') ?? 0;
    const before = await runs();
    await api.app.voltin.scheduler.runNow('expire-prospects');
    expect(await runs()).toBe(before + 1);
  });

  it('shows the catalogue cache staying within CATALOG_CACHE_MAX_BYTES under distinct queries', async () => {
    const token = await api.sandboxToken();
    const oncor = await api.db.kysely
      .selectFrom('utilities')
      .select('id')
      .where('code', '=', 'ONCOR')
      .executeTakeFirstOrThrow();
    // Each query string is a distinct cache key for the same plans, as a crawler or an attacker would send.
    // Signed document links expire a day after the answer was built: compare the answers without their signatures.
    const wizard = async (n: number) => {
      const response = await api.call('GET', '/plans/for-wizard', {
        token,
        query: { ids_utilities: oncor.id, n },
      });
      const unsigned = JSON.stringify(response.body).replace(/\?expires=\d+&signature=[0-9a-f]+/g, '');
      return { status: response.status, body: JSON.parse(unsigned) };
    };
    const first = await wizard(0);
    expect(first.status).toBe(200);
    expect(first.body.data.length).toBeGreaterThan(0);
    for (let n = 1; n <= 60; n++) expect((await wizard(n)).body).toEqual(first.body);
    const kept = (await scrape()).get('voltin_catalog_cache_size_bytes')!;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(65_536);
    expect((await wizard(0)).body).toEqual(first.body);
  });
});
