import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ABANDONED_BODY, DELIVERED_BODY } from '../../../src/adapters/mail/index.js';
import { buildApp } from '../../../src/app.js';
import { epochSeconds } from '../../../src/domain/clock.js';
import { queueDepths } from '../../../src/modules/health/index.js';
import { openTestDatabase, SANDBOX, signLogin, testConfig } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';
import { everyRowAsText } from '../../modules/payments/helpers.js';
import { startFakeSmtp } from './fake-smtp.js';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
let app: Awaited<ReturnType<typeof buildApp>>;
let relay: Awaited<ReturnType<typeof startFakeSmtp>>;
let drop: () => Promise<void>;
const clock = manualClock(new Date().toISOString());

beforeAll(async () => {
  relay = await startFakeSmtp();
  const database = await openTestDatabase();
  drop = database.drop;
  app = await buildApp(
    testConfig({
      databaseUrl: database.url,
      logLevel: 'info',
      backgroundTasks: false,
      smtpUrl: relay.url,
      mailFrom: 'Bluebonnet Energy <no-reply@bluebonnet-energy.example>',
    }),
    { db: database.db, logStream: sink, clock },
  );
});
afterAll(async () => {
  await app.close();
  await drop();
  await relay.close();
});

let token: string | undefined;
async function call(
  method: 'GET' | 'POST',
  url: string,
  options: { query?: Record<string, string>; payload?: object } = {},
) {
  if (!token) {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      query: signLogin(SANDBOX.apiKey, SANDBOX.apiSecret),
    });
    token = login.json().data.token as string;
  }
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...options,
  });
}

async function bluebonnetBrandId() {
  const brand = await app.voltin.db.kysely
    .selectFrom('brands')
    .select('id')
    .where('system_name', '=', 'bluebonnet')
    .executeTakeFirstOrThrow();
  return brand.id;
}

describe('mail delivery with SMTP_URL configured', () => {
  it('registers the deliver-mail task, which sends the outbox through the relay and marks it sent', async () => {
    expect(app.voltin.scheduler.tasks().map((t) => t.name)).toContain('deliver-mail');
    const forgot = await call('POST', '/customers/forgot-password', {
      payload: { brandId: await bluebonnetBrandId(), username: SANDBOX.customerUserName },
    });
    expect(forgot.statusCode).toBe(200);
    await call('GET', '/customers/validate-new-customer', {
      query: { username: SANDBOX.customerUserName, email: 'demo.customer@bluebonnet-energy.example' },
    });

    const queued = await app.voltin.db.kysely.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    const resetToken = /securityToken=([A-Za-z0-9_-]+)/.exec(queued.text)![1]!;

    expect(await app.voltin.scheduler.runNow('deliver-mail')).toBe('sent 1, failed 0, bounced 0, purged 0');
    const [mail] = relay.received;
    expect(mail!.to).toEqual(['demo.customer@bluebonnet-energy.example']);
    expect(mail!.from).toBe('no-reply@bluebonnet-energy.example');
    expect(mail!.data).toContain('Subject: Reset your Bluebonnet Energy password');
    const outbox = await app.voltin.db.kysely.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({
      status: 'sent',
      attempts: 1,
      template: 'reset-password',
      text: DELIVERED_BODY,
      html: DELIVERED_BODY,
    });
    // Quoted-printable soft line breaks may split the link inside the message.
    expect(mail!.data.replaceAll('=\r\n', '')).toContain(`securityToken=3D${resetToken}`);
    const log = lines.join('');
    expect(log).toContain('/api/v1/customers/forgot-password');
    for (const secret of [
      resetToken,
      'demo.customer@bluebonnet-energy.example',
      `username=${SANDBOX.customerUserName}`,
      'Reset your',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('keeps the reset token only in the mail sent: no table holds it in clear, and the emailed link still resets', async () => {
    const forgot = await call('POST', '/customers/forgot-password', {
      payload: { brandId: await bluebonnetBrandId(), username: SANDBOX.customerUserName },
    });
    expect(forgot.statusCode).toBe(200);
    const queued = await app.voltin.db.kysely
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'queued')
      .executeTakeFirstOrThrow();
    const resetToken = /securityToken=([A-Za-z0-9_-]+)/.exec(queued.text)![1]!;
    await app.voltin.scheduler.runNow('deliver-mail');

    expect(await everyRowAsText(app.voltin.db)).not.toContain(resetToken);
    const reset = await call('POST', '/customers/reset-password', {
      payload: { securityToken: resetToken, newPassword: 'Delivered-Link-2027' },
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('refusals by the relay', () => {
  const address = 'demo.customer@bluebonnet-energy.example';
  /** Asks for a reset link (or the username) by mail; each is limited to a few an hour per customer. */
  const askForMail = async (kind: 'forgot-password' | 'forgot-username' = 'forgot-password') => {
    const forgot = await call('POST', `/customers/${kind}`, {
      payload: { brandId: await bluebonnetBrandId(), username: SANDBOX.customerUserName },
    });
    expect(forgot.statusCode).toBe(200);
    const latest = await app.voltin.db.kysely
      .selectFrom('mail_outbox')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return latest.id;
  };
  const outboxRow = (id: number) =>
    app.voltin.db.kysely.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const depth = async () => (await queueDepths(app.voltin.db.kysely)).mail_outbox;
  // Mail other tests left queued goes out first, to a relay that accepts it; each test starts with no bounce.
  beforeEach(() => app.voltin.scheduler.runNow('deliver-mail'));
  afterEach(async () => {
    delete relay.replies[address];
    await app.voltin.db.kysely.deleteFrom('mail_bounces').execute();
  });

  it('a 550 to RCPT TO bounces the reset mail at once and later mail to the address is not attempted', async () => {
    relay.replies[address] = { rcpt: `550 5.1.1 <${address}>: Recipient address rejected: User unknown` };
    const received = relay.received.length;
    const bounced = await askForMail();
    expect(await app.voltin.scheduler.runNow('deliver-mail')).toBe('sent 0, failed 0, bounced 1, purged 0');
    expect(await outboxRow(bounced)).toMatchObject({
      status: 'bounced',
      attempts: 1,
      last_error: 'Bounced: 550 5.1.1 <d***@b***.example>: Recipient address rejected: User unknown',
      text: ABANDONED_BODY,
    });
    expect(await depth()).toBe(0);
    const companyId = (await outboxRow(bounced)).company_id;
    expect(
      await app.voltin.db.kysely.selectFrom('mail_bounces').select(['company_id', 'address']).execute(),
    ).toEqual([{ company_id: companyId, address }]);

    // Even once the relay would take it, the address stays suppressed until staff clear it.
    delete relay.replies[address];
    const suppressed = await askForMail();
    expect(await app.voltin.scheduler.runNow('deliver-mail')).toBe('sent 0, failed 0, bounced 1, purged 0');
    expect(await outboxRow(suppressed)).toMatchObject({ status: 'suppressed', attempts: 0 });
    expect(relay.received).toHaveLength(received);
    expect(lines.join('')).not.toContain(address);

    await app.voltin.db.kysely.deleteFrom('mail_bounces').execute();
    const cleared = await askForMail('forgot-username');
    expect(await app.voltin.scheduler.runNow('deliver-mail')).toBe('sent 1, failed 0, bounced 0, purged 0');
    expect((await outboxRow(cleared)).status).toBe('sent');
    expect(relay.received).toHaveLength(received + 1);
  });

  it('a 451 to RCPT TO is retried with backoff, the body kept, and delivered once the relay accepts', async () => {
    relay.replies[address] = { rcpt: `451 4.7.1 <${address}>: Greylisted, try again in 5 minutes` };
    const id = await askForMail('forgot-username');
    expect(await app.voltin.scheduler.runNow('deliver-mail')).toBe('sent 0, failed 1, bounced 0, purged 0');
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.last_error).toContain('451 4.7.1 <d***@b***.example>: Greylisted');
    expect(failed.text).toContain(SANDBOX.customerUserName);
    expect(failed.next_attempt_at).toBe(epochSeconds(clock) + 60);
    expect(await depth()).toBe(1);
    expect(await app.voltin.db.kysely.selectFrom('mail_bounces').selectAll().execute()).toEqual([]);

    delete relay.replies[address];
    expect(await app.voltin.scheduler.runNow('deliver-mail')).toBe('sent 0, failed 0, bounced 0, purged 0'); // backing off
    clock.advance(60);
    expect(await app.voltin.scheduler.runNow('deliver-mail')).toBe('sent 1, failed 0, bounced 0, purged 0');
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2, text: DELIVERED_BODY });
    expect(await depth()).toBe(0);
  });
});
