/**
 * Every email Voltin sends, in English and Spanish, branded with the brand the customer came through.
 * MAIL_TEMPLATES is the table the docs site lists; renderMail turns a template and its values into a message.
 */
import { escapeHtml } from '../../http/html.js';

export type MailLanguage = 'en' | 'es';
export const MAIL_LANGUAGES: readonly MailLanguage[] = ['en', 'es'];

export interface MailBrand {
  name: string;
  phone: string;
  url: string;
}

interface Body {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Lines shown as a list, e.g. usernames. */
  items?: string[];
  closing: string;
}

interface TemplateValues {
  'reset-password': { firstName: string; resetUrl: string; expiresInMinutes: number };
  'forgot-username': { firstName: string; userNames: string[]; loginUrl: string };
  'password-changed': { firstName: string };
}
export type MailTemplateName = keyof TemplateValues;

interface TemplateDefinition<V> {
  description: string;
  values: Record<keyof V, string>;
  render: Record<MailLanguage, (values: V, brand: MailBrand) => Body>;
}

const support = {
  en: (brand: MailBrand) => `Questions? Call ${brand.name} at ${brand.phone} or visit ${brand.url}.`,
  es: (brand: MailBrand) => `¿Preguntas? Llame a ${brand.name} al ${brand.phone} o visite ${brand.url}.`,
};

const TEMPLATES: { [N in MailTemplateName]: TemplateDefinition<TemplateValues[N]> } = {
  'reset-password': {
    description:
      'Sent by `POST /customers/forgot-password` when the account exists: a link with a single-use security token.',
    values: {
      firstName: "The customer's first name.",
      resetUrl: "The brand's self-service site `…/reset-password?securityToken=…`.",
      expiresInMinutes: 'Minutes the link stays valid.',
    },
    render: {
      en: (v, brand) => ({
        subject: `Reset your ${brand.name} password`,
        greeting: `Hello ${v.firstName},`,
        paragraphs: [
          `We received a request to reset the password of your ${brand.name} account.`,
          `The link below works once and expires in ${v.expiresInMinutes} minutes.`,
          'If you did not ask for this, ignore this email: your password does not change.',
        ],
        action: { label: 'Reset my password', url: v.resetUrl },
        closing: support.en(brand),
      }),
      es: (v, brand) => ({
        subject: `Restablezca su contraseña de ${brand.name}`,
        greeting: `Hola ${v.firstName}:`,
        paragraphs: [
          `Recibimos una solicitud para restablecer la contraseña de su cuenta de ${brand.name}.`,
          `El enlace de abajo funciona una sola vez y vence en ${v.expiresInMinutes} minutos.`,
          'Si usted no lo pidió, ignore este correo: su contraseña no cambia.',
        ],
        action: { label: 'Restablecer mi contraseña', url: v.resetUrl },
        closing: support.es(brand),
      }),
    },
  },
  'forgot-username': {
    description:
      'Sent by `POST /customers/forgot-username` when accounts exist: the username of each self-service login of the address.',
    values: {
      firstName: "The customer's first name.",
      userNames: 'The usernames registered with the email address.',
      loginUrl: "The brand's self-service site.",
    },
    render: {
      en: (v, brand) => ({
        subject: `Your ${brand.name} username`,
        greeting: `Hello ${v.firstName},`,
        paragraphs: [
          v.userNames.length === 1
            ? `The username of your ${brand.name} account is:`
            : `These ${brand.name} accounts use this email address:`,
        ],
        items: v.userNames,
        action: { label: 'Log in', url: v.loginUrl },
        closing: support.en(brand),
      }),
      es: (v, brand) => ({
        subject: `Su nombre de usuario de ${brand.name}`,
        greeting: `Hola ${v.firstName}:`,
        paragraphs: [
          v.userNames.length === 1
            ? `El nombre de usuario de su cuenta de ${brand.name} es:`
            : `Estas cuentas de ${brand.name} usan este correo electrónico:`,
        ],
        items: v.userNames,
        action: { label: 'Iniciar sesión', url: v.loginUrl },
        closing: support.es(brand),
      }),
    },
  },
  'password-changed': {
    description:
      'Sent when a password is changed (`PUT /customers/{customerId}` or `POST /customers/reset-password`), so an unexpected change is noticed.',
    values: { firstName: "The customer's first name." },
    render: {
      en: (v, brand) => ({
        subject: `Your ${brand.name} password was changed`,
        greeting: `Hello ${v.firstName},`,
        paragraphs: [
          `The password of your ${brand.name} account was just changed, and every other session was logged out.`,
          `If you did not do this, call us right away at ${brand.phone}.`,
        ],
        closing: support.en(brand),
      }),
      es: (v, brand) => ({
        subject: `Se cambió su contraseña de ${brand.name}`,
        greeting: `Hola ${v.firstName}:`,
        paragraphs: [
          `La contraseña de su cuenta de ${brand.name} acaba de cambiar y se cerraron todas las demás sesiones.`,
          `Si no fue usted, llámenos de inmediato al ${brand.phone}.`,
        ],
        closing: support.es(brand),
      }),
    },
  },
};

/** The list the docs site renders: template, when it is sent, its values and languages. */
export const MAIL_TEMPLATES = Object.entries(TEMPLATES).map(([name, t]) => ({
  name,
  description: t.description,
  values: t.values as Record<string, string>,
  languages: [...MAIL_LANGUAGES],
}));

function toText(body: Body, brand: MailBrand): string {
  const lines = [body.greeting, '', ...body.paragraphs.flatMap((p) => [p, ''])];
  if (body.items) lines.push(...body.items.map((item) => `  ${item}`), '');
  if (body.action) lines.push(`${body.action.label}: ${body.action.url}`, '');
  lines.push(body.closing, '', brand.name);
  return `${lines.join('\n')}\n`;
}

function toHtml(body: Body, brand: MailBrand, language: MailLanguage): string {
  const parts = [
    `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#1f2937">`,
    `<p>${escapeHtml(body.greeting)}</p>`,
    ...body.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
  ];
  if (body.items)
    parts.push(`<ul>${body.items.map((i) => `<li><strong>${escapeHtml(i)}</strong></li>`).join('')}</ul>`);
  if (body.action) {
    parts.push(`<p><a href="${escapeHtml(body.action.url)}">${escapeHtml(body.action.label)}</a></p>`);
  }
  parts.push(
    `<p style="color:#6b7280">${escapeHtml(body.closing)}</p>`,
    `<p><a href="${escapeHtml(brand.url)}">${escapeHtml(brand.name)}</a></p>`,
    '</body></html>',
  );
  return parts.join('\n');
}

/** The language a customer's preference maps to: Spanish when it is Spanish, English otherwise. */
export const mailLanguageOf = (shortName: string | null | undefined): MailLanguage =>
  shortName === 'es' ? 'es' : 'en';

export function renderMail<N extends MailTemplateName>(
  template: N,
  language: MailLanguage,
  brand: MailBrand,
  values: TemplateValues[N],
): { subject: string; text: string; html: string } {
  const body = TEMPLATES[template].render[language](values, brand);
  return { subject: body.subject, text: toText(body, brand), html: toHtml(body, brand, language) };
}
