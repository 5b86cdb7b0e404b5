import { randomUUID } from 'node:crypto';
import { type DocumentSigningPort, type EnvelopeRequest, SigningUnavailableError } from './port.js';

/**
 * The in-process signing service used by default. Envelope ids are real GUIDs, so the webhook path is the
 * same as with DocuSign: post a Connect event signed with the company's Connect key to drive the status.
 *
 * Sandbox test values (inert outside this adapter): a signer whose name ends with "Offline" makes the
 * service unreachable when the envelope is created; one whose name ends with "Unsent" gets an envelope that
 * is created but cannot be sent (the prospect's signing status stays OnHold until it is sent again).
 */
export function createSandboxSigning(): DocumentSigningPort & { envelopes: Map<string, SandboxEnvelope> } {
  const envelopes = new Map<string, SandboxEnvelope>();
  return {
    envelopes,
    async createEnvelope(request) {
      if (request.signer.name.endsWith('Offline')) {
        throw new SigningUnavailableError('The sandbox signing service is offline for this signer.');
      }
      const envelopeId = randomUUID();
      envelopes.set(envelopeId, { request, status: 'created' });
      return { envelopeId };
    },
    async sendEnvelope(_accountId, envelopeId) {
      const envelope = envelopes.get(envelopeId);
      if (!envelope) throw new SigningUnavailableError(`Envelope ${envelopeId} does not exist.`);
      if (envelope.request.signer.name.endsWith('Unsent')) {
        throw new SigningUnavailableError('The sandbox signing service could not send this envelope.');
      }
      envelope.status = 'sent';
    },
    async voidEnvelope(_accountId, envelopeId) {
      const envelope = envelopes.get(envelopeId);
      if (envelope) envelope.status = 'voided';
    },
  };
}

export interface SandboxEnvelope {
  request: EnvelopeRequest;
  status: 'created' | 'sent' | 'voided';
}
