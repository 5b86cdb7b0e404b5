import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../domain/clock.js';
import type { Page, Paging } from '../../http/envelope.js';
import { maskPersonalData } from './masking.js';
import { type AuditFilter, type AuditRow, appendAuditRow, searchAuditRows } from './store.js';

/** Who made a change: a staff member's session, or an operator's command (no staff user). */
export interface AuditActor {
  companyId: number;
  staffUserId: number | null;
  actor: string;
  ip: string;
}

export interface AuditChange {
  /** `<area>.<verb>`, e.g. `enrollment.release-hold`. */
  action: string;
  targetType: string;
  targetId: string | number;
  summary: string;
  before?: unknown;
  after?: unknown;
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  ip: string;
  action: string;
  targetType: string;
  targetId: string;
  summary: string;
  before: unknown;
  after: unknown;
}

const asJson = (value: unknown) => (value === undefined ? null : JSON.stringify(maskPersonalData(value)));

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at,
  actor: row.actor,
  ip: row.ip,
  action: row.action,
  targetType: row.target_type,
  targetId: row.target_id,
  summary: row.summary,
  before: row.before_json === null ? null : JSON.parse(row.before_json),
  after: row.after_json === null ? null : JSON.parse(row.after_json),
});

/** The append-only record of changes made through the console (the database refuses edits and deletions). */
export function createAuditLog(db: Kysely<Database>, clock: Clock) {
  return {
    /** Appends the change; `within` is the transaction of the change itself when it has one. */
    async record(by: AuditActor, change: AuditChange, within: Kysely<Database> = db): Promise<void> {
      await appendAuditRow(within, {
        company_id: by.companyId,
        at: clock.now().toISOString(),
        staff_user_id: by.staffUserId,
        actor: by.actor,
        ip: by.ip,
        action: change.action,
        target_type: change.targetType,
        target_id: String(change.targetId),
        summary: change.summary,
        before_json: asJson(change.before),
        after_json: asJson(change.after),
      });
    },

    async search(companyId: number, filter: AuditFilter, paging: Paging): Promise<Page<AuditEntry>> {
      const { items, total } = await searchAuditRows(db, companyId, filter, paging);
      return { items: items.map(toEntry), total };
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
