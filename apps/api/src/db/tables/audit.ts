import type { Generated } from 'kysely';

/** One change made through the Operations console; append-only (a trigger refuses UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>;
  company_id: number;
  /** ISO-8601 UTC. */
  at: string;
  /** Null for a change made by an operator's command. */
  staff_user_id: number | null;
  /** The staff member's email, or the command that made the change. */
  actor: string;
  ip: string;
  /** What was done, `<area>.<verb>` (e.g. `enrollment.release-hold`). */
  action: string;
  target_type: string;
  target_id: string;
  /** One line a person reads in the log. */
  summary: string;
  /** JSON of what changed, personal data masked. */
  before_json: string | null;
  after_json: string | null;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
