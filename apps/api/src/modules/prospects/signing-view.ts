import type { Static } from 'typebox';
import { RECIPIENT_VIEW_LIFETIME_SECONDS } from '../../adapters/document-signing/port.js';
import type { Mode } from '../../config/index.js';
import { parsedHttpUrl } from '../../http/absolute-url.js';
import { ApiError } from '../../http/errors.js';
import type { Caller } from '../../security/callers.js';
import { signerOf, signingFailure } from './contracts.js';
import type { ProspectsDeps } from './deps.js';
import type { ProspectRow } from './lookups.js';
import { invalid } from './refusals.js';
import type { SigningView, SigningViewRequest } from './schemas.js';
import * as signingStore from './signing-store.js';
import { findVisible } from './visibility.js';

/**
 * Where the signing service may send the signer's browser back to: an absolute https URL; plain http only to this
 * machine outside production (a developer's own app), as no real signing session should return in the clear.
 */
function signingReturnUrl(value: string, mode: Mode): string {
  const url = parsedHttpUrl(value);
  const local = url !== null && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url?.protocol === 'https:' || (url?.protocol === 'http:' && local && mode !== 'production')) {
    return url.href;
  }
  throw invalid(
    'returnUrl',
    mode === 'production'
      ? 'must be an absolute https URL'
      : 'must be an absolute https URL (or http on localhost, outside production)',
  );
}

/** The prospect's envelope the customer can sign in person now; 409 saying why there is none. */
async function inPersonEnvelope(deps: Pick<ProspectsDeps, 'db'>, prospect: ProspectRow) {
  const envelope = await signingStore.latestEnvelope(deps.db, prospect.id);
  if (!envelope) {
    throw new ApiError(
      'SIGNING_NO_ENVELOPE',
      `Prospect ${prospect.id} has no contract envelope: move it to Contract_Sent with signingMethod InPerson first.`,
    );
  }
  if (['Completed', 'Canceled', 'Expired'].includes(envelope.status)) {
    throw new ApiError(
      'SIGNING_ENVELOPE_CLOSED',
      `The contract envelope of prospect ${prospect.id} is ${envelope.status === 'Canceled' ? 'declined or voided' : envelope.status.toLowerCase()} (signingStatus ${envelope.status}); nobody can sign it any more.`,
    );
  }
  if (envelope.signing_method !== 'InPerson' || !envelope.client_user_id) {
    throw new ApiError(
      'SIGNING_NOT_IN_PERSON',
      `The contract of prospect ${prospect.id} was sent for remote signing: the customer signs from the link the signing service sent them.`,
    );
  }
  if (!['Unsigned', 'PartiallySigned'].includes(envelope.status)) {
    throw new ApiError(
      'SIGNING_ENVELOPE_NOT_SENT',
      `The contract envelope of prospect ${prospect.id} was not sent by the signing service (signingStatus ${envelope.status}); withdraw it (Quote_Sent) and send it again.`,
    );
  }
  return { ...envelope, client_user_id: envelope.client_user_id };
}

/**
 * A one-time URL where the customer signs the prospect's open in-person contract now. The envelope's state is
 * checked here first, so each refusal says what to do; the signing service decides the rest.
 */
export async function createSigningView(
  deps: Pick<ProspectsDeps, 'db' | 'signing' | 'mode' | 'clock'>,
  caller: Caller,
  prospectId: number,
  body: Static<typeof SigningViewRequest>,
): Promise<Static<typeof SigningView>> {
  const returnUrl = signingReturnUrl(body.returnUrl, deps.mode);
  const prospect = await findVisible(deps.db, caller, prospectId);
  const envelope = await inPersonEnvelope(deps, prospect);
  // Stated before asking: the URL lives five minutes from when the signing service made it, which is later.
  const expiresAt = new Date(
    deps.clock.now().getTime() + RECIPIENT_VIEW_LIFETIME_SECONDS * 1000,
  ).toISOString();
  const { name, email } = signerOf(prospect);
  try {
    const { url } = await deps.signing.createRecipientView(envelope.account_id, envelope.envelope_id, {
      returnUrl,
      signer: { name, email, clientUserId: envelope.client_user_id },
    });
    return { url, expiresAt };
  } catch (error) {
    throw signingFailure(error, 'open the signing view');
  }
}
