import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/index.js';

describe('mail settings', () => {
  it('default to the log transport with a placeholder sender', () => {
    const config = loadConfig({});
    expect(config.smtpUrl).toBeNull();
    expect(config.mailFrom).toBe('Voltin <no-reply@voltin.invalid>');
  });

  it('read SMTP_URL and MAIL_FROM', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://mailer:s3cret@smtp.example.com:465',
      MAIL_FROM: 'Bluebonnet Energy <no-reply@bluebonnet.example>',
    });
    expect(config.smtpUrl).toBe('smtps://mailer:s3cret@smtp.example.com:465');
    expect(config.mailFrom).toBe('Bluebonnet Energy <no-reply@bluebonnet.example>');
  });

  it('refuse a malformed SMTP_URL or MAIL_FROM, and SMTP without a sender, without echoing the URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example.com' })).toThrow(
      /SMTP_URL must look like/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example.com' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM must be an email address/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.com:587' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.com:587' })).toThrow(/MAIL_FROM is required/);
  });
});
