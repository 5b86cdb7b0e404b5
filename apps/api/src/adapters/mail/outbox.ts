import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MailOutboxTable, MailStatus } from '../../db/tables/customers.js';
import { type Clock, epochSeconds, systemClock } from '../../domain/clock.js';
import { backoffSeconds } from '../../jobs/backoff.js';
import type { PeriodicTask } from '../../jobs/scheduler.js';
import {
  type Bounce,
  MailDeliveryError,
  type MailTransport,
  maskEmail,
  maskEmailsIn,
  type OutgoingMail,
} from './port.js';
import * as store from './store.js';

/** A message is tried at most this many times, then left `failed` for an operator to look at. */
export const MAX_MAIL_ATTEMPTS = 8;
/** Sent messages are deleted after this many days (their reset links died long before). */
export const SENT_MAIL_RETENTION_DAYS = 30;
/** How often the `deliver-mail` task runs. */
export const MAIL_DELIVERY_EVERY_SECONDS = 10;
const BATCH_SIZE = 50;
/** One run stops taking new messages after this long, well inside the scheduler's lease (60 s). */
const RUN_BUDGET_MS = 30_000;
const MAX_ERROR_LENGTH = 500;
/**
 * What replaces a message's text and HTML once no attempt will use them again: bodies carry reset links (bearer
 * secrets) and personal data, which are kept only while the message waits to be sent.
 */
export const DELIVERED_BODY = '[delivered; body removed]';
export const ABANDONED_BODY = '[not delivered; body removed]';

export interface MailerDeps {
  db: Kysely<Database>;
  transport: MailTransport;
  /** The envelope sender (MAIL_FROM). */
  from: string;
  log: FastifyBaseLogger;
  /** The time sends, bounces, retries and the retention are dated by; the system's by default. */
  clock?: Clock;
  /**
   * Keep the text and HTML of delivered mail: only for the sandbox's log transport, whose outbox is the sandbox's
   * mailbox (read with `npm run mail:outbox`). Mail that really left always loses its body.
   */
  keepDeliveredBodies?: boolean;
}

export interface DeliveryResult {
  sent: number;
  /** Refused for now (retried later) or for the last time. */
  failed: number;
  /** Refused for good, or not attempted because the address bounced before. */
  bounced: number;
  purged: number;
}

type Outcome = 'sent' | 'failed' | 'bounced';

type OutboxRow = Selectable<MailOutboxTable>;

/** The form addresses are recorded and compared in: mailbox names are case-insensitive in practice. */
export const bounceKey = (address: string) => address.trim().toLowerCase();

const errorText = (error: unknown) =>
  maskEmailsIn(error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);

export function createMailer({
  db,
  transport,
  from,
  log,
  clock = systemClock,
  keepDeliveredBodies = false,
}: MailerDeps) {
  const nowIso = () => clock.now().toISOString();

  /**
   * Queues a message. Pass the business change's transaction as `executor`, so the message exists exactly when
   * the change does.
   */
  function queue(executor: Kysely<Database>, mail: OutgoingMail): Promise<number> {
    return store.insertOutboxMail(executor, {
      company_id: mail.companyId,
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      template: mail.template,
      next_attempt_at: 0,
      created_at: nowIso(),
    });
  }

  const update = (id: number, values: Updateable<MailOutboxTable>) => store.updateOutboxMail(db, id, values);

  /** When the company's mail to this address bounced before (and staff have not cleared it), that bounce. */
  const earlierBounce = (mail: OutboxRow) => store.findBounce(db, mail.company_id, bounceKey(mail.recipient));

  async function delivered(mail: OutboxRow, attempts: number) {
    const body = keepDeliveredBodies ? {} : { text: DELIVERED_BODY, html: DELIVERED_BODY };
    await update(mail.id, {
      status: 'sent',
      attempts,
      last_error: null,
      sent_at: nowIso(),
      ...body,
    });
  }

  /** A permanent refusal: never retried; when it blames the address, the company stops mailing it. */
  async function bounced(mail: OutboxRow, attempts: number, bounce: Bounce) {
    await db.transaction().execute(async (trx) => {
      await store.updateOutboxMail(trx, mail.id, {
        status: 'bounced',
        attempts,
        last_error: `Bounced: ${bounce.reply}`.slice(0, MAX_ERROR_LENGTH),
        text: ABANDONED_BODY,
        html: ABANDONED_BODY,
      });
      if (!bounce.addressFailed) return;
      await store.recordBounce(trx, mail.company_id, bounceKey(mail.recipient), {
        reply: bounce.reply.slice(0, MAX_ERROR_LENGTH),
        outbox_id: mail.id,
        bounced_at: nowIso(),
      });
    });
    log.warn(
      {
        mail: { outboxId: mail.id, template: mail.template, recipient: maskEmail(mail.recipient), attempts },
        reason: bounce.reply,
        addressRecorded: bounce.addressFailed,
      },
      'mail bounced; it will not be retried',
    );
  }

  async function suppressed(mail: OutboxRow, bounce: { bounced_at: string; reply: string }) {
    await update(mail.id, {
      status: 'suppressed',
      last_error:
        `Not attempted: mail to this address bounced on ${bounce.bounced_at} (${bounce.reply})`.slice(
          0,
          MAX_ERROR_LENGTH,
        ),
      text: ABANDONED_BODY,
      html: ABANDONED_BODY,
    });
    log.info(
      { mail: { outboxId: mail.id, template: mail.template, recipient: maskEmail(mail.recipient) } },
      'mail not attempted: the address bounced before',
    );
  }

  /** A transient refusal: retried after the backoff, abandoned after the last attempt. */
  async function failed(mail: OutboxRow, attempts: number, reason: string) {
    const willRetry = attempts < MAX_MAIL_ATTEMPTS;
    await update(mail.id, {
      status: 'failed',
      attempts,
      last_error: reason,
      // Retry n waits the background jobs' one schedule: 1, 2, 4 … minutes, at most an hour.
      next_attempt_at: epochSeconds(clock) + backoffSeconds(attempts),
      ...(willRetry ? {} : { text: ABANDONED_BODY, html: ABANDONED_BODY }),
    });
    log.warn(
      {
        mail: {
          outboxId: mail.id,
          template: mail.template,
          recipient: maskEmail(mail.recipient),
          attempts,
          willRetry,
        },
        reason,
      },
      willRetry ? 'mail delivery failed; it will be retried' : 'mail delivery failed for the last time',
    );
  }

  /** Sends one message, or marks it suppressed when its address bounced before. */
  async function deliver(mail: OutboxRow): Promise<Outcome> {
    const bounce = await earlierBounce(mail);
    if (bounce) {
      await suppressed(mail, bounce);
      return 'bounced';
    }
    const attempts = mail.attempts + 1;
    try {
      await transport.send({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        template: mail.template,
        outboxId: mail.id,
      });
    } catch (error) {
      if (error instanceof MailDeliveryError && error.bounce) {
        await bounced(mail, attempts, error.bounce);
        return 'bounced';
      }
      await failed(mail, attempts, errorText(error));
      return 'failed';
    }
    await delivered(mail, attempts);
    return 'sent';
  }

  /** Sends what is due: new messages and failed ones whose backoff has passed. */
  async function deliverDue(): Promise<DeliveryResult> {
    const budgetStart = performance.now();
    const now = clock.now();
    const due = await store.listDueOutboxMail(db, epochSeconds(clock), MAX_MAIL_ATTEMPTS, BATCH_SIZE);
    const result: DeliveryResult = { sent: 0, failed: 0, bounced: 0, purged: 0 };
    for (const mail of due) {
      if (performance.now() - budgetStart > RUN_BUDGET_MS) break;
      result[await deliver(mail)]++;
    }
    const cutoff = new Date(now.getTime() - SENT_MAIL_RETENTION_DAYS * 86_400_000).toISOString();
    result.purged = await store.purgeMailSentBefore(db, cutoff);
    return result;
  }

  return {
    transport: transport.name,
    queue,
    deliverDue,
    /**
     * What was mailed to these addresses lately (sent mail is kept SENT_MAIL_RETENTION_DAYS days), newest first:
     * subject, template and delivery state, never the body.
     */
    sentTo: (companyId: number, recipients: string[], limit: number): Promise<MailRecord[]> =>
      store.listMailTo(db, companyId, recipients, limit),
    /** Whether the relay answers: part of readiness when SMTP_URL is set. */
    verifyTransport: async () => transport.verify?.(),
    close: () => transport.close(),
  };
}

export type Mailer = ReturnType<typeof createMailer>;

/** One message of the outbox as staff see it (the console's enrollment page). */
export interface MailRecord {
  id: number;
  created_at: string;
  sent_at: string | null;
  status: MailStatus;
  subject: string;
  template: string;
  attempts: number;
}

/** The background task that empties the outbox; registered once on the app's scheduler. */
export function mailDeliveryTask(mailer: Mailer): PeriodicTask {
  return {
    name: 'deliver-mail',
    description: `Sends queued email through the ${mailer.transport} transport and retries failed email with backoff (at most ${MAX_MAIL_ATTEMPTS} attempts); a bounced address is not mailed again.`,
    everySeconds: MAIL_DELIVERY_EVERY_SECONDS,
    async run() {
      const { sent, failed, bounced, purged } = await mailer.deliverDue();
      return `sent ${sent}, failed ${failed}, bounced ${bounced}, purged ${purged}`;
    },
  };
}
