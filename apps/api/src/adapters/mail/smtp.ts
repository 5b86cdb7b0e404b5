import { createTransport } from 'nodemailer';
import { type Envelope, MailDeliveryError, type MailTransport, maskEmailsIn } from './port.js';

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
        throw new MailDeliveryError(`SMTP delivery failed: ${maskEmailsIn(reason)}`);
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
