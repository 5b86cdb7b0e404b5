import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { SignatureHeaders, WebhookResult } from './schemas.js';
import type { SigningWebhooksService } from './service.js';

/**
 * The signature covers the raw bytes, so this route reads its body as a Buffer: the parsers are replaced
 * inside this plugin only, every other route keeps Fastify's JSON parser.
 */
export const signingWebhookRoutes: FastifyPluginAsyncTypebox<{ webhooks: SigningWebhooksService }> = async (
  app,
  { webhooks },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/docusign',
    {
      config: {
        errors: ['SIGNING_ENVELOPE_NOT_FOUND', 'WEBHOOK_SIGNATURE_INVALID', 'WEBHOOK_SIGNATURE_MISSING'],
        access: 'public',
      },
      schema: {
        operationId: 'receiveDocusignWebhook',
        tags: ['Callbacks'],
        summary: 'DocuSign Connect events for contract envelopes',
        description:
          'Connect 2.0 JSON (SIM) messages, authenticated by `X-DocuSign-Signature-1` (and -2 … when several ' +
          'Connect keys are active): the base64 HMAC-SHA256 of the raw body with one of the Connect keys of ' +
          'DOCUSIGN_CONNECT_HMAC_KEYS or of the signing account named in `data.accountId` (which must be a ' +
          "company's account). Unsigned calls are 401 `WEBHOOK_SIGNATURE_MISSING`, badly signed " +
          'ones 401 `WEBHOOK_SIGNATURE_INVALID`; an envelope this server did not create is 404 ' +
          '`SIGNING_ENVELOPE_NOT_FOUND`. Each event is processed once; a replay answers 200 with ' +
          "`duplicate: true` and changes nothing; an event generated before the one that set the envelope's " +
          'status (`generatedDateTime`) is recorded in its history and changes nothing. ' +
          'Events drive `signingStatus`: envelope-sent → Unsigned, ' +
          'recipient-completed → PartiallySigned, envelope-completed → Completed (sales status Contract_Signed), ' +
          'envelope-declined → Canceled, envelope-voided → Canceled (Expired when the void reason says the ' +
          'envelope expired; sales status Contract_Expired), recipient-autoresponded → OnHold.',
        headers: SignatureHeaders,
        response: { 200: Envelope(WebhookResult) },
      },
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { data, message } = await webhooks.handle({ rawBody, headers: request.headers });
      return ok(data, message);
    },
  );
};
