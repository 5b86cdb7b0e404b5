import { escapeHtml } from '../../http/html.js';
import { cspHash, hostedPagePolicy } from '../../http/security-headers.js';

/** The hosted payment page: plain HTML, every dynamic value escaped. */

export interface HostedPageModel {
  brandName: string;
  enrollmentId: number;
  address: string;
  amountDue: number | null;
  profiles: Array<{ token: string; label: string }>;
  action: string;
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#111827}button{background:#1d4ed8;color:#fff;border:0;padding:.6rem 1.2rem;border-radius:.4rem;font-size:1rem}';
const STYLE_HASH = cspHash(STYLE);

/** The page's Content-Security-Policy; its form may lead the browser on to these return origins. */
export const hostedPageCsp = (returnOrigins: string[] = []) => hostedPagePolicy(STYLE_HASH, returnOrigins);

export function hostedPaymentPage(model: HostedPageModel): string {
  const options = model.profiles
    .map(
      (p, i) =>
        `<label><input type="radio" name="paymentProfileToken" value="${escapeHtml(p.token)}"${i === 0 ? ' checked' : ''} required> ${escapeHtml(p.label)}</label>`,
    )
    .join('<br>');
  const body =
    model.profiles.length === 0
      ? '<p>No card or bank account is saved yet. Add one in your account, then use a new payment link.</p>'
      : `<form method="post" action="${escapeHtml(model.action)}">
  <fieldset><legend>Pay with</legend>${options}</fieldset>
  <p><label>Amount (USD) <input name="amount" type="number" min="0.01" step="0.01" required value="${model.amountDue === null ? '' : model.amountDue.toFixed(2)}"></label></p>
  <button type="submit">Pay now</button>
</form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment | ${escapeHtml(model.brandName)}</title>
<style>${STYLE}</style>
</head><body>
<h1>${escapeHtml(model.brandName)}</h1>
<p>Payment for service at ${escapeHtml(model.address)} (enrollment ${model.enrollmentId}).</p>
${model.amountDue === null ? '' : `<p>Amount due: <strong>$${model.amountDue.toFixed(2)}</strong></p>`}
${body}
</body></html>`;
}

export function expiredPage(): string {
  return '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment link expired</title></head><body><h1>This payment link has expired</h1><p>Go back and start the payment again.</p></body></html>';
}
