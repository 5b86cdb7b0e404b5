import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { startFakeSmtp } from '../../adapters/mail/fake-smtp.js';
import { expectFailure, httpClient, openTestDatabase, testConfig } from '../../helpers/app.js';

const METRICS_TOKEN = 'health-test-metrics-token';

/** An app on its own database and mail relay, which each test may take down. */
async function startApp() {
  const database = await openTestDatabase();
  const relay = await startFakeSmtp();
  const app: FastifyInstance = await buildApp(
    testConfig({
      databaseUrl: database.url,
      smtpUrl: relay.url,
      mailFrom: 'ops@voltin.example',
      metricsToken: METRICS_TOKEN,
    }),
    { db: database.db, logger: false },
  );
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const call = httpClient(address);
  const metrics = async () => {
    const response = await fetch(`${address}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    return { status: response.status, text: await response.text() };
  };
  return {
    call,
    metrics,
    database,
    relay,
    async stop() {
      await app.close();
      await relay.close();
      await database.drop();
    },
  };
}

let node: Awaited<ReturnType<typeof startApp>>;
beforeAll(async () => {
  node = await startApp();
});
afterAll(() => node.stop());

describe('health and readiness', () => {
  it('are both up while the database and the mail relay answer', async () => {
    expect((await node.call('GET', '/health')).status).toBe(200);
    const ready = await node.call('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'ready', checked: ['database', 'mail relay'] });
  });

  it('is not ready while the mail relay is down, naming it and nothing secret', async () => {
    const other = await startApp();
    try {
      await other.relay.close();
      const ready = await other.call('GET', '/health/ready');
      const body = expectFailure(ready, 503, 'NOT_READY');
      expect(body.errors).toEqual(['mail relay is down']);
      expect(JSON.stringify(body)).not.toContain('127.0.0.1');
      expect((await other.call('GET', '/health')).status).toBe(200);
    } finally {
      await other.stop();
    }
  });

  it('is not ready while the database is unreachable, and stays alive', async () => {
    const other = await startApp();
    try {
      await other.database.db.close();
      const body = expectFailure(await other.call('GET', '/health/ready'), 503, 'NOT_READY');
      expect(body.errors).toEqual(['database is down']);
      // Liveness calls no dependency: an orchestrator must not restart a process for the database's outage.
      expect((await other.call('GET', '/health')).status).toBe(200);
      // Metrics still answer, without the queue depths only the database knows.
      const metrics = await other.metrics();
      expect(metrics.status).toBe(200);
      expect(metrics.text).toMatch(/^process_resident_memory_bytes \d+/m);
      expect(metrics.text).not.toMatch(/^voltin_queue_depth\{/m);
    } finally {
      await other.stop();
    }
  });
});
