import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import { SigningRefusedError, SigningUnavailableError } from '../../adapters/document-signing/port.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import type { ProspectsDeps } from './deps.js';
import { PROSPECT_FILE_OWNER } from './documents.js';
import type { ProspectRow } from './lookups.js';
import type { ProspectRequest, SigningMethod, SigningStatus } from './schemas.js';
import * as signingStore from './signing-store.js';
import * as store from './store.js';
import { signingMoveAllowed } from './transitions.js';

type Deps = Pick<ProspectsDeps, 'db' | 'files' | 'signing' | 'log' | 'clock'>;

const nowOf = ({ clock }: Pick<ProspectsDeps, 'clock'>) => clock.now().toISOString();

/** The customer who signs the contract, as the signing service knows them. */
export function signerOf(prospect: ProspectRow) {
  const customer = JSON.parse(prospect.customer) as Static<typeof ProspectRequest>['customer'];
  const name =
    [customer.firstName, customer.lastName].filter(Boolean).join(' ') ||
    customer.contactName ||
    customer.firmName ||
    'Customer';
  return { name, email: customer.email ?? null, phone: customer.phoneNumber };
}

/** The signing service's failure as the API's answer: 503 when it did not answer, 422 when it refused. */
export function signingFailure(error: unknown, what: string): unknown {
  if (error instanceof SigningUnavailableError)
    return new ApiError(
      'UPSTREAM_UNAVAILABLE',
      `The document-signing service did not ${what}: ${error.message}`,
    );
  if (error instanceof SigningRefusedError)
    return new ApiError(
      'SIGNING_REFUSED',
      `The document-signing service refused to ${what}: ${error.message}`,
    );
  return error;
}

type ContractEnvelope = Awaited<ReturnType<typeof createContractEnvelope>>;

/**
 * Creates the contract envelope, recorded first under a new reference so the signing service never holds an
 * envelope Voltin has no row of; when the service does not create it, the record is dropped and nothing changed.
 * In person, the signer is captive: the prospect's id is their clientUserId, which every signing view names.
 */
async function createContractEnvelope(deps: Deps, prospect: ProspectRow, method: SigningMethod) {
  const { db, files, signing } = deps;
  const account = await signingStore.findSigningAccount(db, prospect.company_id);
  if (!account) {
    throw new ApiError(
      'SIGNING_NOT_CONFIGURED',
      'This retail company has no document-signing account, so a contract cannot be sent.',
    );
  }
  const clientUserId = method === 'InPerson' ? String(prospect.id) : null;
  const documents = account.template_id
    ? []
    : await files.contents(prospect.company_id, PROSPECT_FILE_OWNER, prospect.id);
  const reference = `prospect-${prospect.id}-${randomUUID()}`;
  const rowId = await signingStore.recordEnvelope(
    db,
    {
      companyId: prospect.company_id,
      prospectId: prospect.id,
      signingAccountId: account.id,
      reference,
      signingMethod: method,
      clientUserId,
    },
    nowOf(deps),
  );
  try {
    const { envelopeId } = await signing.createEnvelope({
      accountId: account.account_id,
      emailSubject: `Your ${prospect.utility_name} electricity contract`,
      signer: { ...signerOf(prospect), clientUserId },
      documents: documents.map((d) => ({
        name: d.file_name,
        contentType: d.content_type,
        content: d.content,
      })),
      template: account.template_id
        ? { templateId: account.template_id, roleName: account.template_role ?? 'Signer' }
        : null,
      reference,
    });
    return { rowId, envelopeId, accountId: account.account_id };
  } catch (error) {
    await signingStore.forgetEnvelope(db, rowId);
    throw signingFailure(error, 'create the contract envelope');
  }
}

/** The prospect moved on while its envelope was being created: the envelope is voided and recorded Canceled. */
async function cancelUnused(deps: Deps, envelope: ContractEnvelope) {
  await deps.signing
    .voidEnvelope(envelope.accountId, envelope.envelopeId, 'Prospect changed meanwhile')
    .catch(() => {});
  await signingStore.setEnvelopeCreated(deps.db, envelope.rowId, envelope.envelopeId, nowOf(deps));
  await signingStore.setEnvelopeStatus(deps.db, envelope.envelopeId, 'Canceled', nowOf(deps));
}

/** Sends the created envelope: signingStatus Unsigned, or OnHold when the signing service could not send it. */
async function deliver(deps: Deps, prospectId: number, envelope: ContractEnvelope) {
  const { db, signing, log } = deps;
  let sent: SigningStatus = 'Unsigned';
  try {
    await signing.sendEnvelope(envelope.accountId, envelope.envelopeId);
  } catch (error) {
    if (!(error instanceof SigningUnavailableError || error instanceof SigningRefusedError)) throw error;
    log.warn(
      { prospectId, envelopeId: envelope.envelopeId, err: error },
      'contract envelope not sent; on hold',
    );
    sent = 'OnHold';
  }
  await signingStore.setEnvelopeStatus(db, envelope.envelopeId, sent, nowOf(deps));
  await store.moveSigningStatus(db, prospectId, 'Created', sent);
}

/**
 * Sends the prospect its contract: the envelope is created (signingStatus Created) and recorded in the same
 * transaction as `move`, the prospect's own change, then sent (Unsigned) or held (OnHold). False, with the envelope
 * voided, when `move` lost a race.
 */
export async function sendContract(
  deps: Deps,
  prospect: ProspectRow,
  method: SigningMethod,
  move: (trx: Kysely<Database>) => Promise<boolean>,
): Promise<boolean> {
  const envelope = await createContractEnvelope(deps, prospect, method);
  const moved = await deps.db.transaction().execute(async (trx) => {
    if (!(await move(trx))) return false;
    await signingStore.setEnvelopeCreated(trx, envelope.rowId, envelope.envelopeId, nowOf(deps));
    return true;
  });
  if (!moved) {
    await cancelUnused(deps, envelope);
    return false;
  }
  await deliver(deps, prospect.id, envelope);
  return true;
}

/** Voids the prospect's open envelope when it has one; true when it did (the prospect's signingStatus is Canceled). */
export async function voidOpenEnvelope(
  deps: Pick<ProspectsDeps, 'db' | 'signing' | 'clock'>,
  prospect: ProspectRow,
  reason: string,
) {
  const { db, signing } = deps;
  const envelope = await signingStore.latestEnvelope(db, prospect.id);
  if (!envelope || !signingMoveAllowed(prospect.signing_status as SigningStatus | null, 'Canceled'))
    return false;
  try {
    await signing.voidEnvelope(envelope.account_id, envelope.envelope_id, reason);
  } catch (error) {
    throw signingFailure(error, 'void the envelope');
  }
  await signingStore.setEnvelopeStatus(db, envelope.envelope_id, 'Canceled', nowOf(deps));
  return true;
}

/** The prospect expired with its contract out: its envelope is voided (a failure is only logged) and Expired. */
export async function expireEnvelope(
  deps: Pick<ProspectsDeps, 'db' | 'signing' | 'log' | 'clock'>,
  prospectId: number,
) {
  const { db, signing, log } = deps;
  const envelope = await signingStore.latestEnvelope(db, prospectId);
  if (!envelope) return;
  await signing
    .voidEnvelope(envelope.account_id, envelope.envelope_id, 'Envelope has expired.')
    .catch((error: unknown) =>
      log.warn(
        { err: error, envelopeId: envelope.envelope_id },
        'could not void an expired contract envelope',
      ),
    );
  await signingStore.setEnvelopeStatus(db, envelope.envelope_id, 'Expired', nowOf(deps));
}
