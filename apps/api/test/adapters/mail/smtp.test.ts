import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport, MailDeliveryError } from '../../../src/adapters/mail/index.js';
import { startFakeSmtp } from './fake-smtp.js';

let relay: Awaited<ReturnType<typeof startFakeSmtp>>;
beforeAll(async () => {
  relay = await startFakeSmtp({ rejectRecipient: 'gone@example.com' });
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

  it("turns the relay's refusal into a MailDeliveryError with the address masked", async () => {
    const transport = createSmtpTransport(relay.url);
    const failure = await transport.send(envelope('gone@example.com')).catch((error: unknown) => error);
    await transport.close();
    expect(failure).toBeInstanceOf(MailDeliveryError);
    expect((failure as Error).message).toContain('g***@e***.com');
    expect((failure as Error).message).not.toContain('gone@example.com');
  });

  it('reports an unreachable relay as a MailDeliveryError', async () => {
    const closed = await startFakeSmtp();
    const url = closed.url;
    await closed.close();
    const transport = createSmtpTransport(url);
    await expect(transport.send(envelope('casey@example.com'))).rejects.toBeInstanceOf(MailDeliveryError);
    await transport.close();
  });
});
