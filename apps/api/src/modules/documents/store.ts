import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A plan's document; whether its plan is published, and whose it is, the plans module says. */
export function findPlanDocument(db: Kysely<Database>, documentId: number) {
  return db
    .selectFrom('plan_documents')
    .select(['id', 'doc_type', 'plan_id'])
    .where('id', '=', documentId)
    .executeTakeFirst();
}

/** A market's document; the market's state the company module says. */
export function findMarketDocument(db: Kysely<Database>, documentId: number) {
  return db
    .selectFrom('market_documents')
    .select(['id', 'doc_type', 'company_id', 'market_id'])
    .where('id', '=', documentId)
    .executeTakeFirst();
}
