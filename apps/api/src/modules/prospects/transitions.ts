import type { ProspectStatus, SigningStatus } from './schemas.js';

/**
 * Who moves a prospect's sales status:
 * - `update-status`: the affiliate's sales system or an integration, through POST /prospects/{id}/update-status;
 * - `expiry`: the `expire-prospects` background task, the day after `expirationDate`;
 * - `signing`: a signed webhook of the document-signing service (POST /webhooks/docusign).
 */
export type TransitionTrigger = 'update-status' | 'expiry' | 'signing';

export interface ProspectTransition {
  from: ProspectStatus;
  to: ProspectStatus;
  by: TransitionTrigger;
  /** Only callers holding one of these role groups may make this move (default: every prospect role). */
  roleGroups?: readonly string[];
  /** What else happens, in words (the docs site prints it next to the diagram). */
  effect: string;
}

/**
 * The one table of sales status moves. Anything not listed is refused (409 PROSPECT_STATUS_TRANSITION_REFUSED).
 *
 * How the two status fields interact:
 * - Entering Contract_Sent creates an envelope at the signing service (signingStatus Created) and sends it
 *   (signingStatus Unsigned; OnHold when sending failed). The signing status then follows the webhooks only.
 * - signingStatus Completed moves Contract_Sent to Contract_Signed; signingStatus Expired (the envelope
 *   expired at the signing service) moves Contract_Sent to Contract_Expired. A declined or voided envelope
 *   (signingStatus Canceled) leaves the sales status alone: the affiliate re-quotes, re-sends or cancels.
 * - Leaving Contract_Sent through update-status (Quote_Sent, Canceled) or expiry voids the open envelope:
 *   signingStatus Canceled (or Expired for expiry).
 * - Contract_Approved and Canceled are final.
 */
export const PROSPECT_STATUS_TRANSITIONS: readonly ProspectTransition[] = [
  { from: 'New', to: 'Contacted', by: 'update-status', effect: 'The customer was reached.' },
  { from: 'New', to: 'Quote_Sent', by: 'update-status', effect: 'A quote was given at the matrix rate.' },
  { from: 'New', to: 'Canceled', by: 'update-status', effect: 'Final.' },
  { from: 'New', to: 'Quote_Expired', by: 'expiry', effect: 'The expiration date passed.' },
  {
    from: 'Contacted',
    to: 'Quote_Sent',
    by: 'update-status',
    effect: 'A quote was given at the matrix rate.',
  },
  { from: 'Contacted', to: 'Canceled', by: 'update-status', effect: 'Final.' },
  { from: 'Contacted', to: 'Quote_Expired', by: 'expiry', effect: 'The expiration date passed.' },
  {
    from: 'Quote_Sent',
    to: 'Contract_Sent',
    by: 'update-status',
    effect:
      'Creates and sends a signing envelope (signingStatus Created, then Unsigned) and restarts the expiration date.',
  },
  { from: 'Quote_Sent', to: 'Canceled', by: 'update-status', effect: 'Final.' },
  { from: 'Quote_Sent', to: 'Quote_Expired', by: 'expiry', effect: 'The expiration date passed.' },
  {
    from: 'Quote_Expired',
    to: 'Quote_Sent',
    by: 'update-status',
    effect: 'Re-quote: the rate is priced again from the current matrix and the expiration date restarts.',
  },
  { from: 'Quote_Expired', to: 'Canceled', by: 'update-status', effect: 'Final.' },
  {
    from: 'Contract_Sent',
    to: 'Contract_Signed',
    by: 'signing',
    effect: 'Every signer signed: signingStatus Completed.',
  },
  {
    from: 'Contract_Sent',
    to: 'Contract_Expired',
    by: 'signing',
    effect: 'The envelope expired at the signing service: signingStatus Expired.',
  },
  {
    from: 'Contract_Sent',
    to: 'Contract_Expired',
    by: 'expiry',
    effect: 'The expiration date passed: the envelope is voided, signingStatus Expired.',
  },
  {
    from: 'Contract_Sent',
    to: 'Quote_Sent',
    by: 'update-status',
    effect: 'The contract is withdrawn to re-quote: the envelope is voided, signingStatus Canceled.',
  },
  {
    from: 'Contract_Sent',
    to: 'Canceled',
    by: 'update-status',
    effect: 'Final: the envelope is voided, signingStatus Canceled.',
  },
  {
    from: 'Contract_Expired',
    to: 'Contract_Sent',
    by: 'update-status',
    effect: 'A new envelope is created and sent and the expiration date restarts.',
  },
  { from: 'Contract_Expired', to: 'Canceled', by: 'update-status', effect: 'Final.' },
  {
    from: 'Contract_Signed',
    to: 'Contract_Approved',
    by: 'update-status',
    roleGroups: ['Agent', 'Integration'],
    effect: "The retail company approved the signed contract (not the affiliate's call). Final.",
  },
  { from: 'Contract_Signed', to: 'Canceled', by: 'update-status', effect: 'Final.' },
];

export function findTransition(
  from: string,
  to: string,
  by: TransitionTrigger,
): ProspectTransition | undefined {
  return PROSPECT_STATUS_TRANSITIONS.find((t) => t.from === from && t.to === to && t.by === by);
}

export function allowedTargets(from: string, by: TransitionTrigger): ProspectStatus[] {
  return PROSPECT_STATUS_TRANSITIONS.filter((t) => t.from === from && t.by === by).map((t) => t.to);
}

/** Statuses whose prospects the expiry task moves, and where to. */
export const EXPIRY_TARGETS = Object.fromEntries(
  PROSPECT_STATUS_TRANSITIONS.filter((t) => t.by === 'expiry').map((t) => [t.from, t.to]),
) as Partial<Record<ProspectStatus, ProspectStatus>>;

/**
 * Signing-service events (DocuSign Connect 2.0 `event` names) and the signing status each one means.
 * Events not listed (envelope-delivered, recipient-delivered, …) are recorded and change nothing.
 * `envelope-voided` means Expired when the void reason says the envelope expired, Canceled otherwise.
 */
export const SIGNING_EVENT_STATUS: Record<string, SigningStatus> = {
  'envelope-created': 'Created',
  'envelope-sent': 'Unsigned',
  'envelope-resent': 'Unsigned',
  'recipient-sent': 'Unsigned',
  'recipient-autoresponded': 'OnHold',
  'recipient-authenticationfailed': 'OnHold',
  'recipient-completed': 'PartiallySigned',
  'envelope-completed': 'Completed',
  'envelope-declined': 'Canceled',
  'recipient-declined': 'Canceled',
  'envelope-voided': 'Canceled',
  'envelope-deleted': 'Canceled',
};

const SIGNING_RANK: Record<SigningStatus, number> = {
  Created: 0,
  OnHold: 1,
  Unsigned: 1,
  PartiallySigned: 2,
  Completed: 3,
  Expired: 3,
  Canceled: 3,
};

/**
 * The signing status only moves forward: Created, then Unsigned or OnHold (back and forth), then
 * PartiallySigned, then one of the final Completed, Expired, Canceled. A late or out-of-order event is
 * recorded and changes nothing.
 */
export function signingMoveAllowed(from: SigningStatus | null, to: SigningStatus): boolean {
  if (from === null) return true;
  if (from === to || SIGNING_RANK[from] === 3) return false;
  return SIGNING_RANK[to] >= SIGNING_RANK[from];
}

/** The sales status a new signing status brings, when the table allows it. */
export const SIGNING_SALES_EFFECT: Partial<Record<SigningStatus, ProspectStatus>> = {
  Completed: 'Contract_Signed',
  Expired: 'Contract_Expired',
};

export const PROSPECT_ROLE_GROUPS = ['Affiliate', 'Agent', 'Integration'] as const;

export interface ProspectPermission {
  operationId: string;
  action: string;
  roleGroups: readonly string[];
  note: string;
}

const AFFILIATE_SCOPE =
  "An account linked to an affiliate (and not an Agent) only sees and changes its own affiliate's prospects.";

/**
 * Which role group may call which prospect operation. The routes take their `roleGroups` from this table and
 * the docs page "Prospect Role Permissions" is generated from it. The account must also be permitted for the
 * operationId (per-account permissions).
 */
export const PROSPECT_ROLE_PERMISSIONS: readonly ProspectPermission[] = [
  {
    operationId: 'createProspect',
    action: 'Create a priced prospect',
    roleGroups: PROSPECT_ROLE_GROUPS,
    note: 'A linked account creates prospects of its affiliate.',
  },
  {
    operationId: 'listProspects',
    action: 'List prospects changed in a window',
    roleGroups: PROSPECT_ROLE_GROUPS,
    note: AFFILIATE_SCOPE,
  },
  {
    operationId: 'getProspect',
    action: 'Read one prospect',
    roleGroups: PROSPECT_ROLE_GROUPS,
    note: AFFILIATE_SCOPE,
  },
  {
    operationId: 'uploadProspectDocument',
    action: 'Attach a document to a prospect',
    roleGroups: PROSPECT_ROLE_GROUPS,
    note: AFFILIATE_SCOPE,
  },
  {
    operationId: 'updateProspectStatus',
    action: 'Move a prospect along the sales pipeline',
    roleGroups: PROSPECT_ROLE_GROUPS,
    note: `${AFFILIATE_SCOPE} Contract_Signed → Contract_Approved needs the Agent or Integration role group.`,
  },
  {
    operationId: 'createProspectSigningView',
    action: 'Open a one-time signing URL for an in-person contract',
    roleGroups: PROSPECT_ROLE_GROUPS,
    note: `Whoever may move the prospect's status. ${AFFILIATE_SCOPE}`,
  },
  {
    operationId: 'getPricingMatrixRules',
    action: 'Read the pricing matrix rules',
    roleGroups: PROSPECT_ROLE_GROUPS,
    note: '',
  },
  {
    operationId: 'listProspectPackages',
    action: 'List prospect packages',
    roleGroups: PROSPECT_ROLE_GROUPS,
    note: '',
  },
  {
    operationId: 'importPricingMatrix',
    action: 'Import a pricing matrix file (replaces the matrix)',
    roleGroups: ['Agent'],
    note: 'Also available to operators as `npm run import:pricing-matrix -w @voltin/api -- <company-slug> <file.csv>`.',
  },
];

export function roleGroupsFor(operationId: string): string[] {
  const entry = PROSPECT_ROLE_PERMISSIONS.find((p) => p.operationId === operationId);
  if (!entry) throw new Error(`No prospect role permission for ${operationId}`);
  return [...entry.roleGroups];
}
