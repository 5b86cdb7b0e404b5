import type { Transaction } from 'kysely';
import { type PlanTypeId, planName, standardPlanDocuments } from '../../modules/plans/index.js';
import type { Database } from '../schema.js';

/**
 * The sandbox's plan catalogue: what a Texas, Ohio and Georgia supplier would sell, plus the plans that exercise
 * the rules (a draft, a deprecated plan, one whose sale window closed, an expired campaign).
 */
interface PlanSeed {
  utility: string;
  customerType: 'Residential' | 'SmallBusiness' | 'LargeBusiness';
  term: number;
  planType: PlanTypeId;
  rate: number;
  monthlyFee: number;
  cancellationFee: number;
  timeOfUse?: Array<{
    name: string;
    season: string;
    start_hour: number;
    end_hour: number;
    days: string;
    rate: number;
  }>;
  promoCode?: string;
  published?: boolean;
  deprecated?: boolean;
  availableUntil?: string;
  rules: 'standard' | 'no-credit-check' | 'ssn-required' | 'business';
  description: string;
}

/** The sandbox plans' first day on sale, from which their first prices are in effect. */
const ON_SALE_FROM = '2025-01-01';

const TEXAS = ['ONCOR', 'CNP', 'AEP_TCC', 'AEP_TNC', 'TNMP'] as const;
const TEXAS_BASE_RATE: Record<(typeof TEXAS)[number], number> = {
  ONCOR: 9.4,
  CNP: 9.6,
  AEP_TCC: 10.1,
  AEP_TNC: 10.2,
  TNMP: 10.4,
};
const FREE_NIGHTS = (dayRate: number) => [
  { name: 'Free nights', season: 'All', start_hour: 21, end_hour: 6, days: 'All', rate: 0 },
  { name: 'Day', season: 'All', start_hour: 6, end_hour: 21, days: 'All', rate: dayRate },
];
const SUMMER_PEAK = [
  { name: 'Summer peak', season: 'Summer', start_hour: 14, end_hour: 19, days: 'Weekday', rate: 24.9 },
  { name: 'Off peak', season: 'All', start_hour: 0, end_hour: 24, days: 'All', rate: 9.9 },
];

function texasPlans(): PlanSeed[] {
  return TEXAS.flatMap((utility) => {
    const base = TEXAS_BASE_RATE[utility];
    const plans: PlanSeed[] = [
      {
        utility,
        customerType: 'Residential',
        term: 12,
        planType: 1,
        rate: base,
        monthlyFee: 9.95,
        cancellationFee: 150,
        rules: 'standard',
        description:
          'A fixed energy rate for twelve months: the price per kWh does not change with the market.',
      },
      {
        utility,
        customerType: 'Residential',
        term: 24,
        planType: 1,
        rate: base + 0.6,
        monthlyFee: 9.95,
        cancellationFee: 200,
        rules: 'ssn-required',
        description:
          'Two years of one fixed energy rate, for customers who want the longest price certainty.',
      },
      {
        utility,
        customerType: 'Residential',
        term: 1,
        planType: 2,
        rate: base + 3.5,
        monthlyFee: 4.95,
        cancellationFee: 0,
        rules: 'no-credit-check',
        description: 'No contract and no credit check; the rate can change monthly and autopay is required.',
      },
      {
        utility,
        customerType: 'SmallBusiness',
        term: 12,
        planType: 1,
        rate: base - 0.3,
        monthlyFee: 14.95,
        cancellationFee: 300,
        rules: 'business',
        description:
          'A fixed rate for offices and shops, with a business credit check on the federal tax id.',
      },
    ];
    if (utility === 'ONCOR' || utility === 'CNP') {
      plans.push(
        {
          utility,
          customerType: 'Residential',
          term: 12,
          planType: 1,
          rate: base + 6.9,
          monthlyFee: 9.95,
          cancellationFee: 150,
          timeOfUse: FREE_NIGHTS(base + 6.9),
          rules: 'ssn-required',
          description: 'Free energy every night from 9 pm to 6 am; a higher fixed rate during the day.',
        },
        {
          utility,
          customerType: 'Residential',
          term: 12,
          planType: 1,
          rate: 9.9,
          monthlyFee: 9.95,
          cancellationFee: 150,
          timeOfUse: SUMMER_PEAK,
          rules: 'standard',
          description: 'A low rate all year except summer weekday afternoons from 2 pm to 7 pm.',
        },
        {
          utility,
          customerType: 'Residential',
          term: 12,
          planType: 1,
          rate: base - 0.6,
          monthlyFee: 9.95,
          cancellationFee: 150,
          promoCode: 'HOMEFALL26',
          rules: 'standard',
          description: 'Autumn 2026 campaign price for new Texas homes, with the promo code HOMEFALL26.',
        },
        {
          utility,
          customerType: 'Residential',
          term: 12,
          planType: 1,
          rate: base - 1.0,
          monthlyFee: 9.95,
          cancellationFee: 150,
          promoCode: 'SUMMER25',
          rules: 'standard',
          description: 'Summer 2025 campaign price, with the promo code SUMMER25.',
        },
      );
    }
    if (utility === 'ONCOR') {
      plans.push(
        {
          utility,
          customerType: 'Residential',
          term: 1,
          planType: 4,
          rate: 4.2,
          monthlyFee: 14.95,
          cancellationFee: 0,
          rules: 'standard',
          description:
            'Energy priced daily from the ERCOT wholesale market; the rate shown is the trailing 12-month average.',
        },
        {
          utility,
          customerType: 'LargeBusiness',
          term: 36,
          planType: 1,
          rate: base - 0.9,
          monthlyFee: 49.95,
          cancellationFee: 1500,
          rules: 'business',
          description: 'Three-year fixed price for large commercial accounts, priced on a signed contract.',
        },
        {
          utility,
          customerType: 'Residential',
          term: 6,
          planType: 1,
          rate: base + 1.2,
          monthlyFee: 9.95,
          cancellationFee: 100,
          published: false,
          rules: 'standard',
          description: 'A six-month fixed plan being prepared; not on sale yet.',
        },
        {
          utility,
          customerType: 'Residential',
          term: 18,
          planType: 1,
          rate: base + 0.3,
          monthlyFee: 9.95,
          cancellationFee: 150,
          deprecated: true,
          rules: 'standard',
          description: 'An 18-month fixed plan replaced by the 12 and 24-month plans.',
        },
        {
          utility,
          customerType: 'Residential',
          term: 3,
          planType: 1,
          rate: base + 0.9,
          monthlyFee: 9.95,
          cancellationFee: 50,
          availableUntil: '2025-12-31',
          rules: 'standard',
          description: 'A three-month winter plan whose sale window has closed.',
        },
      );
    }
    return plans;
  });
}

const GAS: Array<[string, number, number]> = [
  ['COH', 59.9, 0],
  ['EGO', 57.9, 0],
  ['DUKE_OH', 61.9, 0],
  ['CNP_OH', 60.9, 0],
  ['AGL', 79.9, 5.99],
];

function gasPlans(): PlanSeed[] {
  return GAS.flatMap(
    ([utility, rate, monthlyFee]) =>
      [
        {
          utility,
          customerType: 'Residential',
          term: 12,
          planType: 1,
          rate,
          monthlyFee,
          cancellationFee: 50,
          rules: 'standard',
          description:
            'A fixed natural gas supply rate for twelve months; the utility still delivers the gas and reads the meter.',
        },
        {
          utility,
          customerType: 'Residential',
          term: 1,
          planType: 2,
          rate: rate + 8,
          monthlyFee,
          cancellationFee: 0,
          rules: 'no-credit-check',
          description:
            'Month-to-month natural gas supply at a rate that follows the market, with no cancellation fee.',
        },
      ] satisfies PlanSeed[],
  );
}

function ohioElectricPlans(): PlanSeed[] {
  return [
    {
      utility: 'DUKE_OH_E',
      customerType: 'Residential',
      term: 12,
      planType: 1,
      rate: 7.49,
      monthlyFee: 0,
      cancellationFee: 50,
      rules: 'standard',
      description:
        'A fixed electric generation price for Cincinnati homes; Duke Energy Ohio delivers and bills.',
    },
  ];
}

const RULES = {
  standard: {
    required_credit_check: 1,
    deposit_required_under_score: 550,
    deposit_deny_service_under_score: 0,
    required_deposit_fee: 150,
    allow_bypass_credit_check: 1,
    allow_use_date_of_birth: 1,
    recurring_billing_required: 0,
  },
  'ssn-required': {
    required_credit_check: 1,
    deposit_required_under_score: 600,
    deposit_deny_service_under_score: 450,
    required_deposit_fee: 200,
    allow_bypass_credit_check: 0,
    allow_use_date_of_birth: 0,
    recurring_billing_required: 0,
  },
  'no-credit-check': {
    required_credit_check: 0,
    deposit_required_under_score: 0,
    deposit_deny_service_under_score: 0,
    required_deposit_fee: 0,
    allow_bypass_credit_check: 1,
    allow_use_date_of_birth: 1,
    recurring_billing_required: 1,
  },
  business: {
    required_credit_check: 1,
    deposit_required_under_score: 500,
    deposit_deny_service_under_score: 400,
    required_deposit_fee: 500,
    allow_bypass_credit_check: 0,
    allow_use_date_of_birth: 1,
    recurring_billing_required: 0,
  },
} as const;

const ACCEPTANCE = {
  Electric: [
    [
      'I have read and agree to the Terms of Service, the Electricity Facts Label and Your Rights as a Customer.',
      1,
    ],
    ['I authorize the switch of my electric service and a check of my credit history.', 1],
    ['Send me energy-saving tips and offers by email.', 0],
  ],
  Gas: [
    ['I have read and agree to the Terms of Service and the Gas Price Disclosure.', 1],
    ['I authorize the change of my natural gas supplier and a check of my credit history.', 1],
    ['Send me energy-saving tips and offers by email.', 0],
  ],
} as const;

const MARKET_DOCUMENTS: Record<string, Array<[string, string]>> = {
  TX: [
    ['YRAC', 'Your Rights as a Customer'],
    ['PRIVACY', 'Privacy Policy'],
  ],
  OH: [
    ['CUSTOMER_RIGHTS', 'Ohio Customer Rights and Contract Summary'],
    ['PRIVACY', 'Privacy Policy'],
  ],
  GA: [
    ['CUSTOMER_RIGHTS', 'Georgia Natural Gas Customer Rights'],
    ['PRIVACY', 'Privacy Policy'],
  ],
};

export async function seedSandboxPlans(
  trx: Transaction<Database>,
  companyId: number,
  brandId: number,
  brandName: string,
) {
  const now = new Date().toISOString();
  const utilities = new Map(
    (
      await trx
        .selectFrom('utilities')
        .select(['id', 'code', 'commodity', 'market_id'])
        .where('company_id', '=', companyId)
        .execute()
    ).map((u) => [u.code, u]),
  );
  const customerTypes = new Map(
    (
      await trx
        .selectFrom('customer_types')
        .select(['id', 'code'])
        .where('company_id', '=', companyId)
        .execute()
    ).map((t) => [t.code, t.id]),
  );
  // Campaign windows are moments: these start and end at midnight in Texas (Central time).
  const stamp = { created_by: 'seed', created_at: now, updated_by: 'seed', updated_at: now };
  await trx
    .insertInto('campaigns')
    .values([
      {
        company_id: companyId,
        promo_code: 'HOMEFALL26',
        name: 'Autumn 2026 home campaign',
        description: 'New Texas residential customers, autumn 2026.',
        valid_from: '2026-09-01T05:00:00.000Z',
        valid_until: '2027-01-01T06:00:00.000Z',
        usage_limit: 1000,
        ...stamp,
      },
      {
        company_id: companyId,
        promo_code: 'SUMMER25',
        name: 'Summer 2025 campaign',
        description: 'Summer 2025 door-to-door campaign.',
        valid_from: '2025-06-01T05:00:00.000Z',
        valid_until: '2025-09-01T05:00:00.000Z',
        ...stamp,
      },
    ])
    .execute();
  const planIds = new Map<string, number>();
  for (const seed of [...texasPlans(), ...gasPlans(), ...ohioElectricPlans()]) {
    const utility = utilities.get(seed.utility)!;
    const commodity = utility.commodity as 'Electric' | 'Gas';
    const name = planName({
      brandName,
      term: seed.term,
      planType: seed.planType,
      timeOfUse: Boolean(seed.timeOfUse),
      commodity,
      promoCode: seed.promoCode,
    });
    const { id } = await trx
      .insertInto('plans')
      .values({
        company_id: companyId,
        brand_id: brandId,
        utility_id: utility.id,
        customer_type_id: customerTypes.get(seed.customerType)!,
        name,
        description: seed.description,
        published: seed.published === false ? 0 : 1,
        deprecated: seed.deprecated ? 1 : 0,
        term: seed.term,
        id_plan_type: seed.planType,
        is_time_of_use: seed.timeOfUse ? 1 : 0,
        risk_free_trial_period: seed.term > 1 ? 30 : 0,
        available_from_date: ON_SALE_FROM,
        available_until_date: seed.availableUntil ?? null,
        early_termination_text:
          seed.cancellationFee > 0
            ? `An early termination fee of $${seed.cancellationFee} applies if you end this plan before its term, except when you move.`
            : 'No early termination fee.',
        promo_code: seed.promoCode ?? null,
        billing_system_plan_code: `${seed.utility}-${seed.customerType.slice(0, 3).toUpperCase()}-${seed.planType}${seed.timeOfUse ? 'T' : ''}-${seed.term}${seed.promoCode ? `-${seed.promoCode}` : ''}`,
        min_start_date_delay_days: commodity === 'Gas' ? 5 : 1,
        initial_discount_percentage: null,
        initial_discount_period: null,
        initial_discount_rate: null,
        terms_text: `${seed.term <= 1 ? 'Month-to-month service' : `${seed.term}-month term`}. Prices exclude taxes and fees of the utility unless stated.`,
        renewable_percent: commodity === 'Electric' ? (seed.utility.startsWith('DUKE') ? 0 : 31) : 0,
        decimal_places_to_show: 1,
        divide_montly_fee_by: 1,
        present_divided_monthly_fee: 0,
        not_able_renewals: seed.planType === 4 ? 1 : 0,
        not_able_reenrolls: 0,
        thank_you_text: `Welcome to ${brandName}! Your welcome kit, with your contract documents, is on its way by email.`,
        show_critical_care: seed.utility === 'DUKE_OH_E' || commodity === 'Electric' ? 1 : 0,
        ...RULES[seed.rules],
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    planIds.set(name + seed.utility, id);
    await trx
      .insertInto('plan_versions')
      .values({
        plan_id: id,
        version: 1,
        effective_at: `${ON_SALE_FROM}T00:00:00.000Z`,
        rate: Math.round(seed.rate * 10) / 10,
        monthly_fee: seed.monthlyFee,
        cancellation_fee: seed.cancellationFee,
        time_of_use: JSON.stringify(seed.timeOfUse ?? []),
        note: '',
        created_by: 'seed',
        created_at: now,
      })
      .execute();
    await trx
      .insertInto('plan_acceptance_options')
      .values(
        ACCEPTANCE[commodity].map(([text, required], i) => ({
          plan_id: id,
          text,
          is_required: required,
          sort_order: i + 1,
        })),
      )
      .execute();
    await trx
      .insertInto('plan_documents')
      .values(standardPlanDocuments(commodity).map((document) => ({ ...document, plan_id: id })))
      .execute();
  }
  const markets = await trx
    .selectFrom('markets')
    .select(['id', 'state_code'])
    .where('company_id', '=', companyId)
    .execute();
  for (const market of markets) {
    await trx
      .insertInto('market_documents')
      .values(
        (MARKET_DOCUMENTS[market.state_code] ?? []).map(([doc_type, name]) => ({
          company_id: companyId,
          market_id: market.id,
          doc_type,
          name,
        })),
      )
      .execute();
  }
  const ohio = markets.find((m) => m.state_code === 'OH')!;
  const electric = planIds.get(`${brandName} 12-Month Fixed Electric` + 'DUKE_OH_E')!;
  const gas = planIds.get(`${brandName} 12-Month Fixed Gas` + 'DUKE_OH')!;
  await trx
    .insertInto('plan_bundles')
    .values({
      company_id: companyId,
      name: 'Cincinnati Home Bundle',
      description: 'Fixed electricity and natural gas prices for twelve months, on one welcome kit.',
      electric_plan_id: electric,
      gas_plan_id: gas,
      customer_type_id: customerTypes.get('Residential')!,
      market_id: ohio.id,
    })
    .execute();
}
