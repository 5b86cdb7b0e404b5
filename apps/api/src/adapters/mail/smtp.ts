import { createTransport } from 'nodemailer';
import { type Bounce, type Envelope, MailDeliveryError, type MailTransport, maskEmailsIn } from './port.js';

/** Bounds on one delivery, so a stalled relay cannot hold the `deliver-mail` task past its lease. */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Delivers through an SMTP relay named by SMTP_URL (`smtp://user:pass@host:587` uses STARTTLS when offered,
 * `smtps://…:465` is TLS from the start). Every failure becomes a MailDeliveryError with addresses masked.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS_MS });
  return {
    name: 'smtp',
    async send(mail: Envelope) {
      try {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new MailDeliveryError(`SMTP delivery failed: ${maskEmailsIn(reason)}`, bounceOf(error));
      }
    },
    async verify() {
      await transporter.verify();
    },
    async close() {
      transporter.close();
    },
  };
}

/** What nodemailer adds to an error when the server answered a command with a reply. */
interface SmtpReplyError {
  responseCode?: number;
  response?: string;
  command?: string;
}

/**
 * A bounce is a permanent (5xx) reply to RCPT TO or DATA: the server refuses this recipient or this message. A 5xx
 * to MAIL FROM or AUTH is the relay refusing our sender or credentials, and 4xx replies, lost connections and
 * timeouts are transient: those are retried with backoff. So is 503 (bad sequence of commands), a protocol slip.
 */
function bounceOf(error: unknown): Bounce | null {
  const { responseCode, response, command } = (error ?? {}) as SmtpReplyError;
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode > 599 || responseCode === 503)
    return null;
  if (command !== 'RCPT TO' && command !== 'DATA') return null;
  const reply = response ?? String(responseCode);
  return { reply: maskEmailsIn(reply), addressFailed: blamesAddress(command, reply) };
}

/**
 * RFC 3463 enhanced status codes say what failed: 5.1.x the address (no such mailbox or domain), 5.2.1 a disabled
 * mailbox; a full mailbox (5.2.2), a message too large (5.3.4) or a policy or spam refusal (5.7.x) bounce this
 * message but say nothing against the address. A refusal of RCPT TO without an enhanced code blames the recipient.
 */
function blamesAddress(command: string, reply: string): boolean {
  const enhanced = /^5\d\d[ -]5\.(\d{1,3})\.(\d{1,3})\b/.exec(reply);
  if (!enhanced) return command === 'RCPT TO';
  return enhanced[1] === '1' || (enhanced[1] === '2' && enhanced[2] === '1');
}
