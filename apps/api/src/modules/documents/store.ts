import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export function findPlanDocument(db: Kysely<Database>, documentId: number) {
  return db
    .selectFrom('plan_documents')
    .innerJoin('plans', 'plans.id', 'plan_documents.plan_id')
    .select([
      'plan_documents.id',
      'plan_documents.doc_type',
      'plan_documents.plan_id',
      'plans.company_id',
      'plans.brand_id',
    ])
    .where('plan_documents.id', '=', documentId)
    .where('plans.published', '=', 1)
    .executeTakeFirst();
}

export function findMarketDocument(db: Kysely<Database>, documentId: number) {
  return db
    .selectFrom('market_documents')
    .innerJoin('markets', 'markets.id', 'market_documents.market_id')
    .select([
      'market_documents.id',
      'market_documents.doc_type',
      'market_documents.company_id',
      'markets.state_code',
    ])
    .where('market_documents.id', '=', documentId)
    .executeTakeFirst();
}

/** The brand a document speaks for: the plan's brand, or the company's first brand for market documents. */
export function findBrand(db: Kysely<Database>, companyId: number, brandId?: number) {
  let query = db.selectFrom('brands').selectAll().where('company_id', '=', companyId);
  if (brandId !== undefined) query = query.where('id', '=', brandId);
  return query.orderBy('id').executeTakeFirstOrThrow();
}
