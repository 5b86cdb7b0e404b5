import type { Kysely } from 'kysely';
import type { Static } from 'typebox';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../domain/clock.js';
import { ApiError } from '../../http/errors.js';
import * as store from './bundle-store.js';
import type { PlanBundleChange, PlanBundleCreate, PlanBundleDetail } from './ops-schemas.js';
import { plansOnSaleToday } from './pricing-context.js';

export interface BundlesDeps {
  db: Kysely<Database>;
  clock: Clock;
}

type BundleWire = Static<typeof PlanBundleDetail>;

/** The two plans of a bundle, as it would be saved. */
interface PlanPair {
  electricPlanId: number;
  gasPlanId: number;
}

const invalid = (errors: string[]) => new ApiError('VALIDATION_FAILED', 'The bundle is invalid.', errors);

const bundleNotFound = (bundleId: number) =>
  new ApiError('PLAN_BUNDLE_NOT_FOUND', `Plan bundle ${bundleId} was not found.`, [
    'bundleId: no such bundle of this company',
  ]);

const nameTaken = (name: string) =>
  new ApiError('PLAN_BUNDLE_NAME_TAKEN', `The company already has a bundle named ${name}.`, [
    `name: ${name} is taken`,
  ]);

const A_PLAN_OF: Record<string, string> = { Electric: 'an electricity plan', Gas: 'a gas plan' };

/**
 * Every problem of a pair of plans as a bundle, so staff fix them at once: an Electric plan and a Gas plan of the
 * company, for one customer type, their utilities in one market (a bundle is sold at one address). Only a plan newly
 * `chosen` must not be retired: a bundle whose plan was retired since can still be renamed (it is not sold).
 */
function problemsOf(pair: PlanPair, plans: store.PlanToBundle[], chosen: number[]): string[] {
  const problems: string[] = [];
  const planOf = (field: keyof PlanPair, commodity: 'Electric' | 'Gas') => {
    const plan = plans.find((p) => p.id === pair[field]);
    if (!plan) problems.push(`${field}: no plan of this company`);
    else if (plan.commodity !== commodity)
      problems.push(`${field}: ${plan.name} is ${A_PLAN_OF[plan.commodity]}, not ${A_PLAN_OF[commodity]}`);
    else if (plan.deprecated === 1 && chosen.includes(plan.id))
      problems.push(`${field}: ${plan.name} is retired; it is sold no more`);
    return plan?.commodity === commodity ? plan : undefined;
  };
  const electric = planOf('electricPlanId', 'Electric');
  const gas = planOf('gasPlanId', 'Gas');
  if (electric && gas && electric.customer_type_id !== gas.customer_type_id)
    problems.push(
      `gasPlanId: is for ${gas.customer_type_name} customers, the electric plan for ${electric.customer_type_name}; ` +
        'both plans of a bundle are for one customer type',
    );
  if (electric && gas && electric.market_id !== gas.market_id)
    problems.push(
      `gasPlanId: its utility is in ${gas.market_name}, the electric plan's in ${electric.market_name}; ` +
        'both utilities of a bundle are in one market',
    );
  return problems;
}

type Side = 'electric' | 'gas';

/** One plan of a bundle as staff read it, with whether it is on sale today. */
function bundledPlan(row: store.BundleRow, side: Side, onSale: Set<number>): BundleWire['electricPlan'] {
  const id = row[`${side}_plan_id`];
  return {
    id,
    name: row[`${side}_name`],
    billingSystemPlanCode: row[`${side}_code`],
    promoCode: row[`${side}_promo_code`],
    utility: {
      id: row[`${side}_utility_id`],
      code: row[`${side}_utility_code`],
      name: row[`${side}_utility_name`],
    },
    published: row[`${side}_published`] === 1,
    retired: row[`${side}_deprecated`] === 1,
    onSale: onSale.has(id),
  };
}

/**
 * Plan bundles, an electricity and a gas plan sold together, as pricing staff make them: the rules a pair must meet,
 * and whether plan shopping sells each bundle today. Plan shopping reads the same rows (service.ts `bundles`), and
 * every write stamps the catalogue, so its next answer has the change.
 */
export function createBundles({ db, clock }: BundlesDeps) {
  async function describe(companyId: number, rows: store.BundleRow[]): Promise<BundleWire[]> {
    const plans = rows.flatMap((r) => [
      { id: r.electric_plan_id, promo_code: r.electric_promo_code },
      { id: r.gas_plan_id, promo_code: r.gas_promo_code },
    ]);
    const onSale = await plansOnSaleToday(db, clock, companyId, plans);
    return rows.map((row) => {
      const electricPlan = bundledPlan(row, 'electric', onSale);
      const gasPlan = bundledPlan(row, 'gas', onSale);
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        electricPlan,
        gasPlan,
        customerType: { id: row.customer_type_id, name: row.customer_type_name },
        market: { id: row.market_id, name: row.market_name, stateCode: row.market_state_code },
        sellableToday: electricPlan.onSale && gasPlan.onSale,
      };
    });
  }

  async function bundle(companyId: number, bundleId: number): Promise<BundleWire> {
    const [row] = await store.listBundles(db, companyId, [bundleId]);
    if (!row) throw bundleNotFound(bundleId);
    return (await describe(companyId, [row]))[0]!;
  }

  /** The columns of a valid pair: its plans, and the customer type and market they share. */
  async function pairColumns(companyId: number, pair: PlanPair, chosen: number[]) {
    const plans = await store.plansToBundle(db, companyId, [pair.electricPlanId, pair.gasPlanId]);
    const problems = problemsOf(pair, plans, chosen);
    if (problems.length > 0) throw invalid(problems);
    const electric = plans.find((p) => p.id === pair.electricPlanId)!;
    return {
      electric_plan_id: pair.electricPlanId,
      gas_plan_id: pair.gasPlanId,
      customer_type_id: electric.customer_type_id,
      market_id: electric.market_id,
    };
  }

  const refuseTakenName = (name: string) => (error: unknown) => {
    throw isUniqueViolation(error) ? nameTaken(name) : error;
  };

  return {
    bundle,

    /** Every bundle of the company, by name. */
    list: async (companyId: number) => describe(companyId, await store.listBundles(db, companyId)),

    /** A new bundle; PLAN_BUNDLE_NAME_TAKEN when the company has the name already (the unique index decides). */
    async create(companyId: number, input: Static<typeof PlanBundleCreate>): Promise<BundleWire> {
      const pair = await pairColumns(companyId, input, [input.electricPlanId, input.gasPlanId]);
      const name = input.name.trim();
      const id = await store
        .insertBundle(db, { company_id: companyId, name, description: input.description.trim(), ...pair })
        .catch(refuseTakenName(name));
      return bundle(companyId, id);
    },

    /** Changes a bundle's name, description or plans, checked whole; the bundle before and after, for the audit log. */
    async change(companyId: number, bundleId: number, change: Static<typeof PlanBundleChange>) {
      const before = await bundle(companyId, bundleId);
      const current = [before.electricPlan.id, before.gasPlan.id];
      const chosen = [change.electricPlanId, change.gasPlanId].filter(
        (id): id is number => id !== undefined && !current.includes(id),
      );
      const pair = await pairColumns(
        companyId,
        {
          electricPlanId: change.electricPlanId ?? before.electricPlan.id,
          gasPlanId: change.gasPlanId ?? before.gasPlan.id,
        },
        chosen,
      );
      const name = change.name?.trim();
      const changed = await store
        .updateBundle(db, companyId, bundleId, {
          ...pair,
          ...(name === undefined ? {} : { name }),
          ...(change.description === undefined ? {} : { description: change.description.trim() }),
        })
        .catch(refuseTakenName(name ?? before.name));
      if (!changed) throw bundleNotFound(bundleId);
      return { before, after: await bundle(companyId, bundleId) };
    },

    /** Removes a bundle: plan shopping offers it no more. Its plans stay as they are. */
    async remove(companyId: number, bundleId: number): Promise<BundleWire> {
      const before = await bundle(companyId, bundleId);
      if (!(await store.deleteBundle(db, companyId, bundleId))) throw bundleNotFound(bundleId);
      return before;
    },
  };
}

export type Bundles = ReturnType<typeof createBundles>;
