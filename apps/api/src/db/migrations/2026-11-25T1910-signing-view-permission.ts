import { type Kysely, sql } from 'kysely';

/**
 * Whoever may move a prospect's status may open its in-person signing view: every account permitted for
 * updateProspectStatus is permitted for the new createProspectSigningView too (accounts permitted for `*` already are).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into account_permissions (account_id, operation_id)
    select account_id, 'createProspectSigningView' from account_permissions
    where operation_id = 'updateProspectStatus'`.execute(db);
}
