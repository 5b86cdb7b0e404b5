import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport, MailDeliveryError } from '../../../src/adapters/mail/index.js';
import { startFakeSmtp } from './fake-smtp.js';

let relay: Awaited<ReturnType<typeof startFakeSmtp>>;
beforeAll(async () => {
  relay = await startFakeSmtp({
    replies: {
      'gone@example.com': { rcpt: '550 5.1.1 <gone@example.com>: Recipient address rejected' },
      'busy@example.com': { rcpt: '451 4.7.1 <busy@example.com>: Greylisted, try again later' },
      'full@example.com': { rcpt: '552 5.2.2 <full@example.com>: Mailbox full' },
      'filtered@example.com': { data: '554 5.7.1 Message rejected as spam' },
      'plain@example.com': { rcpt: '550 No such user here' },
    },
  });
});
afterAll(() => relay.close());

const envelope = (to: string) => ({
  from: 'Bluebonnet Energy <no-reply@bluebonnet.example>',
  to,
  subject: 'Your Bluebonnet Energy username',
  text: 'Hello Casey,\n\nThe username of your account is: casey.rivera\n',
  html: '<p>Hello Casey,</p>',
  template: 'forgot-username',
  outboxId: 1,
});

describe('the SMTP transport', () => {
  it('delivers a multipart message (text and HTML) to the relay', async () => {
    const transport = createSmtpTransport(relay.url);
    await transport.send(envelope('casey@example.com'));
    await transport.close();
    const [mail] = relay.received;
    expect(mail).toMatchObject({ from: 'no-reply@bluebonnet.example', to: ['casey@example.com'] });
    expect(mail!.data).toContain('Subject: Your Bluebonnet Energy username');
    expect(mail!.data).toContain('Content-Type: text/plain');
    expect(mail!.data).toContain('Content-Type: text/html');
    expect(mail!.data).toContain('casey.rivera');
  });

  async function refusal(to: string): Promise<MailDeliveryError> {
    const transport = createSmtpTransport(relay.url);
    const failure = await transport.send(envelope(to)).catch((error: unknown) => error);
    await transport.close();
    expect(failure).toBeInstanceOf(MailDeliveryError);
    return failure as MailDeliveryError;
  }

  it("turns the relay's permanent refusal of a mailbox into a bounce that blames the address, masked", async () => {
    const failure = await refusal('gone@example.com');
    expect(failure.message).toContain('g***@e***.com');
    expect(failure.message).not.toContain('gone@example.com');
    expect(failure.bounce).toEqual({
      reply: '550 5.1.1 <g***@e***.com>: Recipient address rejected',
      addressFailed: true,
    });
    expect((await refusal('plain@example.com')).bounce).toEqual({
      reply: '550 No such user here',
      addressFailed: true,
    });
  });

  it('bounces a full mailbox or a message refused after its data without blaming the address', async () => {
    expect((await refusal('full@example.com')).bounce).toEqual({
      reply: '552 5.2.2 <f***@e***.com>: Mailbox full',
      addressFailed: false,
    });
    expect((await refusal('filtered@example.com')).bounce).toEqual({
      reply: '554 5.7.1 Message rejected as spam',
      addressFailed: false,
    });
  });

  it('keeps a 4xx refusal transient: no bounce, so the outbox retries it', async () => {
    const failure = await refusal('busy@example.com');
    expect(failure.bounce).toBeNull();
    expect(failure.message).toContain('451 4.7.1 <b***@e***.com>');
  });

  it('reports an unreachable relay as a MailDeliveryError', async () => {
    const closed = await startFakeSmtp();
    const url = closed.url;
    await closed.close();
    const transport = createSmtpTransport(url);
    const failure = await transport.send(envelope('casey@example.com')).catch((error: unknown) => error);
    await transport.close();
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect((failure as MailDeliveryError).bounce).toBeNull();
  });
});
