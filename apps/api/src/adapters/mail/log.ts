import type { FastifyBaseLogger } from 'fastify';
import { type Envelope, type MailTransport, maskEmail } from './port.js';

/**
 * The default transport (sandbox, development, tests): nothing leaves the process. Each message is logged as one
 * line with its outbox id, template and masked recipient — never the subject, the body or anything in it (reset
 * links carry a security token). Once logged, the message counts as delivered. In the sandbox its body stays in the
 * `mail_outbox` table, the sandbox's mailbox that staff read with `npm run mail:outbox`; in production it is removed
 * like any delivered message's.
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
