import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AuditLogTable } from '../../db/tables/audit.js';
import type { Page, Paging } from '../../http/envelope.js';

export type AuditRow = Selectable<AuditLogTable>;

export const appendAuditRow = (db: Kysely<Database>, row: Insertable<AuditLogTable>) =>
  db.insertInto('audit_log').values(row).execute();

export interface AuditFilter {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** ISO instants, `from` included, `to` excluded. */
  from?: string;
  to?: string;
}

/** Newest first, by the company index; every filter is an equality or a range on indexed or narrow columns. */
export async function searchAuditRows(
  db: Kysely<Database>,
  companyId: number,
  filter: AuditFilter,
  paging: Paging,
): Promise<Page<AuditRow>> {
  let query = db.selectFrom('audit_log').where('company_id', '=', companyId);
  if (filter.actor) query = query.where('actor', '=', filter.actor);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  const [items, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}
