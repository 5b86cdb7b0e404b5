import type { FastifyBaseLogger } from 'fastify';
import { type Envelope, type MailTransport, maskEmail } from './port.js';

/**
 * The default transport (sandbox, development, tests): nothing leaves the process. Each message is logged as one
 * line with its outbox id, template and masked recipient — never the subject, the body or anything in it (reset
 * links carry a security token). Once logged, the message counts as delivered and its body leaves the `mail_outbox`
 * table like any delivered message's; to follow emailed links in development, point SMTP_URL at a local mail catcher.
 */
export function createLogTransport(log: FastifyBaseLogger): MailTransport {
  return {
    name: 'log',
    async send(mail: Envelope) {
      log.info(
        { mail: { outboxId: mail.outboxId, template: mail.template, recipient: maskEmail(mail.to) } },
        'mail delivered to the log transport',
      );
    },
    async close() {},
  };
}
