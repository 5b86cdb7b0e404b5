/**
 * Outgoing email as Voltin needs it. Business code never sends mail directly: it queues a message in the
 * `mail_outbox` table inside its own transaction (so a rolled-back change sends nothing), and the `deliver-mail`
 * background task hands queued messages to the configured transport: `log` by default, `smtp` when SMTP_URL is set.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A message to queue: the message, its retail company, and the template it was rendered from. */
export interface OutgoingMail extends MailMessage {
  companyId: number;
  /** Template name (see templates.ts); logged instead of the body. */
  template: string;
}

/** A message as the transport receives it: the envelope sender is added by the outbox. */
export interface Envelope extends MailMessage {
  from: string;
  template: string;
  outboxId: number;
}

export interface MailTransport {
  readonly name: 'log' | 'smtp';
  /** Resolves once the message is accepted for delivery; rejects with MailDeliveryError otherwise. */
  send(mail: Envelope): Promise<void>;
  close(): Promise<void>;
  /** Resolves when the server behind the transport answers (readiness); transports without one have none. */
  verify?(): Promise<void>;
}

/** The server refused this message for good (an SMTP 5xx reply to RCPT TO or DATA): retrying cannot help. */
export interface Bounce {
  /** The server's reply, addresses masked. */
  reply: string;
  /** Whether the reply blames the address itself (unknown mailbox or domain, disabled mailbox), not this message. */
  addressFailed: boolean;
}

/**
 * The transport did not accept the message. Without `bounce` the refusal is transient and the outbox retries the
 * message later; with it the message has bounced. The message never holds a recipient.
 */
export class MailDeliveryError extends Error {
  readonly bounce: Bounce | null;
  constructor(message: string, bounce: Bounce | null = null) {
    super(message);
    this.name = 'MailDeliveryError';
    this.bounce = bounce;
  }
}

/** "dana.demo@bluebonnet.example" → "d***@b***.example": enough to tell messages apart in a log, no more. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local[0]}***@${host[0] ?? ''}***${tld}`;
}

/** Masks every email address inside a text, such as an SMTP server's rejection message. */
export function maskEmailsIn(text: string): string {
  return text.replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, (address) => maskEmail(address));
}
