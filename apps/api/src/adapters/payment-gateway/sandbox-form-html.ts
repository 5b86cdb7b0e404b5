import type { PaymentMethodType } from '../../domain/charges.js';
import { escapeHtml } from '../../http/html.js';
import { cspHash } from '../../http/security-headers.js';

/** The sandbox gateway's hosted form as HTML: plain, accessible, usable 360 px wide, every dynamic value escaped. */

const STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;padding:1rem;color:#111827;background:#fff}main{max-width:28rem;margin:0 auto}.sandbox{background:#fef3c7;padding:.5rem;border-radius:.4rem;font-size:.9rem}h1{font-size:1.4rem}h2{font-size:1.15rem;margin:1.5rem 0 0}label{display:block;font-weight:600;margin:.9rem 0 .25rem}input,select{box-sizing:border-box;width:100%;font-size:1rem;padding:.5rem;border:1px solid #6b7280;border-radius:.3rem}[aria-invalid=true]{border:2px solid #b91c1c}.error{color:#b91c1c;margin:.25rem 0 0}.alert{border:2px solid #b91c1c;background:#fef2f2;padding:.6rem;border-radius:.4rem}.actions{display:flex;flex-wrap:wrap;gap:.6rem;margin-top:1.2rem}button{font-size:1rem;padding:.6rem 1.2rem;border-radius:.4rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff}button[value=cancel]{background:#fff;color:#1d4ed8}';
export const STYLE_HASH = cspHash(STYLE);

/**
 * Measures the page's content once it is laid out and tells the communicator, as Authorize.Net's form does on load,
 * so the embedding site can size its iframe to it. Its one dynamic value, the communicator's address, is read from
 * the page, so the script stays one text with one hash.
 */
const RESIZE_SCRIPT =
  'var f=document.getElementById("communicator"),b=document.body;f.src=f.getAttribute("data-url")+"#action=resizeWindow&width="+b.scrollWidth+"&height="+b.scrollHeight;';
export const RESIZE_SCRIPT_HASH = cspHash(RESIZE_SCRIPT);

export type FieldName =
  | 'cardNumber'
  | 'expirationDate'
  | 'cardCode'
  | 'nameOnCard'
  | 'routingNumber'
  | 'accountNumber'
  | 'accountType'
  | 'nameOnAccount';

export const ACCOUNT_TYPES = {
  checking: 'Checking',
  savings: 'Savings',
  businessChecking: 'Business checking',
};

interface Field {
  name: FieldName;
  label: string;
  /** The input's own attributes (fixed text, never a typed value). */
  attributes: string;
  /** A card or account number or a security code: what was typed is never written back into the page. */
  secret?: true;
}

const FIELDS: Record<PaymentMethodType, Field[]> = {
  CreditCard: [
    {
      name: 'cardNumber',
      label: 'Card number',
      attributes: 'inputmode="numeric" autocomplete="cc-number" maxlength="23"',
      secret: true,
    },
    {
      name: 'expirationDate',
      label: 'Expiry date (MM/YY)',
      attributes: 'autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"',
    },
    {
      name: 'cardCode',
      label: 'Security code (CVV)',
      attributes: 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"',
      secret: true,
    },
    { name: 'nameOnCard', label: 'Name on card', attributes: 'autocomplete="cc-name" maxlength="64"' },
  ],
  BankAccount: [
    { name: 'routingNumber', label: 'Routing number', attributes: 'inputmode="numeric" maxlength="9"' },
    {
      name: 'accountNumber',
      label: 'Account number',
      attributes: 'inputmode="numeric" maxlength="17"',
      secret: true,
    },
    { name: 'accountType', label: 'Account type', attributes: '' },
    { name: 'nameOnAccount', label: 'Name on account', attributes: 'autocomplete="name" maxlength="22"' },
  ],
};

const SECTION_TITLES: Record<PaymentMethodType, string> = { CreditCard: 'Card', BankAccount: 'Bank account' };

/** What is in one section's fields, and what is wrong with them. */
export interface SectionState {
  method: PaymentMethodType;
  values: Partial<Record<FieldName, string>>;
  errors: Partial<Record<FieldName, string>>;
}

export interface FormView {
  title: string;
  /** A sentence under the title (the saved method an edit changes). */
  intro: string | null;
  action: string;
  token: string;
  /** The payment profile an edit changes. */
  paymentProfileId: string | null;
  /** The sections shown, one form each. */
  methods: PaymentMethodType[];
  saveButtonText: string;
  /** The communicator's address (without a fragment), told the page's size on load. */
  communicatorUrl: string | null;
  /** Why nothing was saved, when the gateway said so. */
  alert: string | null;
  /** One section's values and errors: the section submitted, or the saved method an edit opens with. */
  filled: SectionState | null;
}

function control(field: Field, value: string, invalid: boolean): string {
  const described = invalid ? ` aria-invalid="true" aria-describedby="${field.name}-error"` : '';
  if (field.name === 'accountType') {
    const options = Object.entries(ACCOUNT_TYPES)
      .map(
        ([key, label]) =>
          `<option value="${key}"${key === value ? ' selected' : ''}>${escapeHtml(label)}</option>`,
      )
      .join('');
    return `<select id="${field.name}" name="${field.name}" required${described}><option value="">Choose…</option>${options}</select>`;
  }
  const kept = field.secret || !value ? '' : ` value="${escapeHtml(value)}"`;
  return `<input id="${field.name}" name="${field.name}" ${field.attributes} required${kept}${described}>`;
}

function section(view: FormView, method: PaymentMethodType): string {
  const state = view.filled?.method === method ? view.filled : null;
  const fields = FIELDS[method]
    .map((field) => {
      const error = state?.errors[field.name];
      return `<label for="${field.name}">${escapeHtml(field.label)}</label>
${control(field, state?.values[field.name] ?? '', Boolean(error))}${error ? `\n<p class="error" id="${field.name}-error">${escapeHtml(error)}</p>` : ''}`;
    })
    .join('\n');
  const profile = view.paymentProfileId
    ? `\n<input type="hidden" name="paymentProfileId" value="${escapeHtml(view.paymentProfileId)}">`
    : '';
  const title = view.methods.length > 1 ? `<h2>${SECTION_TITLES[method]}</h2>\n` : '';
  return `${title}<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="token" value="${escapeHtml(view.token)}">
<input type="hidden" name="method" value="${method}">${profile}
${fields}
<div class="actions"><button type="submit" name="action" value="save">${escapeHtml(view.saveButtonText)}</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></div>
</form>`;
}

function page(title: string, body: string, tail = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head><body><main>
<p class="sandbox">Voltin sandbox gateway: this form stands in for the payment gateway's. Use test numbers only, never a real card or account.</p>
${body}
</main>${tail}</body></html>`;
}

export function formPage(view: FormView): string {
  const alert = view.alert ? `<p class="alert" role="alert">${escapeHtml(view.alert)}</p>\n` : '';
  const intro = view.intro ? `<p>${escapeHtml(view.intro)}</p>\n` : '';
  const resize = view.communicatorUrl
    ? `<iframe id="communicator" hidden title="Communicator" data-url="${escapeHtml(view.communicatorUrl)}"></iframe><script>${RESIZE_SCRIPT}</script>`
    : '';
  return page(
    view.title,
    `<h1>${escapeHtml(view.title)}</h1>\n${intro}${alert}${view.methods.map((m) => section(view, m)).join('\n')}`,
    resize,
  );
}

/**
 * A page that ends the form: saved, cancelled, or refused. With a communicator it loads the communicator's address
 * with the message in a hidden frame (`#action=successfulSave`, `#action=cancel`), as Authorize.Net's form does.
 */
export function endPage(title: string, text: string, relayUrl: string | null = null): string {
  const relay = relayUrl ? `<iframe hidden title="Communicator" src="${escapeHtml(relayUrl)}"></iframe>` : '';
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>`, relay);
}
