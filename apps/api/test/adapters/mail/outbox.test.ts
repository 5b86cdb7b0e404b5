import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ABANDONED_BODY,
  type Bounce,
  createLogTransport,
  createMailer,
  DELIVERED_BODY,
  MAX_MAIL_ATTEMPTS,
  MailDeliveryError,
  type MailTransport,
  mailerFor,
  maskEmail,
  SENT_MAIL_RETENTION_DAYS,
} from '../../../src/adapters/mail/index.js';
import type { Config } from '../../../src/config/index.js';
import type { Db } from '../../../src/db/client.js';
import { migrateToLatest } from '../../../src/db/migrate.js';
import { up as removeOldMailBodies } from '../../../src/db/migrations/2026-11-25T1300-mail-bodies-removed.js';
import { epochSeconds } from '../../../src/domain/clock.js';
import { backoffSeconds } from '../../../src/jobs/backoff.js';
import { queueDepths } from '../../../src/modules/health/index.js';
import { openTestDatabase, testConfig } from '../../helpers/app.js';
import { manualClock } from '../../helpers/clock.js';

let db: Db;
let drop: () => Promise<void>;
let companyId: number;
const lines: string[] = [];
const log = pino(
  { level: 'info' },
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  }),
);

/** A transport that fails while `failures` is above zero, with the recipient in its message as relays do. */
function flakyTransport() {
  const sent: string[] = [];
  const transport: MailTransport & { failures: number; sent: string[] } = {
    name: 'smtp',
    failures: 0,
    sent,
    async send(mail) {
      if (transport.failures > 0) {
        transport.failures--;
        throw new MailDeliveryError(`550 <${mail.to}>: mailbox unavailable`);
      }
      sent.push(mail.to);
    },
    async close() {},
  };
  return transport;
}

const message = (to: string) => ({
  companyId,
  to,
  subject: 'Reset your password',
  text: 'secret body with token abc123',
  html: '<p>secret body with token abc123</p>',
  template: 'reset-password',
});

const row = (id: number) =>
  db.kysely.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrateToLatest(db.kysely);
  ({ id: companyId } = await db.kysely
    .insertInto('retail_companies')
    .values({ name: 'Mail Test Power', slug: 'mail-test', created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterAll(() => drop());
beforeEach(async () => {
  lines.length = 0;
  await db.kysely.deleteFrom('mail_outbox').execute();
  await db.kysely.deleteFrom('mail_bounces').execute();
});

/** A transport whose relay refuses the listed addresses for good, as a 5xx to RCPT TO does. */
function refusingTransport(refused: Record<string, Bounce>) {
  const sent: string[] = [];
  const transport: MailTransport & { sent: string[] } = {
    name: 'smtp',
    sent,
    async send(mail) {
      const bounce = refused[mail.to];
      if (bounce) throw new MailDeliveryError(`SMTP delivery failed: ${bounce.reply}`, bounce);
      sent.push(mail.to);
    },
    async close() {},
  };
  return transport;
}

describe('the mail outbox', () => {
  it('queues inside the business transaction: a rolled-back change sends nothing', async () => {
    const mailer = createMailer({
      db: db.kysely,
      transport: flakyTransport(),
      from: 'no-reply@test.example',
      log,
    });
    await expect(
      db.kysely.transaction().execute(async (trx) => {
        await mailer.queue(trx, message('rolled.back@example.com'));
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    const id = await db.kysely.transaction().execute((trx) => mailer.queue(trx, message('kept@example.com')));
    const rows = await db.kysely.selectFrom('mail_outbox').selectAll().execute();
    expect(rows.map((r) => r.recipient)).toEqual(['kept@example.com']);
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 0, last_error: null, sent_at: null });
  });

  it('delivers through the log transport: marked sent, body removed, one line with template and masked recipient only', async () => {
    const mailer = createMailer({
      db: db.kysely,
      transport: createLogTransport(log),
      from: 'no-reply@test.example',
      log,
    });
    const id = await mailer.queue(db.kysely, message('dana.demo@bluebonnet.example'));
    expect(await mailer.deliverDue()).toEqual({ sent: 1, failed: 0, bounced: 0, purged: 0 });
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      last_error: null,
      sent_at: expect.any(String),
      text: DELIVERED_BODY,
      html: DELIVERED_BODY,
    });
    expect(JSON.stringify(await row(id))).not.toContain('abc123');
    expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 0, bounced: 0, purged: 0 });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line.mail).toEqual({ outboxId: id, template: 'reset-password', recipient: 'd***@b***.example' });
    expect(lines[0]).not.toContain('dana.demo');
    expect(lines[0]).not.toContain('abc123');
    expect(lines[0]).not.toContain('Reset your password');
  });

  it('records a failure, waits out the backoff, then retries and delivers', async () => {
    const transport = flakyTransport();
    transport.failures = 1;
    const clock = manualClock();
    const mailer = createMailer({ db: db.kysely, transport, from: 'no-reply@test.example', log, clock });
    const id = await mailer.queue(db.kysely, message('casey@example.com'));
    expect(await mailer.deliverDue()).toMatchObject({ sent: 0, failed: 1 });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, sent_at: null });
    expect(failed.text).toContain('abc123'); // kept for the retry
    expect(failed.last_error).toBe('550 <c***@e***.com>: mailbox unavailable');
    expect(failed.next_attempt_at).toBe(epochSeconds(clock) + backoffSeconds(1));
    expect(lines.join('')).not.toContain('casey@example.com');

    clock.advance(backoffSeconds(1) - 1);
    expect(await mailer.deliverDue()).toMatchObject({ sent: 0, failed: 0 }); // still backing off
    clock.advance(1);
    expect(await mailer.deliverDue()).toMatchObject({ sent: 1, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(await row(id)).toMatchObject({ text: DELIVERED_BODY, html: DELIVERED_BODY });
    expect(transport.sent).toEqual(['casey@example.com']);
  });

  it(`gives up after ${MAX_MAIL_ATTEMPTS} attempts and leaves the message failed, its body removed`, async () => {
    const transport = flakyTransport();
    transport.failures = 100;
    const clock = manualClock();
    const mailer = createMailer({ db: db.kysely, transport, from: 'no-reply@test.example', log, clock });
    const id = await mailer.queue(db.kysely, message('lost@example.com'));
    for (let attempt = 1; attempt < MAX_MAIL_ATTEMPTS; attempt++) {
      expect(await mailer.deliverDue()).toMatchObject({ failed: 1 });
      expect((await row(id)).text).toContain('abc123');
      clock.advance(backoffSeconds(attempt));
    }
    expect(await mailer.deliverDue()).toMatchObject({ failed: 1 });
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: MAX_MAIL_ATTEMPTS,
      text: ABANDONED_BODY,
      html: ABANDONED_BODY,
    });
    expect(lines.at(-1)).toContain('mail delivery failed for the last time');
    clock.advance(86_400);
    expect(await mailer.deliverDue()).toMatchObject({ sent: 0, failed: 0 });
    expect((await row(id)).attempts).toBe(MAX_MAIL_ATTEMPTS);
  });

  it('keeps the body of mail the sandbox delivered to its log: the outbox is its mailbox', async () => {
    const mailer = createMailer({
      db: db.kysely,
      transport: createLogTransport(log),
      from: 'no-reply@test.example',
      log,
      keepDeliveredBodies: true,
    });
    const id = await mailer.queue(db.kysely, message('dana.demo@bluebonnet.example'));
    expect(await mailer.deliverDue()).toEqual({ sent: 1, failed: 0, bounced: 0, purged: 0 });
    expect(await row(id)).toMatchObject({
      status: 'sent',
      text: 'secret body with token abc123',
      html: '<p>secret body with token abc123</p>',
    });
    expect(lines.join('')).not.toContain('abc123');
  });

  it('keeps delivered bodies only in the sandbox without SMTP_URL: production purges them even on the log transport', async () => {
    const bodyAfterDelivery = async (settings: Pick<Config, 'mode' | 'smtpUrl'>) => {
      const config = { ...testConfig(), ...settings };
      const mailer = mailerFor(config, db.kysely, log);
      const id = await mailer.queue(db.kysely, message('dana.demo@bluebonnet.example'));
      await mailer.deliverDue();
      await mailer.close();
      return (await row(id)).text;
    };
    expect(await bodyAfterDelivery({ mode: 'sandbox', smtpUrl: null })).toBe('secret body with token abc123');
    expect(await bodyAfterDelivery({ mode: 'production', smtpUrl: null })).toBe(DELIVERED_BODY);
  });

  it('marks a permanently refused message bounced, never retries it, and stops mailing the address', async () => {
    const reply = '550 5.1.1 <g***@e***.com>: Recipient address rejected';
    const transport = refusingTransport({ 'gone@example.com': { reply, addressFailed: true } });
    const clock = manualClock();
    const mailer = createMailer({ db: db.kysely, transport, from: 'no-reply@test.example', log, clock });
    const first = await mailer.queue(db.kysely, message('gone@example.com'));
    expect(await mailer.deliverDue()).toMatchObject({ sent: 0, failed: 0, bounced: 1 });
    expect(await row(first)).toMatchObject({
      status: 'bounced',
      attempts: 1,
      last_error: `Bounced: ${reply}`,
      sent_at: null,
      text: ABANDONED_BODY,
      html: ABANDONED_BODY,
    });
    const bounces = await db.kysely.selectFrom('mail_bounces').selectAll().execute();
    expect(bounces).toEqual([
      {
        company_id: companyId,
        address: 'gone@example.com',
        reply,
        outbox_id: first,
        bounced_at: expect.any(String),
      },
    ]);
    expect(lines.join('')).toContain('mail bounced; it will not be retried');
    expect(lines.join('')).not.toContain('gone@example.com');

    clock.advance(86_400);
    const later = await mailer.queue(db.kysely, message('Gone@Example.com'));
    const other = await mailer.queue(db.kysely, message('casey@example.com'));
    expect(await mailer.deliverDue()).toMatchObject({ sent: 1, failed: 0, bounced: 1 });
    expect(transport.sent).toEqual(['casey@example.com']);
    expect((await row(first)).attempts).toBe(1);
    const suppressed = await row(later);
    expect(suppressed).toMatchObject({ status: 'suppressed', attempts: 0, text: ABANDONED_BODY });
    expect(suppressed.last_error).toMatch(
      /^Not attempted: mail to this address bounced on \S+ \(550 5\.1\.1 /,
    );
    expect((await row(other)).status).toBe('sent');
    expect(await queueDepths(db.kysely)).toMatchObject({ mail_outbox: 0 });
  });

  it('bounces a message refused for its content without recording the address', async () => {
    const reply = '554 5.7.1 Message rejected as spam';
    const refused: Record<string, Bounce> = { 'casey@example.com': { reply, addressFailed: false } };
    const transport = refusingTransport(refused);
    const mailer = createMailer({ db: db.kysely, transport, from: 'no-reply@test.example', log });
    const id = await mailer.queue(db.kysely, message('casey@example.com'));
    await mailer.deliverDue();
    expect(await row(id)).toMatchObject({ status: 'bounced', last_error: `Bounced: ${reply}` });
    expect(await db.kysely.selectFrom('mail_bounces').selectAll().execute()).toEqual([]);

    delete refused['casey@example.com']; // the sender fixed what the filter refused
    const next = await mailer.queue(db.kysely, message('casey@example.com'));
    await mailer.deliverDue();
    expect((await row(next)).status).toBe('sent');
    expect(transport.sent).toEqual(['casey@example.com']);
  });

  it('counts mail still to send in the queue depth, not mail that bounced or was given up', async () => {
    const transport = flakyTransport();
    transport.failures = 1;
    const mailer = createMailer({ db: db.kysely, transport, from: 'no-reply@test.example', log });
    await mailer.queue(db.kysely, message('retrying@example.com'));
    await mailer.deliverDue();
    expect(await queueDepths(db.kysely)).toMatchObject({ mail_outbox: 1 });
  });

  it(`deletes sent mail once it is ${SENT_MAIL_RETENTION_DAYS} days old, and keeps queued and failed mail`, async () => {
    const transport = flakyTransport();
    const clock = manualClock();
    const mailer = createMailer({ db: db.kysely, transport, from: 'no-reply@test.example', log, clock });
    await mailer.queue(db.kysely, message('old@example.com'));
    await mailer.deliverDue();
    transport.failures = 100;
    const failing = await mailer.queue(db.kysely, message('failing@example.com'));
    await mailer.deliverDue();
    clock.advance(SENT_MAIL_RETENTION_DAYS * 86_400);
    expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 1, bounced: 0, purged: 0 });
    clock.advance(1);
    const waiting = await mailer.queue(db.kysely, message('waiting@example.com'));
    expect(await mailer.deliverDue()).toEqual({ sent: 0, failed: 1, bounced: 0, purged: 1 });
    const rows = await db.kysely.selectFrom('mail_outbox').select('id').orderBy('id').execute();
    expect(rows.map((r) => r.id)).toEqual([failing, waiting]);
  });

  it('the migration removes the bodies of mail sent or abandoned before, and keeps those still to send', async () => {
    const mailer = createMailer({ db: db.kysely, transport: flakyTransport(), from: 'x@test.example', log });
    const sent = await mailer.queue(db.kysely, message('sent@example.com'));
    const abandoned = await mailer.queue(db.kysely, message('abandoned@example.com'));
    const retrying = await mailer.queue(db.kysely, message('retrying@example.com'));
    const setRow = (id: number, values: { status: 'sent' | 'failed'; attempts: number }) =>
      db.kysely.updateTable('mail_outbox').set(values).where('id', '=', id).execute();
    await setRow(sent, { status: 'sent', attempts: 1 });
    await setRow(abandoned, { status: 'failed', attempts: MAX_MAIL_ATTEMPTS });
    await setRow(retrying, { status: 'failed', attempts: 2 });

    await removeOldMailBodies(db.kysely as never);
    expect(await row(sent)).toMatchObject({ text: DELIVERED_BODY, html: DELIVERED_BODY });
    expect(await row(abandoned)).toMatchObject({ text: ABANDONED_BODY, html: ABANDONED_BODY });
    expect((await row(retrying)).text).toContain('abc123');
  });

  it('masks recipients for logs', () => {
    expect(maskEmail('dana.demo@bluebonnet-energy.example')).toBe('d***@b***.example');
    expect(maskEmail('x@localhost')).toBe('x***@l***');
    expect(maskEmail('not-an-address')).toBe('***');
  });
});
