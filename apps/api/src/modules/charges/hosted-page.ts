import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ApiError } from '../../http/errors.js';
import { escapeHtml } from '../../http/html.js';
import { cspHash, hostedPagePolicy } from '../../http/security-headers.js';
import type { LinkSigner } from '../../security/signed-urls.js';
import type { HostedPayment } from './hosted-payment.js';
import { EnrollIdParams } from './schemas.js';

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
const hostedPageCsp = (returnOrigins: string[] = []) => hostedPagePolicy(STYLE_HASH, returnOrigins);

function hostedPaymentPage(model: HostedPageModel): string {
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

function expiredPage(): string {
  return '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment link expired</title></head><body><h1>This payment link has expired</h1><p>Go back and start the payment again.</p></body></html>';
}

/**
 * The page a signed payment link opens (`GET`) and its form's payment (`POST`). An expired link gets a page (410), an
 * altered one a refusal; the payment's outcome sends the browser to the link's success or error URL.
 */
export const hostedPaymentRoutes: FastifyPluginAsyncTypebox<{
  hosted: HostedPayment;
  linkSigner: LinkSigner;
}> = async (scope, { hosted, linkSigner }) => {
  const page = scope.withTypeProvider<TypeBoxTypeProvider>();
  page.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  /** The enrollment a signed link stands for, with its return URLs and signature; or `expired`. */
  const linkOf = async (url: string, enrollId: number) => {
    const check = linkSigner.check(url);
    if (check === 'expired') return 'expired' as const;
    if (check !== 'valid') throw new ApiError('PAYMENT_LINK_INVALID', 'This payment link is not valid.');
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
    return { ...(await hosted.linkedEnrollment(enrollId, query)), signature: query.get('signature') };
  };
  const hidden = { hide: true, params: EnrollIdParams };
  const pageHeaders = { contentSecurityPolicy: hostedPageCsp() };

  page.get(
    '/payments/hosted-payment/:enrollId',
    { config: { access: 'public' }, schema: hidden, helmet: pageHeaders },
    async (request, reply) => {
      const link = await linkOf(request.url, request.params.enrollId);
      if (link === 'expired') return reply.status(410).type('text/html').send(expiredPage());
      const e = link.enrollment;
      const facts = await hosted.pageFacts(e);
      reply.helmet({ contentSecurityPolicy: hostedPageCsp([link.success.origin, link.error.origin]) });
      return reply.type('text/html').send(
        hostedPaymentPage({
          ...facts,
          enrollmentId: e.id,
          address: `${e.service_address_1}, ${e.service_city}`,
          action: request.url,
        }),
      );
    },
  );

  page.post(
    '/payments/hosted-payment/:enrollId',
    { config: { access: 'public' }, schema: hidden, helmet: pageHeaders },
    async (request, reply) => {
      const link = await linkOf(request.url, request.params.enrollId);
      if (link === 'expired') return reply.status(410).type('text/html').send(expiredPage());
      const back = (target: URL, params: Record<string, string>) => {
        const destination = new URL(target);
        for (const [name, value] of Object.entries(params)) destination.searchParams.append(name, value);
        return reply.redirect(destination.href, 303);
      };
      try {
        const form = (request.body ?? {}) as Record<string, string>;
        const charge = await hosted.pay(link.enrollment, form, link.signature ?? '');
        return back(link.success, {
          transactionId: charge.id_charge_transaction ?? '',
          amount: charge.amount.toFixed(2),
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return back(link.error, { reason: error.code });
      }
    },
  );
};
