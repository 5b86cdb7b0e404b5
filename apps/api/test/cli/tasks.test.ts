import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const apiRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
let dir: string;
let databaseUrl: string;

/** `npm run tasks` as its own process, on a sandbox database of its own (each builds the app: seconds apiece). */
function tasks(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'src/cli/tasks.ts', ...args], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', PASSWORD_HASH_COST: '10' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'voltin-tasks-'));
  databaseUrl = `sqlite:${path.join(dir, 'sandbox.sqlite')}`;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run tasks', () => {
  it('lists every service task, runs one now, shows its runs, and pauses and resumes its schedule', async () => {
    const listed = await tasks();
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/^expire-prospects\s+every\s+3600 s\s+scheduled\s+next -\s+never run$/m);
    expect(listed.stdout).toMatch(/^submit-enrollments\s+every\s+30 s/m);

    const ran = await tasks('run', 'expire-prospects');
    expect(ran.code, ran.stderr).toBe(0);
    expect(ran.stdout.trim()).toBe('expire-prospects: expired 0 prospects');
    expect((await tasks('runs', 'expire-prospects')).stdout).toMatch(
      /^\S+Z\s+\d+ ms\s+manual\s+succeeded\s+expired 0 prospects$/m,
    );

    expect((await tasks('pause', 'expire-prospects')).stdout.trim()).toBe(
      'expire-prospects paused on every node.',
    );
    expect((await tasks()).stdout).toMatch(
      /^expire-prospects\s+every\s+3600 s\s+PAUSED\s+next \S+Z\s+last \S+Z: expired 0 prospects$/m,
    );
    expect((await tasks('resume', 'expire-prospects')).stdout.trim()).toBe('expire-prospects resumed.');
    expect((await tasks()).stdout).toMatch(/^expire-prospects\s+every\s+3600 s\s+scheduled/m);
  }, 300_000);

  it('refuses a task it does not know and a verb it does not have, naming what it has', async () => {
    const unknown = await tasks('pause', 'no-such-task');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'No service task named no-such-task; the tasks are: submit-enrollments,',
    );
    const verb = await tasks('stop', 'expire-prospects');
    expect(verb.code).toBe(2);
    expect(verb.stderr).toContain('Usage: npm run tasks');
  }, 120_000);
});
