import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Scheduler } from '../jobs/scheduler.js';
import { ApiError } from './errors.js';

export interface MetricsOptions {
  /** The bearer token scrapes must send (METRICS_TOKEN). */
  token: string;
  scheduler: Scheduler;
  /** Work waiting per background queue, read from the database at each scrape. */
  queueDepths: () => Promise<Record<string, number>>;
  catalogCacheBytes: () => number;
}

/** Latency buckets, in seconds: plan reads take milliseconds, calls to partners take seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route pattern (`/api/v1/plans/:id`), never the URL: labels carry no ids or personal data, and their number
 * stays bounded. Requests that matched no route share one label.
 */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';
const statusClassOf = (status: number) => `${Math.floor(status / 100)}xx`;

function bearerMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/**
 * Prometheus metrics at GET /metrics, in the text exposition format, for the scraper holding METRICS_TOKEN. Each app
 * has its own registry, so several apps in one process (tests) do not mix their counts.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_class'] as const;
  const requests = new Counter({
    name: 'voltin_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'voltin_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'voltin_http_errors_total',
    help: 'HTTP requests answered with a server error (5xx), by method and route pattern.',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'voltin_job_runs_total',
    help: 'Background task runs made by this node, by task and outcome (succeeded, failed).',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'voltin_queue_depth',
    help: 'Items waiting for a background task, by queue (read from the database at scrape time).',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      // Without the database the other metrics matter most: the scrape answers without queue depths.
      this.reset();
      try {
        for (const [queue, depth] of Object.entries(await options.queueDepths())) this.set({ queue }, depth);
      } catch (error) {
        app.log.warn({ err: error }, 'queue depths not read for metrics');
      }
    },
  });
  new Gauge({
    name: 'voltin_catalog_cache_size_bytes',
    help: 'Plan-shopping answers kept in memory on this node (bounded by CATALOG_CACHE_MAX_BYTES).',
    registers: [registry],
    collect() {
      this.set(options.catalogCacheBytes());
    },
  });

  options.scheduler.onRun((job, outcome) => jobRuns.inc({ job, outcome }));
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    const labels = { method: request.method, route, status_class: statusClassOf(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) errors.inc({ method: request.method, route });
  });

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, options.token))
      throw new ApiError('AUTH_TOKEN_INVALID', 'Send METRICS_TOKEN as the bearer token to read metrics.');
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
