import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import type { LinkSigner } from '../../security/signed-urls.js';
import {
  type DocumentSigningPort,
  RECIPIENT_VIEW_LIFETIME_SECONDS,
  SigningRefusedError,
  SigningUnavailableError,
} from './port.js';
import {
  findSandboxEnvelope,
  moveSandboxEnvelope,
  recordSandboxEnvelope,
  setSandboxEnvelopeState,
} from './store.js';

/** The sandbox service's own state of an envelope, kept in its own table (sandbox_signing_envelopes). */
export type SandboxEnvelopeState = 'created' | 'unsendable' | 'sent' | 'voided' | 'completed' | 'declined';

/** Where the sandbox signing page is served (src/modules/prospects/signing-page.ts): its signing views. */
export const SANDBOX_SIGNING_PATH = '/api/v1/sandbox-signing';

/** What a signing view link of the sandbox stands for, as the signing page reads it back. */
export type SandboxViewLink =
  | { status: 'valid' | 'expired'; envelopeId: string; returnUrl: URL }
  | { status: 'invalid' };

export interface SandboxSigning extends DocumentSigningPort {
  /** The sandbox's own state of an envelope; undefined for an envelope it does not have. */
  stateOf(envelopeId: string): Promise<SandboxEnvelopeState | undefined>;
  /** Reads a signing view link as it arrived (`request.url`): altered or foreign links are invalid. */
  readViewLink(url: string): SandboxViewLink;
  /**
   * The signer signed or declined on the signing page: the envelope leaves `sent`, once (false when it already had).
   * Runs in the caller's transaction, beside the status change a Connect event would have brought.
   */
  finish(trx: Kysely<Database>, envelopeId: string, outcome: 'completed' | 'declined'): Promise<boolean>;
}

export interface SandboxSigningOptions {
  db: Kysely<Database>;
  /** Signs the signing view links, as download links and hosted payment pages are signed. */
  linkSigner: LinkSigner;
  clock: Clock;
  /** The public base URL, read at each call (a test server learns its port after it started). */
  publicBaseUrl: () => string;
}

/**
 * The in-process signing service used by the sandbox (never in production: src/app.ts picks DocuSign there).
 * Envelope ids are real GUIDs, so the webhook path is the same as with DocuSign: post a Connect event signed with
 * the company's Connect key to drive the status. It keeps its side of each envelope (its state and captive signer)
 * in its own table, sandbox_signing_envelopes (store.ts), so sandbox envelopes survive a restart and are the same
 * on every node.
 *
 * A signing view of an in-person envelope is a signed link to the sandbox signing page, valid for as long as a
 * DocuSign one; the page plays DocuSign's signing session (see SANDBOX_SIGNING_PATH).
 *
 * Sandbox test values (inert outside this adapter): a signer whose name ends with "Offline" makes the
 * service unreachable when the envelope is created; one whose name ends with "Unsent" gets an envelope that
 * is created but cannot be sent (the prospect's signing status stays OnHold until it is sent again).
 */
export function createSandboxSigning({
  db,
  linkSigner,
  clock,
  publicBaseUrl,
}: SandboxSigningOptions): SandboxSigning {
  const stateOf = async (envelopeId: string) =>
    (await findSandboxEnvelope(db, envelopeId))?.state as SandboxEnvelopeState | undefined;
  const setState = (envelopeId: string, state: SandboxEnvelopeState) =>
    setSandboxEnvelopeState(db, envelopeId, state);

  return {
    stateOf,
    async createEnvelope(request) {
      if (request.signer.name.endsWith('Offline')) {
        throw new SigningUnavailableError('The sandbox signing service is offline for this signer.');
      }
      const state: SandboxEnvelopeState = request.signer.name.endsWith('Unsent') ? 'unsendable' : 'created';
      const envelopeId = randomUUID();
      await recordSandboxEnvelope(db, {
        envelope_id: envelopeId,
        state,
        client_user_id: request.signer.clientUserId,
        created_at: clock.now().toISOString(),
      });
      return { envelopeId };
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
    // Like DocuSign: only a sent envelope, only for its captive signer (the sandbox keeps no names to compare).
    async createRecipientView(_accountId, envelopeId, { returnUrl, signer }) {
      const envelope = await findSandboxEnvelope(db, envelopeId);
      if (!envelope) throw new SigningRefusedError(`Envelope ${envelopeId} does not exist.`);
      if (envelope.state !== 'sent') {
        throw new SigningRefusedError(
          `ENVELOPE_INVALID_STATUS: envelope ${envelopeId} is ${envelope.state}, not sent.`,
        );
      }
      if (!envelope.client_user_id || envelope.client_user_id !== signer.clientUserId) {
        throw new SigningRefusedError(
          `UNKNOWN_ENVELOPE_RECIPIENT: envelope ${envelopeId} has no captive signer ${signer.clientUserId}.`,
        );
      }
      const path = `${SANDBOX_SIGNING_PATH}/${envelopeId}?${new URLSearchParams({ returnUrl })}`;
      return { url: `${publicBaseUrl()}${linkSigner.sign(path, RECIPIENT_VIEW_LIFETIME_SECONDS)}` };
    },
    async voidEnvelope(_accountId, envelopeId) {
      await setState(envelopeId, 'voided');
    },
    readViewLink(url) {
      const check = linkSigner.check(url);
      const match = new RegExp(`^${SANDBOX_SIGNING_PATH}/([0-9a-f-]{36})\\?`).exec(url);
      const returnUrl = new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('returnUrl');
      if (check === 'invalid' || !match || !returnUrl) return { status: 'invalid' };
      return { status: check, envelopeId: match[1]!, returnUrl: new URL(returnUrl) };
    },
    finish(trx, envelopeId, outcome) {
      return moveSandboxEnvelope(trx, envelopeId, 'sent', outcome);
    },
  };
}
