import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { enrollmentBody, ssnEnding } from '../../fixtures/enrollments.js';
import { SANDBOX, signLogin } from '../../helpers/app.js';

const serverEntry = path.resolve(import.meta.dirname, '../../../src/server.ts');

function start(databaseFile: string, backgroundTasks: boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${databaseFile}`,
      LOG_LEVEL: 'info',
      PASSWORD_HASH_COST: '10',
      DOCS_DIR: '/nonexistent',
      BACKGROUND_TASKS: String(backgroundTasks),
      // a crashed node's claim on an enrollment lapses quickly, so the restarted node resends it within the test
      SUBMISSION_LEASE_SECONDS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const address = new Promise<string>((resolve, reject) => {
    const poll = setInterval(() => {
      const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found) {
        clearInterval(poll);
        resolve(found[1]!);
      } else if (child.exitCode !== null) {
        clearInterval(poll);
        reject(new Error(`server exited: ${output}`));
      }
    }, 25);
  });
  return { child, address, exited: new Promise((resolve) => child.on('exit', resolve)) };
}

async function call(base: string, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function kill(child: ChildProcess, exited: Promise<unknown>) {
  child.kill('SIGKILL');
  await exited;
}

describe('a server killed in the middle of enrollment creates', () => {
  it('leaves nothing half-written, keeps every confirmed create, and submits what was queued after restart', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'voltin-crash-')), 'voltin.sqlite');
    const first = start(file, false);
    const base = await first.address;
    const token = (
      await call(
        base,
        'POST',
        `/auth/login?${new URLSearchParams(signLogin(SANDBOX.apiKey, SANDBOX.apiSecret))}`,
      )
    ).body.data.token;
    const plans = (await call(base, 'GET', '/plans/for-wizard?ids_utilities=1&customer_type=1', token)).body
      .data as Array<{
      id_plan: number;
      name: string;
      acceptance_options: Array<{ id_option: number; is_required: boolean }>;
    }>;
    const plan = plans.find((p) => p.name === 'Bluebonnet Energy 12-Month Fixed Electric')!;
    const options = plan.acceptance_options.filter((o) => o.is_required).map((o) => o.id_option);
    const check = (
      await call(base, 'POST', '/payments/credit-check', token, {
        firstName: 'Ana',
        lastName: 'Garcia',
        streetNum: '1',
        streetName: 'Elm St',
        city: 'Dallas',
        state: 'TX',
        zipCode: '75201',
        socialSecurityNumber: ssnEnding('720'),
        planId: plan.id_plan,
      })
    ).body.data;

    const confirmed: number[] = [];
    let settled = 0;
    const creates = Array.from({ length: 40 }, () =>
      call(
        base,
        'POST',
        '/enrollments/create',
        token,
        enrollmentBody(plan.id_plan, options, {
          payment: { creditCheckId: check.id_credit_check },
        }),
      )
        .then((response) => {
          if (response.status === 200) confirmed.push(response.body.data.enrollmentId);
        })
        .catch(() => undefined)
        .finally(() => settled++),
    );
    // Kill as soon as some creates have been answered and others are still in flight.
    while (confirmed.length < 3 && settled < creates.length)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(confirmed.length).toBeGreaterThanOrEqual(3);
    await kill(first.child, first.exited);
    await Promise.all(creates);

    const restarted = start(file, true);
    const restartedBase = await restarted.address;
    const db = new SQLite(file, { readonly: true });
    const queued = () =>
      (
        db.prepare("select count(*) as n from enrollments where status = 'QUEUED_FOR_SUBMISSION'").get() as {
          n: number;
        }
      ).n;
    for (let i = 0; i < 400 && queued() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queued()).toBe(0);
    expect((await call(restartedBase, 'GET', '/health')).status).toBe(200);
    await kill(restarted.child, restarted.exited);

    const enrollments = db.prepare('select id, customer_id, status from enrollments').all() as Array<{
      id: number;
      customer_id: number;
      status: string;
    }>;
    const withoutHistory = db
      .prepare(
        'select count(*) as n from enrollments e where not exists (select 1 from enrollment_status_history h where h.enrollment_id = e.id)',
      )
      .get() as { n: number };
    const orphanCustomers = db
      .prepare(
        "select count(*) as n from customers c where c.user_name is not 'demo.customer' and not exists (select 1 from enrollments e where e.customer_id = c.id)",
      )
      .get() as { n: number };
    db.close();
    expect(enrollments.map((e) => e.id)).toEqual(expect.arrayContaining(confirmed));
    expect(withoutHistory.n).toBe(0);
    expect(orphanCustomers.n).toBe(0);
    // every create that got in was submitted; the one ACTIVE enrollment is the sandbox demo customer's
    expect(enrollments.filter((e) => e.status !== 'PENDING').map((e) => e.status)).toEqual(['ACTIVE']);
  });
});
