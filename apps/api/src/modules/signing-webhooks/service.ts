import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BaseLogger } from 'pino';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import { ApiError } from '../../http/errors.js';
import { open, type SecretBox } from '../../security/secret-box.js';
import {
  applySigningStatus,
  currentStatuses,
  findEnvelope,
  SIGNING_EVENT_STATUS,
  type SigningStatus,
} from '../prospects/index.js';
import type { ConnectMessage, WebhookResult } from './schemas.js';
import * as store from './store.js';

/** DocuSign sends one signature header per active Connect key: X-DocuSign-Signature-1 … -100. */
const MAX_SIGNATURE_HEADERS = 100;

export function signatureHeaders(headers: Record<string, string | string[] | undefined>): string[] {
  const signatures: string[] = [];
  for (let n = 1; n <= MAX_SIGNATURE_HEADERS; n++) {
    const value = headers[`x-docusign-signature-${n}`];
    if (value === undefined) continue;
    signatures.push(...[value].flat());
  }
  return signatures;
}

/** Base64 HMAC-SHA256 of the raw body, as DocuSign Connect computes it. */
export function connectSignature(key: string, rawBody: Buffer): string {
  return createHmac('sha256', key).update(rawBody).digest('base64');
}

function matches(expected: string, received: string): boolean {
  const left = Buffer.from(expected, 'base64');
  const right = Buffer.from(received.trim(), 'base64');
  return left.length === right.length && timingSafeEqual(left, right);
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/** The signing status an event means; `envelope-voided` with an expiry reason means Expired. */
export function signingStatusOf(message: ConnectMessage): SigningStatus | undefined {
  const event = text(message.event);
  if (!event) return undefined;
  const status = SIGNING_EVENT_STATUS[event];
  if (event === 'envelope-voided') {
    const reason =
      text(message.data?.envelopeSummary?.voidedReason) ?? text(message.data?.voidedReason) ?? '';
    if (/expired/i.test(reason)) return 'Expired';
  }
  return status;
}

export interface WebhookRequest {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * DocuSign Connect webhooks: authenticated by the HMAC signature headers over the raw body with one of the
 * Connect keys of the signing account the body names, processed once per event, driving the signing status.
 */
export function createSigningWebhooksService(deps: {
  db: Kysely<Database>;
  secretBoxKey: SecretBox;
  /** The deployment's Connect HMAC keys (DOCUSIGN_CONNECT_HMAC_KEYS), accepted besides each account's stored keys. */
  connectKeys: string[];
  log: Pick<BaseLogger, 'warn'>;
  clock: Clock;
}) {
  const { db, secretBoxKey, connectKeys, log, clock } = deps;

  function refuse(
    error: ApiError,
    context: { accountId?: string; envelopeId?: string; signatures: number; bytes: number },
  ) {
    // Never the body: it carries the signer's name and email.
    log.warn({ code: error.code, ...context }, `signing webhook refused: ${error.message}`);
    return error;
  }

  async function authenticate(request: WebhookRequest) {
    const signatures = signatureHeaders(request.headers);
    const context = { signatures: signatures.length, bytes: request.rawBody.length };
    if (signatures.length === 0) {
      throw refuse(
        new ApiError(
          'WEBHOOK_SIGNATURE_MISSING',
          'The webhook carries no X-DocuSign-Signature-1 header; it is refused.',
        ),
        context,
      );
    }
    let message: ConnectMessage;
    try {
      message = JSON.parse(request.rawBody.toString('utf8')) as ConnectMessage;
    } catch {
      throw refuse(new ApiError('MALFORMED_REQUEST', 'The webhook body is not JSON.'), context);
    }
    const accountId = text(message?.data?.accountId);
    if (!accountId) {
      throw refuse(new ApiError('MALFORMED_REQUEST', 'The webhook body names no data.accountId.'), context);
    }
    const account = await store.findAccountWithKeys(db, accountId);
    const keys = [...connectKeys, ...(account?.sealedKeys ?? []).map((sealed) => open(secretBoxKey, sealed))];
    const verified = keys.some((key) => {
      const expected = connectSignature(key, request.rawBody);
      return signatures.some((received) => matches(expected, received));
    });
    if (!account || !verified) {
      throw refuse(
        new ApiError(
          'WEBHOOK_SIGNATURE_INVALID',
          'No signature of the webhook matches a Connect key of the signing account it names; it is refused.',
        ),
        { ...context, accountId },
      );
    }
    return { message, accountId, companyId: account.company_id, context: { ...context, accountId } };
  }

  return {
    async handle(request: WebhookRequest): Promise<{ data: Static<typeof WebhookResult>; message: string }> {
      const { message, accountId, companyId, context } = await authenticate(request);
      const event = text(message.event);
      const envelopeId = text(message.data?.envelopeId);
      const generated = text(message.generatedDateTime);
      const generatedAt = generated ? new Date(generated) : null;
      const missing = [
        event ? null : 'body.event: is required',
        envelopeId ? null : 'body.data.envelopeId: is required',
        generated ? null : 'body.generatedDateTime: is required',
        generatedAt && Number.isNaN(generatedAt.getTime())
          ? 'body.generatedDateTime: is not a date-time'
          : null,
      ].filter((e): e is string => e !== null);
      if (missing.length > 0) {
        throw refuse(
          new ApiError('VALIDATION_FAILED', 'The webhook message is incomplete.', missing),
          context,
        );
      }
      const envelope = await findEnvelope(db, companyId, envelopeId!);
      if (!envelope) {
        throw refuse(
          new ApiError(
            'SIGNING_ENVELOPE_NOT_FOUND',
            `Envelope ${envelopeId} was not created by this server.`,
          ),
          { ...context, envelopeId },
        );
      }
      // One key per event: a retried delivery of the same event has the same key (retryCount is left out).
      const recipientId = text(message.data?.recipientId) ?? '';
      const eventKey = createHash('sha256')
        .update([accountId, envelopeId, event, recipientId, generated].join('|'))
        .digest('hex');
      const base = { event: event!, envelopeId: envelopeId! };
      const at = generatedAt!.toISOString();
      const receivedAt = clock.now().toISOString();
      const signingStatus = signingStatusOf(message);
      const outcome = await db.transaction().execute(async (trx) => {
        const recorded = await store.recordEvent(trx, {
          companyId,
          eventKey,
          event: event!,
          envelopeId: envelopeId!,
          signingStatus: signingStatus ?? null,
          generatedAt: at,
          receivedAt,
        });
        if (!recorded) return null;
        if (!signingStatus) {
          await store.setOutcome(trx, eventKey, 'recorded; this event does not change the signing status');
          const now = await currentStatuses(trx, companyId, envelope.prospect_id);
          return {
            ...now,
            changed: false,
            note: `Event ${event} recorded; it does not change the signing status.`,
          };
        }
        const applied = await applySigningStatus(trx, envelope, signingStatus, { at, now: receivedAt });
        await store.setOutcome(trx, eventKey, applied.note);
        return applied;
      });
      if (outcome === null) {
        const now = await currentStatuses(db, companyId, envelope.prospect_id);
        return {
          data: { ...base, ...now, duplicate: true, changed: false },
          message: 'This event was already processed; nothing changed.',
        };
      }
      return {
        data: {
          ...base,
          idProspect: outcome.idProspect,
          status: outcome.status,
          signingStatus: outcome.signingStatus,
          duplicate: false,
          changed: outcome.changed,
        },
        message: outcome.note,
      };
    },
  };
}

export type SigningWebhooksService = ReturnType<typeof createSigningWebhooksService>;
