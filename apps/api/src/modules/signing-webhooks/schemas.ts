import { Type } from 'typebox';
import { Nullable } from '../../http/schemas.js';
import { PROSPECT_STATUSES, SIGNING_STATUSES } from '../prospects/index.js';

/** The fields of a DocuSign Connect 2.0 (JSON SIM) message that Voltin reads; the rest is ignored. */
export interface ConnectMessage {
  event?: unknown;
  generatedDateTime?: unknown;
  data?: {
    accountId?: unknown;
    envelopeId?: unknown;
    recipientId?: unknown;
    envelopeSummary?: { voidedReason?: unknown };
    voidedReason?: unknown;
  };
}

export const WebhookResult = Type.Object({
  event: Type.String({ description: 'The Connect event name, e.g. envelope-completed.' }),
  envelopeId: Type.String(),
  idProspect: Type.Integer(),
  duplicate: Type.Boolean({ description: 'True when this event was already processed; nothing changed.' }),
  changed: Type.Boolean({ description: 'Whether the prospect changed.' }),
  status: Type.Enum([...PROSPECT_STATUSES], { description: "The prospect's sales status now." }),
  signingStatus: Nullable(
    Type.Enum([...SIGNING_STATUSES], { description: "The prospect's signing status now." }),
  ),
});

export const SignatureHeaders = Type.Object({
  'x-docusign-signature-1': Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Base64 HMAC-SHA256 of the raw body with a Connect key; -2, -3 … follow when several keys are active.',
    }),
  ),
});
