import type { Static } from 'typebox';
import type { Page, Paging } from '../../http/envelope.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { StaffCaller } from '../../security/callers.js';
import * as affiliateStore from './affiliate-store.js';
import type { ProspectsDeps } from './deps.js';
import { PROSPECT_FILE_OWNER } from './documents.js';
import { findProspect, type ProspectRow, pageStaffProspects } from './lookups.js';
import type {
  ProspectBoardColumn,
  ProspectCard,
  StaffMove,
  StaffProspect,
  StaffProspectQuery,
} from './ops-schemas.js';
import { present } from './records.js';
import { PROSPECT_STATUSES, type ProspectRequest, type ProspectStatus } from './schemas.js';
import * as signingStore from './signing-store.js';
import { moveProspect } from './status-updates.js';
import * as store from './store.js';
import { allowedTargets } from './transitions.js';

type Card = Static<typeof ProspectCard>;
const BOARD_CARDS = 50;

/**
 * The company's own staff move prospects as its agents do: the update-status transitions, including the approval
 * of a signed contract that only the Agent role group may give.
 */
const STAFF_ROLE_GROUPS = ['Agent'] as const;

function customerNameOf(row: ProspectRow): string {
  const c = JSON.parse(row.customer) as Static<typeof ProspectRequest>['customer'];
  return [c.firstName, c.lastName].filter(Boolean).join(' ') || c.firmName || c.contactName || c.phoneNumber;
}

function toCard(row: ProspectRow): Card {
  return {
    id: row.id,
    customerName: customerNameOf(row),
    affiliate: row.affiliate_id === null ? null : { id: row.affiliate_id, name: row.affiliate_name ?? '' },
    repReferenceId: row.rep_reference_id,
    utilityCode: row.utility_code,
    commodityName: row.commodity_name,
    status: row.status as Card['status'],
    signingStatus: row.signing_status as Card['signingStatus'],
    rate: row.rate_micros / 1_000_000,
    term: row.term,
    expirationDate: row.expiration_date,
    modifiedAt: row.modified_at,
  };
}

const companyScope = (companyId: number) => ({ companyId, affiliateId: null });

/** Prospects and their pipeline as the company's staff see them in the console: every affiliate's. */
export function createStaffProspects(deps: ProspectsDeps) {
  const { db } = deps;

  async function mustFind(companyId: number, prospectId: number) {
    const row = await findProspect(db, companyScope(companyId), prospectId);
    if (!row) throw notFound(`Prospect ${prospectId}`);
    return row;
  }

  async function repOf(row: ProspectRow) {
    if (row.affiliate_id === null || !row.rep_reference_id) return null;
    const rep = await affiliateStore.repByReference(db, row.affiliate_id, row.rep_reference_id);
    return rep ? { id: rep.id, name: rep.name } : null;
  }

  return {
    async list(
      companyId: number,
      query: Static<typeof StaffProspectQuery>,
      paging: Paging,
    ): Promise<Page<Card>> {
      const { rows, total } = await pageStaffProspects(db, companyId, query, paging);
      return { items: rows.map(toCard), total };
    },

    /** Every sales status with its count and most recently changed prospects, in pipeline order. */
    async board(companyId: number, affiliateId?: number): Promise<Static<typeof ProspectBoardColumn>[]> {
      const paging = { pageNumber: 1, pageSize: BOARD_CARDS };
      return Promise.all(
        PROSPECT_STATUSES.map(async (status) => {
          const { rows, total } = await pageStaffProspects(db, companyId, { status, affiliateId }, paging);
          return { status, total, cards: rows.map(toCard) };
        }),
      );
    },

    async get(companyId: number, prospectId: number, baseUrl: string): Promise<Static<typeof StaffProspect>> {
      const row = await mustFind(companyId, prospectId);
      const [prospect, rep, envelopes, history] = await Promise.all([
        present(deps, row, baseUrl),
        repOf(row),
        signingStore.envelopesWithEvents(db, companyId, row.id),
        store.statusChangesOf(db, row.id),
      ]);
      return {
        prospect,
        rep,
        envelopes: envelopes.map((e) => ({
          reference: e.reference,
          envelopeId: e.envelope_id,
          status: e.status,
          signingMethod: e.signing_method as 'Remote' | 'InPerson',
          createdAt: e.created_at,
          statusAt: e.status_at,
          events: e.events.map((event) => ({
            event: event.event,
            signingStatus: event.signing_status as Card['signingStatus'],
            outcome: event.outcome,
            generatedAt: event.generated_at,
            receivedAt: event.received_at,
          })),
        })),
        history: history.map((h) => ({
          from: h.from_status as ProspectStatus,
          to: h.to_status as ProspectStatus,
          trigger: h.trigger,
          actor: h.actor,
          at: h.at,
        })),
        allowedMoves: allowedTargets(row.status, 'update-status'),
      };
    },

    /**
     * Moves the prospect through the same transitions and effects as update-status (a contract is sent, an envelope
     * voided); refused with 409 when it is no longer in the status the staff member saw, or another move won.
     */
    async move(staff: StaffCaller, prospectId: number, body: Static<typeof StaffMove>) {
      const row = await mustFind(staff.companyId, prospectId);
      if (body.expectedStatus !== undefined && body.expectedStatus !== row.status) {
        throw new ApiError(
          'PROSPECT_STATUS_TRANSITION_REFUSED',
          `Prospect ${prospectId} is now ${row.status}, no longer ${body.expectedStatus}; read it again.`,
        );
      }
      const mover = { roleGroups: STAFF_ROLE_GROUPS, trigger: 'console' as const, actor: staff.email };
      return moveProspect(deps, mover, row, { newStatus: body.newStatus });
    },

    /** A document of the prospect, read by staff (another prospect's or company's is not found). */
    async document(companyId: number, prospectId: number, documentId: number) {
      const row = await mustFind(companyId, prospectId);
      const file = await deps.files.read(companyId, documentId);
      if (file.owner_type !== PROSPECT_FILE_OWNER || file.owner_id !== row.id)
        throw notFound(`Document ${documentId}`);
      return file;
    },
  };
}

export type StaffProspects = ReturnType<typeof createStaffProspects>;
