import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { Caller } from '../../security/callers.js';
import { findProspect } from './lookups.js';
import * as store from './store.js';

/** Linked accounts that are not Agents see only their affiliate's prospects. */
export async function scopeOf(db: Kysely<Database>, caller: Caller) {
  const affiliate = await store.findAffiliateOfAccount(db, caller.accountId);
  const limited = affiliate !== undefined && !caller.roleGroups.includes('Agent');
  return {
    affiliate: affiliate ?? null,
    scope: { companyId: caller.companyId, affiliateId: limited ? affiliate.id : null },
  };
}

export async function mustFind(db: Kysely<Database>, scope: store.ProspectScope, prospectId: number) {
  const row = await findProspect(db, scope, prospectId);
  if (!row) throw notFound(`Prospect ${prospectId}`);
  return row;
}

/** The prospect if the caller may see it; 404 otherwise, as for a prospect that does not exist. */
export async function findVisible(db: Kysely<Database>, caller: Caller, prospectId: number) {
  const { scope } = await scopeOf(db, caller);
  return mustFind(db, scope, prospectId);
}
