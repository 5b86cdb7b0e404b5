import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { findProspect, type ProspectRow } from './lookups.js';
import type { ProspectStatus, SigningStatus } from './schemas.js';
import * as signingStore from './signing-store.js';
import * as store from './store.js';
import { findTransition, SIGNING_SALES_EFFECT, signingMoveAllowed } from './transitions.js';

const statusesOf = (prospect: ProspectRow) => ({
  idProspect: prospect.id,
  status: prospect.status as ProspectStatus,
  signingStatus: prospect.signing_status as SigningStatus | null,
});

/** The new signing status, and the sales move of SIGNING_SALES_EFFECT when the transition table allows it. */
function signingChanges(
  prospect: ProspectRow,
  signingStatus: SigningStatus,
  now: string,
): store.ProspectChanges {
  const changes: store.ProspectChanges = { signing_status: signingStatus, modified_at: now };
  const salesTarget = SIGNING_SALES_EFFECT[signingStatus];
  if (salesTarget && findTransition(prospect.status, salesTarget, 'signing')) changes.status = salesTarget;
  return changes;
}

/**
 * Applies a signing status reported by the signing service's webhook to the envelope and, when it is the
 * prospect's newest envelope, to the prospect (with the sales move of SIGNING_SALES_EFFECT when the
 * transition table allows it). `instants.at` is when the signing service generated the event (`now` stamps the change): an event older than the one
 * that set the envelope's status changes nothing. Runs in the webhook's transaction.
 */
export async function applySigningStatus(
  trx: Kysely<Database>,
  envelope: { company_id: number; prospect_id: number; envelope_id: string },
  signingStatus: SigningStatus,
  instants: { at: string; now: string },
) {
  const current = await signingStore.moveEnvelopeByEvent(trx, envelope.envelope_id, signingStatus, instants);
  const prospect = await findProspect(
    trx,
    { companyId: envelope.company_id, affiliateId: null },
    envelope.prospect_id,
  );
  if (!prospect) throw notFound(`Prospect of envelope ${envelope.envelope_id}`);
  const result = { ...statusesOf(prospect), changed: false, note: '' };
  const unchanged = (note: string) => ({ ...result, note });
  if (!current) return unchanged('The envelope already has a status from a later event; nothing changed.');
  const latest = await signingStore.latestEnvelope(trx, prospect.id);
  if (latest?.envelope_id !== envelope.envelope_id) {
    return unchanged('The envelope was replaced by a newer one; the prospect is unchanged.');
  }
  if (!signingMoveAllowed(result.signingStatus, signingStatus)) {
    return unchanged(
      `The signing status ${result.signingStatus} does not move to ${signingStatus}; nothing changed.`,
    );
  }
  const changes = signingChanges(prospect, signingStatus, instants.now);
  const move = {
    companyId: prospect.company_id,
    trigger: 'signing',
    actor: 'document-signing service',
    at: instants.now,
  };
  if (
    !(await store.updateProspect(trx, prospect.id, prospect.status, changes, move, prospect.signing_status))
  ) {
    return unchanged('The prospect changed while this event was processed; nothing changed.');
  }
  return {
    ...result,
    status: (changes.status ?? prospect.status) as ProspectStatus,
    signingStatus,
    changed: true,
    note: changes.status
      ? `Signing status ${signingStatus}; sales status ${changes.status}.`
      : `Signing status ${signingStatus}.`,
  };
}

/** The prospect's statuses now (a replayed webhook answers with them). */
export async function currentStatuses(db: Kysely<Database>, companyId: number, prospectId: number) {
  const prospect = await findProspect(db, { companyId, affiliateId: null }, prospectId);
  if (!prospect) throw notFound(`Prospect ${prospectId}`);
  return statusesOf(prospect);
}
