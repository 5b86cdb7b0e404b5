import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../../src/db/client.js';
import {
  type ApiNode,
  type EmptyDatabase,
  emptyDatabase,
  isRunning,
  onPostgres,
  residentBytes,
  startNode,
  stopNode,
} from '../helpers/processes.js';
import { expectNothingHalfWritten, Tally, watermark } from './harness.js';
import { megabytes, openLoop, sleep } from './open-loop.js';
import {
  createEnrollment,
  customerRead,
  enrollmentsWithKeys,
  idempotencyKey,
  newEnrollment,
  prepareWorkload,
  type Workload,
  wizardRead,
} from './workload.js';

/**
 * One API process at a steady rate for several minutes (SOAK_SECONDS, 180 by default: `npm run test:soak` and CI;
 * `npm test` runs 20), on loopback: every answer must be a success, and the process's memory must level off rather
 * than keep growing.
 */

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS || 180);
const REQUESTS_PER_SECOND = 100;
const SAMPLE_EVERY_MS = 3_000;
/**
 * Memory after warm-up moves in a sawtooth (young-generation collections, old-generation growth up to V8's next
 * limit), up to a few tens of MB on a process of ~150-250 MB. A leak keeps climbing; a plateau does not. So the peak
 * of the last third may exceed the peak of the middle third by at most this share of it: generous against the
 * sawtooth, not against steady growth over minutes.
 */
const RSS_GROWTH_ALLOWED = 0.25;
const engine = onPostgres() ? 'postgresql' : 'sqlite';

interface Sample {
  second: number;
  rssBytes: number;
  requests: number;
  failures: number;
}

/** One request of the mix: 45 % wizard reads, 45 % the customer's own pages, 10 % enrollment creates. */
function mixedRequest(node: ApiNode, work: Workload, keys: string[], tally: Tally, sequence: number) {
  const slot = sequence % 20;
  if (slot < 2) {
    const key = idempotencyKey('soak');
    keys.push(key);
    return tally.record(createEnrollment(node.call, work, newEnrollment(work), key));
  }
  if (slot < 11) return tally.record(wizardRead(node.call, work, sequence));
  return tally.record(customerRead(node.call, work, sequence));
}

const peak = (samples: Sample[]) => Math.max(...samples.map((s) => s.rssBytes));

function markdownReport(report: Record<string, string | number>): string {
  const rows = Object.entries(report).map(([name, value]) => `| ${name} | ${value} |`);
  return [`| soak (${engine}) | |`, '|---|---|', ...rows].join('\n');
}

describe('a soak run at a steady rate', () => {
  let database: EmptyDatabase | undefined;
  let db: Db | undefined;
  let node: ApiNode | undefined;
  let work: Workload;

  beforeAll(async () => {
    database = await emptyDatabase();
    node = await startNode(database.url);
    db = openDatabase(database.url, { poolSize: 2 });
    work = await prepareWorkload(node.call, db);
  });

  afterAll(async () => {
    await stopNode(node);
    await db?.close();
    await database?.drop();
  });

  it(`answers every request and keeps its memory level for ${SOAK_SECONDS} s at ${REQUESTS_PER_SECOND} req/s`, async () => {
    const tally = new Tally();
    const keys: string[] = [];
    const before = await watermark(db!);
    const samples: Sample[] = [];
    const sample = (second: number) =>
      samples.push({
        second,
        rssBytes: residentBytes(node!.pid),
        requests: tally.requests,
        failures: tally.failures,
      });
    sample(0);
    const startedAt = Date.now();
    const load = openLoop({
      ratePerSecond: REQUESTS_PER_SECOND,
      send: (n) => mixedRequest(node!, work, keys, tally, n),
    });
    while (Date.now() - startedAt < SOAK_SECONDS * 1000 && isRunning(node!)) {
      await sleep(SAMPLE_EVERY_MS);
      if (isRunning(node!)) sample(Math.round((Date.now() - startedAt) / 1000));
    }
    await load.stop();
    const seconds = (Date.now() - startedAt) / 1000;

    const third = Math.floor(samples.length / 3);
    const middle = samples.slice(third, 2 * third);
    const last = samples.slice(2 * third);
    const report = {
      engine,
      'duration (s)': Math.round(seconds),
      'rate (req/s)': REQUESTS_PER_SECOND,
      requests: tally.requests,
      'skipped (client in-flight cap)': load.skipped,
      errors: tally.failures + tally.broken.length,
      'error rate': tally.requests ? (tally.failures + tally.broken.length) / tally.requests : 0,
      'enrollments created': keys.length,
      'RSS start (MB)': megabytes(samples[0]!.rssBytes),
      'RSS peak (MB)': megabytes(peak(samples)),
      'RSS end (MB)': megabytes(samples.at(-1)!.rssBytes),
      'RSS peak, middle third (MB)': megabytes(peak(middle)),
      'RSS peak, last third (MB)': megabytes(peak(last)),
    };
    const file = path.join(tmpdir(), `voltin-soak-${engine}.json`);
    writeFileSync(
      file,
      JSON.stringify({ ...report, answers: Object.fromEntries(tally.outcomes), samples }, null, 2),
    );
    console.log(
      `${markdownReport(report)}\n\nanswers: ${JSON.stringify(Object.fromEntries(tally.outcomes))}; samples in ${file}`,
    );

    expect(isRunning(node!), node!.output().slice(-3000)).toBe(true);
    // The node's error log says what went wrong behind a 500.
    expect(tally.broken, node!.output().slice(-4000)).toEqual([]);
    expect([...tally.outcomes.keys()]).toEqual(['200']);
    // Thirds need a few samples each to mean anything; SOAK_SECONDS below ~30 only checks the answers.
    if (middle.length >= 3) expect(peak(last)).toBeLessThanOrEqual(peak(middle) * (1 + RSS_GROWTH_ALLOWED));

    await expectNothingHalfWritten(db!, before);
    expect(await enrollmentsWithKeys(db!, keys)).toHaveLength(keys.length);
  });
});
