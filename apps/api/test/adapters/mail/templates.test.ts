import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATES, mailLanguageOf, renderMail } from '../../../src/adapters/mail/index.js';

const brand = {
  name: 'Bluebonnet <Energy>',
  phone: '+1-512-555-0142',
  url: 'https://www.bluebonnet.example',
};

describe('mail templates', () => {
  it('lists every template with its values and both languages, for the docs', () => {
    expect(MAIL_TEMPLATES.map((t) => t.name)).toEqual([
      'reset-password',
      'forgot-username',
      'password-changed',
    ]);
    for (const template of MAIL_TEMPLATES) {
      expect(template.description.length).toBeGreaterThan(20);
      expect(template.languages).toEqual(['en', 'es']);
      expect(Object.keys(template.values)).toContain('firstName');
    }
  });

  it('brands every message with the name, phone and site in English and Spanish', () => {
    for (const language of ['en', 'es'] as const) {
      const mail = renderMail('password-changed', language, brand, { firstName: 'Casey' });
      expect(mail.text).toContain('Bluebonnet <Energy>');
      expect(mail.text).toContain('+1-512-555-0142');
      expect(mail.text).toContain('https://www.bluebonnet.example');
    }
    expect(renderMail('password-changed', 'es', brand, { firstName: 'Casey' }).subject).toBe(
      'Se cambió su contraseña de Bluebonnet <Energy>',
    );
  });

  it('escapes values in the HTML part', () => {
    const mail = renderMail('forgot-username', 'en', brand, {
      firstName: '<script>x</script>',
      userNames: ['a&b'],
      loginUrl: 'https://my.example/?a=1&b="2"',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('Bluebonnet &lt;Energy&gt;');
    expect(mail.html).toContain('a&amp;b');
    expect(mail.html).toContain('href="https://my.example/?a=1&amp;b=&quot;2&quot;"');
  });

  it('writes Spanish only for Spanish-speaking customers, English otherwise', () => {
    expect(mailLanguageOf('es')).toBe('es');
    expect(mailLanguageOf('en')).toBe('en');
    expect(mailLanguageOf(null)).toBe('en');
  });
});
