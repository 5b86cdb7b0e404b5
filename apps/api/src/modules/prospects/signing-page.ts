import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { SandboxSigning } from '../../adapters/document-signing/sandbox.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import { ApiError } from '../../http/errors.js';
import { escapeHtml } from '../../http/html.js';
import { cspHash, hostedPagePolicy } from '../../http/security-headers.js';
import type { FilesService } from '../files/index.js';
import { signerOf } from './contracts.js';
import { PROSPECT_FILE_OWNER } from './documents.js';
import { findProspect } from './lookups.js';
import { applySigningStatus } from './signing-status.js';
import * as signingStore from './signing-store.js';

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#111827}.sandbox{background:#fef3c7;padding:.5rem;border-radius:.4rem}button{font-size:1.1rem;padding:.7rem 1.4rem;margin-right:1rem;border-radius:.4rem;border:1px solid #1d4ed8}button[value=sign]{background:#1d4ed8;color:#fff}';
const STYLE_HASH = cspHash(STYLE);

/** The page shows no script and posts only to itself; the post's redirect leads on to the return URL's origin. */
const pageCsp = (returnUrl?: URL) => hostedPagePolicy(STYLE_HASH, returnUrl ? [returnUrl.origin] : []);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head><body>
<p class="sandbox">Voltin sandbox: this page stands in for DocuSign's signing session. Nothing here is a real signature.</p>
${body}
</body></html>`;
}

function signingPage(model: { signerName: string; documents: string[]; action: string }): string {
  const documents =
    model.documents.length > 0
      ? `<ul>${model.documents.map((name) => `<li>${escapeHtml(name)}</li>`).join('')}</ul>`
      : "<p>The retail company's contract template.</p>";
  return page(
    'Sign your contract',
    `<h1>Sign your contract</h1>
<p>Signing as <strong>${escapeHtml(model.signerName)}</strong>. The contract:</p>
${documents}
<form method="post" action="${escapeHtml(model.action)}">
<button type="submit" name="action" value="sign">Sign</button>
<button type="submit" name="action" value="decline">Decline</button>
</form>`,
  );
}

const closedPage = () =>
  page(
    'Contract not open for signing',
    '<h1>This contract can no longer be signed here</h1><p>It was signed, declined or withdrawn. Go back to the app that sent you here.</p>',
  );

/** What a signing session's end means: the Connect event status it stands for, and the return URL's event. */
const OUTCOMES = {
  sign: { sandboxState: 'completed', signingStatus: 'Completed', event: 'signing_complete' },
  decline: { sandboxState: 'declined', signingStatus: 'Canceled', event: 'decline' },
} as const;

/**
 * The sandbox signing page, where the links of the sandbox signer's signing views lead (registered only when the
 * sandbox signer is in use, so never in production). It shows the contract's documents and the signer's name with
 * Sign and Decline; either one changes the envelope and the prospect exactly as DocuSign's Connect event
 * `envelope-completed` or `envelope-declined` would (applySigningStatus), then sends the browser to the return URL
 * with `event=signing_complete` or `event=decline`. A link used after it expired returns with `event=ttl_expired`,
 * as DocuSign's does. Unlike a DocuSign URL, the link may be opened again until it expires; it signs only once.
 */
export const sandboxSigningRoutes: FastifyPluginAsyncTypebox<{
  db: Kysely<Database>;
  files: FilesService;
  sandbox: SandboxSigning;
  clock: Clock;
}> = async (app, { db, files, sandbox, clock }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const back = (returnUrl: URL, event: string) => {
    const destination = new URL(returnUrl);
    destination.searchParams.append('event', event);
    return destination.href;
  };

  /** The envelope a link names, or the answer already due: a refusal, or the return for an expired link. */
  async function linkOf(url: string) {
    const link = sandbox.readViewLink(url);
    if (link.status === 'invalid') {
      throw new ApiError('SIGNING_VIEW_LINK_INVALID', 'This signing link is not valid; ask for a new one.');
    }
    const envelope = await signingStore.findEnvelopeById(db, link.envelopeId);
    if (!envelope) throw new ApiError('SIGNING_VIEW_LINK_INVALID', 'This signing link is not valid.');
    return { ...link, envelope };
  }

  const route = {
    config: { access: 'public' as const },
    schema: { hide: true, params: Type.Object({ envelopeId: Type.String() }) },
    helmet: { contentSecurityPolicy: pageCsp() },
  };

  app.get('/sandbox-signing/:envelopeId', route, async (request, reply) => {
    const link = await linkOf(request.url);
    if (link.status === 'expired') return reply.redirect(back(link.returnUrl, 'ttl_expired'), 303);
    const { envelope } = link;
    const prospect = await findProspect(
      db,
      { companyId: envelope.company_id, affiliateId: null },
      envelope.prospect_id,
    );
    const open = prospect && (await sandbox.stateOf(envelope.envelope_id)) === 'sent';
    reply.helmet({ contentSecurityPolicy: pageCsp(link.returnUrl) });
    if (!open) return reply.status(409).type('text/html').send(closedPage());
    const documents = await files.list(envelope.company_id, PROSPECT_FILE_OWNER, [prospect.id]);
    return reply.type('text/html').send(
      signingPage({
        signerName: signerOf(prospect).name,
        documents: documents.map((d) => d.file_name),
        action: request.url,
      }),
    );
  });

  app.post('/sandbox-signing/:envelopeId', route, async (request, reply) => {
    const link = await linkOf(request.url);
    if (link.status === 'expired') return reply.redirect(back(link.returnUrl, 'ttl_expired'), 303);
    const action = (request.body as Record<string, string> | undefined)?.action;
    if (action !== 'sign' && action !== 'decline') {
      throw new ApiError('VALIDATION_FAILED', 'Choose Sign or Decline.', ['action: must be sign or decline']);
    }
    const outcome = OUTCOMES[action];
    const done = await db.transaction().execute(async (trx) => {
      if (!(await sandbox.finish(trx, link.envelope.envelope_id, outcome.sandboxState))) return false;
      const now = clock.now().toISOString();
      await applySigningStatus(trx, link.envelope, outcome.signingStatus, { at: now, now });
      return true;
    });
    reply.helmet({ contentSecurityPolicy: pageCsp(link.returnUrl) });
    if (!done) return reply.status(409).type('text/html').send(closedPage());
    return reply.redirect(back(link.returnUrl, outcome.event), 303);
  });
};
