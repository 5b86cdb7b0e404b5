import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../domain/clock.js';
import { ApiError, notFound } from '../../http/errors.js';
import * as store from './affiliate-store.js';
import type {
  AffiliateAccount,
  AffiliateChange,
  AffiliateDetail,
  AffiliateRep,
  AffiliateSummary,
  NewAffiliate,
  NewRep,
  RepChange,
} from './ops-schemas.js';

type Summary = Static<typeof AffiliateSummary>;
type Rep = Static<typeof AffiliateRep>;

/** The company's web service accounts as the auth module lists them; those bound to the affiliate are shown. */
export type CompanyAccounts = (
  companyId: number,
) => Promise<Array<Static<typeof AffiliateAccount> & { affiliate: { id: number } | null }>>;

const nameTaken = (name: string) =>
  new ApiError('AFFILIATE_NAME_TAKEN', `The company already has an affiliate named ${name}.`, [
    `body.name: ${name} is taken`,
  ]);
const referenceTaken = (reference: string) =>
  new ApiError(
    'AFFILIATE_REP_REFERENCE_TAKEN',
    `The affiliate already has a rep with reference ${reference}.`,
    [`body.reference: ${reference} is taken`],
  );

/** The unique index decides a name or reference taken, even between two requests at once. */
const refusingTaken = (refusal: ApiError) => (error: unknown) => {
  throw isUniqueViolation(error) ? refusal : error;
};

function toSummary(row: store.AffiliateListRow): Summary {
  return {
    id: row.id,
    name: row.name,
    active: row.active === 1,
    createdAt: row.created_at,
    reps: Number(row.reps ?? 0),
    prospects: Number(row.prospects ?? 0),
  };
}

function toRep(row: Awaited<ReturnType<typeof store.repsOf>>[number]): Rep {
  return {
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    phone: row.phone,
    active: row.active === 1,
  };
}

/** Marketing staff's affiliates (sales partners) and their reps; the accounts are made on their own screen. */
export function createAffiliates(deps: { db: Kysely<Database>; clock: Clock; accounts: CompanyAccounts }) {
  const { db, clock, accounts } = deps;

  async function mustFind(companyId: number, affiliateId: number) {
    const row = await store.findAffiliate(db, companyId, affiliateId);
    if (!row) throw notFound(`Affiliate ${affiliateId}`);
    return row;
  }

  async function summary(companyId: number, affiliateId: number): Promise<Summary> {
    const row = (await store.listAffiliates(db, companyId)).find((a) => a.id === affiliateId);
    if (!row) throw notFound(`Affiliate ${affiliateId}`);
    return toSummary(row);
  }

  async function detail(companyId: number, affiliateId: number): Promise<Static<typeof AffiliateDetail>> {
    const [head, reps, all] = await Promise.all([
      summary(companyId, affiliateId),
      store.repsOf(db, affiliateId),
      accounts(companyId),
    ]);
    return {
      ...head,
      repList: reps.map(toRep),
      accounts: all
        .filter((a) => a.affiliate?.id === affiliateId)
        .map(({ id, name, apiKey, active, lastUsedAt }) => ({ id, name, apiKey, active, lastUsedAt })),
    };
  }

  async function mustFindRep(companyId: number, affiliateId: number, repId: number) {
    await mustFind(companyId, affiliateId);
    const rep = await store.findRep(db, affiliateId, repId);
    if (!rep) throw notFound(`Rep ${repId}`);
    return toRep(rep);
  }

  return {
    detail,

    async list(companyId: number): Promise<Summary[]> {
      return (await store.listAffiliates(db, companyId)).map(toSummary);
    },

    async create(companyId: number, input: Static<typeof NewAffiliate>) {
      const name = input.name.trim();
      const id = await store
        .insertAffiliate(db, { company_id: companyId, name, created_at: clock.now().toISOString() })
        .catch(refusingTaken(nameTaken(name)));
      return detail(companyId, id);
    },

    /** Renames, deactivates or reactivates an affiliate; before and after, for the audit log. */
    async change(companyId: number, affiliateId: number, input: Static<typeof AffiliateChange>) {
      const before = await summary(companyId, affiliateId);
      const name = input.name?.trim();
      await store
        .updateAffiliate(db, companyId, affiliateId, {
          ...(name !== undefined ? { name } : {}),
          ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
        })
        .catch(refusingTaken(nameTaken(name ?? '')));
      return { before, after: await detail(companyId, affiliateId) };
    },

    async addRep(companyId: number, affiliateId: number, input: Static<typeof NewRep>): Promise<Rep> {
      await mustFind(companyId, affiliateId);
      const reference = input.reference.trim();
      const id = await store
        .insertRep(db, {
          company_id: companyId,
          affiliate_id: affiliateId,
          reference,
          name: input.name.trim(),
          email: input.email ?? null,
          phone: input.phone ?? null,
          created_at: clock.now().toISOString(),
        })
        .catch(refusingTaken(referenceTaken(reference)));
      return mustFindRep(companyId, affiliateId, id);
    },

    async changeRep(companyId: number, affiliateId: number, repId: number, input: Static<typeof RepChange>) {
      const before = await mustFindRep(companyId, affiliateId, repId);
      const { active, ...fields } = input;
      const reference = fields.reference?.trim();
      await store
        .updateRep(db, affiliateId, repId, {
          ...fields,
          ...(reference !== undefined ? { reference } : {}),
          ...(fields.name !== undefined ? { name: fields.name.trim() } : {}),
          ...(active !== undefined ? { active: active ? 1 : 0 } : {}),
        })
        .catch(refusingTaken(referenceTaken(reference ?? '')));
      return { before, after: await mustFindRep(companyId, affiliateId, repId) };
    },
  };
}

export type Affiliates = ReturnType<typeof createAffiliates>;
