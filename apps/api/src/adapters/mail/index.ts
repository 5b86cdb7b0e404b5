import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/schema.js';
import { createLogTransport } from './log.js';
import { createMailer } from './outbox.js';
import { createSmtpTransport } from './smtp.js';

export { createLogTransport } from './log.js';
export {
  ABANDONED_BODY,
  createMailer,
  DELIVERED_BODY,
  MAX_MAIL_ATTEMPTS,
  type Mailer,
  mailDeliveryTask,
  retryDelaySeconds,
} from './outbox.js';
export { MailDeliveryError, type MailTransport, maskEmail, type OutgoingMail } from './port.js';
export { createSmtpTransport } from './smtp.js';
export {
  MAIL_TEMPLATES,
  type MailBrand,
  type MailLanguage,
  mailLanguageOf,
  renderMail,
} from './templates.js';

/** The configured mailer: SMTP when SMTP_URL is set, otherwise the log transport. */
export function mailerFor(config: Config, db: Kysely<Database>, log: FastifyBaseLogger) {
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createLogTransport(log);
  return createMailer({ db, transport, from: config.mailFrom, log });
}
