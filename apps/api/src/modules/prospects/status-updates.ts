import type { Static } from 'typebox';
import { ApiError } from '../../http/errors.js';
import type { Caller } from '../../security/callers.js';
import { sendContract, voidOpenEnvelope } from './contracts.js';
import type { ProspectsDeps } from './deps.js';
import { expirationDate } from './expiry.js';
import type { ProspectRow } from './lookups.js';
import { matrixRate } from './pricing.js';
import { invalid } from './refusals.js';
import type { ProspectStatus, StatusUpdateRequest, StatusUpdateResponse } from './schemas.js';
import * as store from './store.js';
import { allowedTargets, findTransition } from './transitions.js';
import { findVisible } from './visibility.js';

const raced = (prospectId: number) =>
  new ApiError(
    'PROSPECT_STATUS_TRANSITION_REFUSED',
    `Prospect ${prospectId} changed status while this request ran; read it again and retry.`,
  );

/**
 * Who moves a prospect through update-status: their role groups (a transition may need one) and, for the status
 * history, through what and who.
 */
export interface Mover {
  roleGroups: readonly string[];
  trigger: 'update-status' | 'console';
  actor: string;
}

/** The move must be in the transition table (409 otherwise) and, where it names role groups, the mover's (403). */
function checkTransition(mover: Mover, from: ProspectStatus, to: ProspectStatus) {
  const transition = findTransition(from, to, 'update-status');
  if (!transition) {
    const allowed = allowedTargets(from, 'update-status');
    throw new ApiError(
      'PROSPECT_STATUS_TRANSITION_REFUSED',
      `A prospect in status ${from} cannot be moved to ${to}; ` +
        (allowed.length > 0 ? `it may move to ${allowed.join(', ')}.` : `${from} is final.`),
      [`body.newStatus: ${from} → ${to} is not an allowed transition`],
    );
  }
  if (transition.roleGroups && !transition.roleGroups.some((g) => mover.roleGroups.includes(g))) {
    throw new ApiError(
      'PERMISSION_DENIED',
      `Moving a prospect from ${from} to ${to} needs one of the role groups: ${transition.roleGroups.join(', ')}.`,
    );
  }
}

/**
 * What the move changes in the prospect: a re-quote is priced again from the current matrix, a withdrawn contract's
 * envelope is voided, and a re-quote or a contract sent restarts the expiration date.
 */
async function changesOf(
  deps: Pick<ProspectsDeps, 'db' | 'signing' | 'clock'>,
  prospect: ProspectRow,
  { newStatus: to, repReferenceId }: Static<typeof StatusUpdateRequest>,
) {
  const from = prospect.status;
  const now = deps.clock.now().toISOString();
  const changes: store.ProspectChanges = { status: to, modified_at: now };
  if (repReferenceId !== undefined) changes.rep_reference_id = repReferenceId;
  const restartExpiry = () => expirationDate(now, prospect.prospect_expiration_days);
  if (to === 'Quote_Sent' && from === 'Quote_Expired') {
    changes.rate_micros = await matrixRate(deps.db, prospect.company_id, {
      utilityCode: prospect.price_provider_utility_code,
      zone: prospect.zone,
      rateCode: prospect.rate_code,
      term: prospect.term,
      usageTier: prospect.usage_tier,
      startDate: prospect.start_date,
    });
    changes.expiration_date = restartExpiry();
  }
  if (from === 'Contract_Sent' && (to === 'Quote_Sent' || to === 'Canceled')) {
    if (await voidOpenEnvelope(deps, prospect, `Prospect moved to ${to}`))
      changes.signing_status = 'Canceled';
  }
  if (to === 'Contract_Sent') {
    changes.signing_status = 'Created';
    changes.expiration_date = restartExpiry();
  }
  return changes;
}

/**
 * Moves a prospect to another sales status as PROSPECT_STATUS_TRANSITIONS allows; Contract_Sent sends the contract
 * to sign. A prospect that changed while the request ran is refused (409), unchanged. The one way a sales status is
 * moved by hand, by an affiliate's system or by staff in the console.
 */
export async function moveProspect(
  deps: ProspectsDeps,
  mover: Mover,
  prospect: ProspectRow,
  body: Static<typeof StatusUpdateRequest>,
): Promise<Static<typeof StatusUpdateResponse>> {
  const from = prospect.status as ProspectStatus;
  const to = body.newStatus;
  if (body.signingMethod !== undefined && to !== 'Contract_Sent') {
    throw invalid('signingMethod', 'is only for newStatus Contract_Sent');
  }
  checkTransition(mover, from, to);
  const changes = await changesOf(deps, prospect, body);
  const move: store.StatusMove = {
    companyId: prospect.company_id,
    trigger: mover.trigger,
    actor: mover.actor,
    at: changes.modified_at as string,
  };
  const moved =
    to === 'Contract_Sent'
      ? await sendContract(deps, prospect, body.signingMethod ?? 'Remote', (trx) =>
          store.updateProspect(trx, prospect.id, from, changes, move),
        )
      : await store.updateProspect(deps.db, prospect.id, from, changes, move);
  if (!moved) throw raced(prospect.id);
  return { idProspect: prospect.id, previousStatus: from, newStatus: to };
}

/** update-status of the public API: the caller must see the prospect (404 otherwise). */
export async function updateStatus(
  deps: ProspectsDeps,
  caller: Caller,
  prospectId: number,
  body: Static<typeof StatusUpdateRequest>,
): Promise<Static<typeof StatusUpdateResponse>> {
  const prospect = await findVisible(deps.db, caller, prospectId);
  const mover: Mover = {
    roleGroups: caller.roleGroups,
    trigger: 'update-status',
    actor: `web service account ${caller.accountId}`,
  };
  return moveProspect(deps, mover, prospect, body);
}
