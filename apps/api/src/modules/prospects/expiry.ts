import { addDays } from '../../domain/dates.js';
import { expireEnvelope } from './contracts.js';
import type { ProspectsDeps } from './deps.js';
import type { ProspectStatus, SigningStatus } from './schemas.js';
import * as store from './store.js';
import { EXPIRY_TARGETS, signingMoveAllowed } from './transitions.js';

/** A prospect quoted or sent a contract at `now` expires this many days later (its customer type's). */
export const expirationDate = (now: string, days: number) => addDays(now.slice(0, 10), days);

type DueProspect = Awaited<ReturnType<typeof store.listExpired>>[number];

/**
 * Moves one prospect past its expiration date on; false when it changed meanwhile. The move is made first and the
 * contract envelope voided only once it holds: a prospect that changed meanwhile (signed, re-quoted) keeps its
 * envelope.
 */
async function expire(
  deps: Pick<ProspectsDeps, 'db' | 'signing' | 'log' | 'clock'>,
  row: DueProspect,
  now: string,
) {
  const changes: store.ProspectChanges = {
    status: EXPIRY_TARGETS[row.status as ProspectStatus]!,
    modified_at: now,
  };
  const envelopeExpires =
    row.status === 'Contract_Sent' &&
    signingMoveAllowed(row.signing_status as SigningStatus | null, 'Expired');
  if (envelopeExpires) changes.signing_status = 'Expired';
  const moved = await store.updateProspect(deps.db, row.id, row.status, changes, {
    companyId: row.company_id,
    trigger: 'expiry',
    actor: 'expire-prospects task',
    at: now,
  });
  if (moved && envelopeExpires) await expireEnvelope(deps, row.id);
  return moved;
}

/**
 * The expiry sweep: prospects whose expirationDate has passed move to Quote_Expired or Contract_Expired
 * (PROSPECT_STATUS_TRANSITIONS, trigger `expiry`) and their modifiedAt changes, so a sync lists them.
 */
export async function expireDue(
  deps: Pick<ProspectsDeps, 'db' | 'signing' | 'log' | 'clock'>,
): Promise<string> {
  const now = deps.clock.now().toISOString();
  const due = await store.listExpired(deps.db, Object.keys(EXPIRY_TARGETS), now.slice(0, 10));
  let expired = 0;
  for (const row of due) {
    if (await expire(deps, row, now)) expired++;
  }
  return `expired ${expired} prospect${expired === 1 ? '' : 's'}`;
}
