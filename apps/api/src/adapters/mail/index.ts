import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/schema.js';
import { type Clock, systemClock } from '../../domain/clock.js';
import { createLogTransport } from './log.js';
import { createMailer } from './outbox.js';
import { createSmtpTransport } from './smtp.js';

export { createLogTransport } from './log.js';
export {
  ABANDONED_BODY,
  bounceKey,
  createMailer,
  DELIVERED_BODY,
  MAX_MAIL_ATTEMPTS,
  type Mailer,
  mailDeliveryTask,
  SENT_MAIL_RETENTION_DAYS,
} from './outbox.js';
export { type Bounce, MailDeliveryError, type MailTransport, maskEmail, type OutgoingMail } from './port.js';
export { createSmtpTransport } from './smtp.js';
export {
  clearBounce,
  countPendingOutboxMail,
  findOutboxMail,
  listBounces,
  listCompanyOutboxMail,
  listLatestOutboxMail,
} from './store.js';
export {
  MAIL_TEMPLATES,
  type MailBrand,
  type MailLanguage,
  mailLanguageOf,
  renderMail,
} from './templates.js';

/**
 * The configured mailer: SMTP when SMTP_URL is set, otherwise the log transport. The sandbox without SMTP keeps the
 * bodies of the mail it "delivered" to the log: its outbox is the sandbox's mailbox (`npm run mail:outbox`).
 */
export function mailerFor(
  config: Config,
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  clock: Clock = systemClock,
) {
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createLogTransport(log);
  // The sandbox's mailbox: the sandbox without an SMTP relay, never production.
  const keepDeliveredBodies = config.mode === 'sandbox' && config.smtpUrl === null;
  return createMailer({ db, transport, from: config.mailFrom, log, clock, keepDeliveredBodies });
}
