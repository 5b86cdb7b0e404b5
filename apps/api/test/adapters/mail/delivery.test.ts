import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERED_BODY } from '../../../src/adapters/mail/index.js';
import { buildApp } from '../../../src/app.js';
import { openTestDatabase, SANDBOX, signLogin, testConfig } from '../../helpers/app.js';
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
    { db: database.db, logStream: sink },
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

    expect(await app.voltin.scheduler.runNow('deliver-mail')).toBe('sent 1, failed 0, purged 0');
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
