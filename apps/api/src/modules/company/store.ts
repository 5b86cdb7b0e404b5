import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export function findSettings(db: Kysely<Database>, companyId: number) {
  return db.selectFrom('company_settings').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}
