import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_STAFF } from '../../../src/db/seed/staff.js';
import { createScheduler, type PeriodicTask } from '../../../src/jobs/scheduler.js';
import { expectFailure, useTestApi } from '../../helpers/app.js';
import { type StaffBrowser, signedIn } from '../../helpers/console.js';

/**
 * The console's service tasks: every staff role sees each background task's schedule and runs; an Administrator or
 * the platform operator runs one now, only the platform operator pauses or resumes one (audited), and the database
 * lease decides who runs it.
 */
// The schedule stays off: its own runs would be counted with the ones the tests make.
const api = useTestApi({ backgroundTasks: false });
const staff = (role: string) => SANDBOX_STAFF.find((member) => member.role === role)!;
const signIn = (role: string) => signedIn(api.consoleUrl, staff(role).email, staff(role).password);
let admin: StaffBrowser;
let pricing: StaffBrowser;
let operator: StaffBrowser;

/** A task whose runs fail as a partner's outage makes a real one fail: the scheduler records the error. */
const failing: PeriodicTask = {
  name: 'test-partner-sync',
  description: 'Asks a partner that is down.',
  everySeconds: 300,
  run: async () => {
    throw new Error('partner unreachable');
  },
};

/** A task whose run waits until the test lets it end: a run that is still going. */
function gated(name: string) {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const task: PeriodicTask = {
    name,
    description: 'Waits for the test.',
    everySeconds: 600,
    run: async () => {
      await gate;
      return 'let through';
    },
  };
  return { task, open: () => open() };
}

const auditOf = async (name: string) =>
  (await admin.call('GET', '/audit-log', { query: { targetType: 'service-task', targetId: name } })).body
    .data as { action: string; summary: string; actor: string; before: unknown; after: unknown }[];

const taskNamed = async (name: string) => (await admin.call('GET', `/service-tasks/${name}`)).body.data;

beforeAll(async () => {
  api.app.voltin.scheduler.register(failing);
  admin = await signIn('Administrator');
  pricing = await signIn('Pricing');
  operator = await signIn('Platform operator');
});

describe("the console's service tasks", () => {
  it('are listed with their schedule and state, for anyone who sees the work', async () => {
    const listed = await pricing.call('GET', '/service-tasks');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const names = (listed.body.data as { name: string }[]).map((task) => task.name);
    expect(names).toEqual(expect.arrayContaining(['submit-enrollments', 'deliver-mail', 'expire-prospects']));
    expect(listed.body.data.find((task: { name: string }) => task.name === 'expire-prospects')).toMatchObject(
      {
        description: expect.stringContaining('prospects'),
        everySeconds: 3600,
        paused: false,
        running: false,
        consecutiveFailures: 0,
      },
    );
  });

  it('run now for an Administrator: the run is answered, kept in the log and audited', async () => {
    const ran = await admin.call('POST', '/service-tasks/expire-prospects/run');
    expect(ran.status, JSON.stringify(ran.body)).toBe(200);
    expect(ran.body.data).toMatchObject({ trigger: 'manual', outcome: 'succeeded', error: null });
    expect(ran.body.data.result).toMatch(/^expired \d+ prospects$/);

    const runs = await pricing.call('GET', '/service-tasks/expire-prospects/runs', {
      query: { pageSize: 5 },
    });
    expect(runs.status).toBe(200);
    expect(runs.body).toMatchObject({ pageNumber: 1, pageSize: 5, totalRecords: 1 });
    expect(runs.body.data[0]).toMatchObject({ id: ran.body.data.id, outcome: 'succeeded' });

    expect(await taskNamed('expire-prospects')).toMatchObject({
      status: 'ok',
      lastResult: ran.body.data.result,
      lastError: null,
      lastDurationMs: expect.any(Number),
    });
    expect((await auditOf('expire-prospects'))[0]).toMatchObject({
      action: 'service-task.run',
      actor: staff('Administrator').email,
      summary: expect.stringContaining('service task expire-prospects run now: succeeded'),
    });
  });

  it('page through the runs, newest first', async () => {
    for (let i = 0; i < 2; i++) await admin.call('POST', '/service-tasks/purge-expired-credentials/run');
    const first = await admin.call('GET', '/service-tasks/purge-expired-credentials/runs', {
      query: { pageSize: 1 },
    });
    const second = await admin.call('GET', '/service-tasks/purge-expired-credentials/runs', {
      query: { pageSize: 1, pageNumber: 2 },
    });
    expect(first.body).toMatchObject({ totalRecords: 2, totalPages: 2 });
    expect(first.body.data[0].id).toBeGreaterThan(second.body.data[0].id);
  });

  it('show a task whose last run failed as failing, with its error', async () => {
    const ran = await admin.call('POST', `/service-tasks/${failing.name}/run`);
    expect(ran.body.data).toMatchObject({ outcome: 'failed', result: null, error: 'partner unreachable' });
    expect(await taskNamed(failing.name)).toMatchObject({
      status: 'failing',
      lastError: 'partner unreachable',
      consecutiveFailures: 1,
    });
  });

  it("pause and resume on every node for the platform operator, audited in the operator's company", async () => {
    const paused = await operator.call('POST', '/service-tasks/submit-renewals/pause');
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.data).toMatchObject({ status: 'paused', paused: true, pausedAt: expect.any(String) });
    // Another node reads the same row: its schedule skips the task too.
    const otherNode = createScheduler(api.db.kysely, pino({ level: 'silent' }));
    for (const task of api.app.voltin.scheduler.tasks()) otherNode.register(task);
    expect((await otherNode.overview()).find((task) => task.name === 'submit-renewals')?.paused).toBe(true);

    const resumed = await operator.call('POST', '/service-tasks/submit-renewals/resume');
    expect(resumed.body.data).toMatchObject({ paused: false, pausedAt: null });
    expect((await auditOf('submit-renewals')).map((entry) => entry.action)).toEqual([
      'service-task.resume',
      'service-task.pause',
    ]);
  });

  it('answer 409 to run now while another node runs the task (its lease decides)', async () => {
    const { task, open } = gated('test-gated');
    api.app.voltin.scheduler.register(task);
    const otherNode = createScheduler(api.db.kysely, pino({ level: 'silent' }));
    otherNode.register(task);
    const going = otherNode.runNow(task.name);
    await expect.poll(async () => (await taskNamed(task.name)).status).toBe('running');

    expectFailure(await admin.call('POST', `/service-tasks/${task.name}/run`), 409, 'SERVICE_TASK_RUNNING');
    open();
    expect(await going).toBe('let through');
    expect((await admin.call('POST', `/service-tasks/${task.name}/run`)).status).toBe(200);
    expect((await auditOf(task.name)).length).toBe(1); // the refused run changed nothing
  });

  it("refuse pause and resume to a company's Administrator: a paused task withholds every company's work", async () => {
    for (const verb of ['pause', 'resume'])
      expectFailure(
        await admin.call('POST', `/service-tasks/deliver-mail/${verb}`),
        403,
        'PERMISSION_DENIED',
      );
    expect(await taskNamed('deliver-mail')).toMatchObject({ paused: false });
  });

  it('refuse run now, pause and resume to roles without tasks.manage, changing nothing', async () => {
    for (const verb of ['run', 'pause', 'resume'])
      expectFailure(
        await pricing.call('POST', `/service-tasks/deliver-mail/${verb}`),
        403,
        'PERMISSION_DENIED',
      );
    const agent = await signIn('Operations agent');
    expectFailure(await agent.call('POST', '/service-tasks/deliver-mail/pause'), 403, 'PERMISSION_DENIED');
    expect(await taskNamed('deliver-mail')).toMatchObject({ paused: false });
    expect(await auditOf('deliver-mail')).toEqual([]);
  });

  it('answer 404 for a task that does not exist', async () => {
    expectFailure(await admin.call('GET', '/service-tasks/no-such-task'), 404, 'NOT_FOUND');
    expectFailure(await admin.call('GET', '/service-tasks/no-such-task/runs'), 404, 'NOT_FOUND');
    expectFailure(await admin.call('POST', '/service-tasks/no-such-task/run'), 404, 'NOT_FOUND');
    expectFailure(await operator.call('POST', '/service-tasks/no-such-task/pause'), 404, 'NOT_FOUND');
  });
});
