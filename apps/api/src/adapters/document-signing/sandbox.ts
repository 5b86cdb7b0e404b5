import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type DocumentSigningPort, SigningRefusedError, SigningUnavailableError } from './port.js';

/** The sandbox service's own state of an envelope, kept in signing_envelopes.sandbox_state. */
export type SandboxEnvelopeState = 'created' | 'unsendable' | 'sent' | 'voided';

/**
 * The in-process signing service used by the sandbox (never in production: src/app.ts picks DocuSign there).
 * Envelope ids are real GUIDs, so the webhook path is the same as with DocuSign: post a Connect event signed with
 * the company's Connect key to drive the status. It keeps its side of each envelope in the `sandbox_state` column of
 * the row the caller recorded under the envelope's reference, so sandbox envelopes survive a restart and are the
 * same on every node; it writes no other column.
 *
 * Sandbox test values (inert outside this adapter): a signer whose name ends with "Offline" makes the
 * service unreachable when the envelope is created; one whose name ends with "Unsent" gets an envelope that
 * is created but cannot be sent (the prospect's signing status stays OnHold until it is sent again).
 */
export function createSandboxSigning(db: Kysely<Database>): DocumentSigningPort {
  const stateOf = async (envelopeId: string) =>
    (
      await db
        .selectFrom('signing_envelopes')
        .select('sandbox_state')
        .where('envelope_id', '=', envelopeId)
        .executeTakeFirst()
    )?.sandbox_state as SandboxEnvelopeState | null | undefined;
  const setState = (envelopeId: string, state: SandboxEnvelopeState) =>
    db
      .updateTable('signing_envelopes')
      .set({ sandbox_state: state })
      .where('envelope_id', '=', envelopeId)
      .execute();

  return {
    async createEnvelope(request) {
      if (request.signer.name.endsWith('Offline')) {
        throw new SigningUnavailableError('The sandbox signing service is offline for this signer.');
      }
      const state: SandboxEnvelopeState = request.signer.name.endsWith('Unsent') ? 'unsendable' : 'created';
      const recorded = await db
        .updateTable('signing_envelopes')
        .set({ sandbox_state: state })
        .where('reference', '=', request.reference)
        .where('envelope_id', 'is', null)
        .executeTakeFirst();
      if (Number(recorded.numUpdatedRows) !== 1) {
        throw new SigningRefusedError(`No envelope is recorded under the reference ${request.reference}.`);
      }
      return { envelopeId: randomUUID() };
    },
    async sendEnvelope(_accountId, envelopeId) {
      const state = await stateOf(envelopeId);
      if (!state) throw new SigningUnavailableError(`Envelope ${envelopeId} does not exist.`);
      if (state === 'unsendable') {
        throw new SigningUnavailableError('The sandbox signing service could not send this envelope.');
      }
      if (state === 'voided') throw new SigningRefusedError(`Envelope ${envelopeId} is voided.`);
      await setState(envelopeId, 'sent');
    },
    async voidEnvelope(_accountId, envelopeId) {
      await setState(envelopeId, 'voided');
    },
  };
}
