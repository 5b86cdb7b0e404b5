import { Type } from 'typebox';
import { DateOf, Explanation, Id, Nullable } from '../../http/schemas.js';
import { CAMPAIGN_STATUSES } from './promo-codes.js';
import { AveragePrices, TimeOfUseRate } from './schemas.js';

const Moment = (description: string) => Type.String({ format: 'date-time', maxLength: 40, description });

export const PlanPrices = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  effectiveAt: Moment('When these prices took or take effect.'),
  rate: Type.Number({
    description: 'Energy charge in cents per rate unit; the reference rate of time-of-use plans.',
  }),
  monthlyFee: Type.Number({ description: 'Base charge in dollars a month.' }),
  cancellationFee: Type.Number({ description: 'Early termination fee in dollars.' }),
  timeOfUse: Type.Array(TimeOfUseRate, {
    description: "The time-of-use windows' rates; empty for a single rate.",
  }),
  averagePrices: Nullable(AveragePrices),
});

export const PlanVersion = Type.Object({
  ...PlanPrices.properties,
  state: Type.String({
    enum: ['scheduled', 'in effect', 'superseded', 'cancelled'],
    description:
      'scheduled: its moment is still to come; in effect: what plan shopping sells now; superseded: a later version ' +
      'took over (its enrollments keep it); cancelled: called off before its moment.',
  }),
  note: Type.String({ description: 'Why the price changed, as its author wrote it.' }),
  createdBy: Type.String(),
  createdAt: Moment('When the change was saved.'),
  cancelledAt: Nullable(Moment('When the change was called off.')),
  cancelledBy: Nullable(Type.String()),
});

export const PowerToChooseQuery = Type.Object({
  customerTypeId: Id('The customer type listed (Power to Choose lists residential plans).'),
  utilityId: Type.Optional(Id('Only the plans of this utility; every Texas utility when absent.')),
});

export const PlanListQuery = Type.Object({
  utilityId: Type.Optional(Id('Only the plans of this utility.')),
  customerTypeId: Type.Optional(Id('Only the plans for this customer type.')),
  state: Type.Optional(
    Type.String({
      enum: ['all', 'on-sale', 'not-on-sale', 'retired'],
      default: 'all',
      description:
        'on-sale: published, not retired and inside its sale window today; not-on-sale: drafts and plans outside ' +
        'their window; retired: deprecated plans, kept for their customers.',
    }),
  ),
  q: Type.Optional(
    Type.String({ maxLength: 100, description: 'Words of the name or the billing system code.' }),
  ),
});

export const PlanSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  utility: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
  customerType: Type.Object({ id: Type.Integer(), name: Type.String() }),
  commodity: Type.String({ enum: ['Electric', 'Gas'] }),
  term: Type.Integer({ description: 'Months; 0 or 1 month to month.' }),
  rateType: Type.String({ description: 'Fixed, Variable, Daily Rate or Time of Use.' }),
  rateUnit: Type.String(),
  billingSystemPlanCode: Type.String(),
  promoCode: Nullable(Type.String()),
  published: Type.Boolean(),
  retired: Type.Boolean({ description: 'Deprecated: off sale for good, readable for its customers.' }),
  onSale: Type.Boolean({ description: 'Published, not retired and inside its sale window today.' }),
  current: Nullable(PlanPrices),
  next: Nullable(
    Type.Object(
      { version: Type.Integer(), effectiveAt: Moment('When it takes effect.'), rate: Type.Number() },
      { description: 'The next scheduled price change, if any.' },
    ),
  ),
});

/** What staff set on a plan apart from its prices (a price is a version): one shape to read and to change. */
export const PlanSettings = Type.Object({
  name: Type.String({ minLength: 3, maxLength: 120, pattern: '\\S', description: 'What customers see.' }),
  description: Type.String({ maxLength: 1000 }),
  billingSystemPlanCode: Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_.-]+$' }),
  published: Type.Boolean({ description: 'Offered to plan shopping (inside its sale window).' }),
  availableFrom: DateOf('The first day on sale.'),
  availableUntil: Nullable(DateOf('The last day on sale; null: no end.')),
  term: Type.Integer({ minimum: 0, maximum: 60, description: 'Months; 0 or 1 month to month.' }),
  promoCode: Nullable(
    Type.String({
      minLength: 1,
      maxLength: 50,
      description: "A campaign's code: the plan is sold only with it.",
    }),
  ),
  earlyTerminationText: Type.String({ maxLength: 1000 }),
  termsText: Type.String({ maxLength: 2000 }),
  thankYouText: Type.String({ maxLength: 2000 }),
  renewablePercent: Type.Number({ minimum: 0, maximum: 100 }),
  recurringBillingRequired: Type.Boolean({ description: 'Autopay is required to enroll.' }),
  requiredCreditCheck: Type.Boolean(),
  requiredDepositFee: Type.Number({ minimum: 0, maximum: 10_000, description: 'Dollars.' }),
  depositRequiredUnderScore: Type.Integer({
    minimum: 0,
    maximum: 900,
    description: 'A credit score under this asks a deposit (0: never).',
  }),
  depositDenyServiceUnderScore: Type.Integer({
    minimum: 0,
    maximum: 900,
    description: 'A credit score under this refuses service (0: never); at most the deposit threshold.',
  }),
  minStartDateDelayDays: Type.Integer({
    minimum: 0,
    maximum: 90,
    description: 'Earliest start, in days from today.',
  }),
  allowBypassCreditCheck: Type.Boolean({
    description: 'A customer may enroll without a credit check by paying the deposit.',
  }),
  allowDateOfBirth: Type.Boolean({
    description: 'The credit check may use the date of birth when the customer gives no SSN.',
  }),
  askCriticalCare: Type.Boolean({
    description: 'The wizard asks whether someone at the address depends on life-support equipment.',
  }),
  verificationRequired: Type.Boolean({
    description: 'Every sale of the plan needs a third-party phone verification.',
  }),
  renewalsAllowed: Type.Boolean({ description: 'Customers may choose the plan when they renew.' }),
  reenrollmentsAllowed: Type.Boolean({
    description: 'Former customers may choose the plan to enroll again.',
  }),
});

export const AcceptanceOption = Type.Object({
  text: Type.String({
    minLength: 3,
    maxLength: 1000,
    pattern: '\\S',
    description: 'What the customer agrees to, as the enrollment wizard shows it.',
  }),
  required: Type.Boolean({ description: 'The customer must tick it to enroll.' }),
});

export const PlanAcceptanceOption = Type.Object({
  id: Type.Integer({ description: 'The option id enrollments record when the customer accepts it.' }),
  ...AcceptanceOption.properties,
});

const DOCUMENT_PLACES = {
  inPlanListing: Type.Boolean({ description: 'Linked beside the plan in plan shopping.' }),
  inSummary: Type.Boolean({ description: "Linked in the enrollment wizard's summary." }),
  onThankYouPage: Type.Boolean({ description: 'Linked on the thank-you page after enrolling.' }),
  inMyAccount: Type.Boolean({ description: "Listed in the customer's My Account." }),
};

const DocumentName = Type.String({
  minLength: 3,
  maxLength: 100,
  pattern: '\\S',
  description: 'What customers see the document called.',
});

export const PlanDocumentSettings = Type.Object({
  id: Type.Integer(),
  type: Type.String({ description: 'EFL, GAS_DISCLOSURE or TOS: generated from the version in effect.' }),
  name: DocumentName,
  ...DOCUMENT_PLACES,
});

export const PlanDocumentChange = Type.Partial(Type.Object({ name: DocumentName, ...DOCUMENT_PLACES }), {
  minProperties: 1,
});

export const PlanDocumentPath = Type.Object({
  planId: Id('The plan id.'),
  documentId: Id('The document id.'),
});

export const PlanDetail = Type.Object({
  ...PlanSummary.properties,
  description: Type.String(),
  settings: PlanSettings,
  acceptanceOptions: Type.Array(PlanAcceptanceOption, {
    description: 'What the customer agrees to when enrolling, in order (options retired are left out).',
  }),
  documents: Type.Array(PlanDocumentSettings, {
    description: 'The documents generated for the plan, in English and Spanish, and where each is shown.',
  }),
  versions: Type.Array(PlanVersion, { description: 'Every version, newest first.' }),
});

export const PlanIdPath = Type.Object({ planId: Id('The plan id.') });
export const PlanVersionPath = Type.Object({
  planId: Id('The plan id.'),
  version: Type.Integer({ minimum: 1, maximum: 100_000, description: 'The version number.' }),
});

/** A version's charges, as staff set them. */
export const PlanCharges = Type.Object({
  rate: Type.Number({ minimum: 0, maximum: 1000, description: 'Energy charge in cents per rate unit.' }),
  monthlyFee: Type.Number({ minimum: 0, maximum: 10_000, description: 'Base charge in dollars a month.' }),
  cancellationFee: Type.Number({
    minimum: 0,
    maximum: 10_000,
    description: 'Early termination fee in dollars.',
  }),
  timeOfUse: Type.Array(TimeOfUseRate, {
    maxItems: 24,
    description: "A time-of-use plan's windows (at least one); empty for any other plan.",
  }),
});

export const PriceChange = Type.Object({
  effectiveAt: Type.Optional(
    Moment(
      'When the new prices take effect (ISO 8601 with a time zone). Left out: now. Never in the past: a price ' +
        'change does not rewrite what customers were sold.',
    ),
  ),
  ...PlanCharges.properties,
  note: Explanation('Why the price changes (kept on the version and in the audit log).'),
});

export const AcceptanceOptionsRevision = Type.Object({
  offeredIds: Type.Array(Id('An option id.'), {
    maxItems: 12,
    description:
      "The ids of the options the plan offered when they were read (`acceptanceOptions` of the plan): if they are no longer the plan's options, someone changed them meanwhile and nothing is saved.",
  }),
  options: Type.Array(
    Type.Object({
      id: Type.Optional(Id('An option the plan offers, kept or reworded; left out for a new option.')),
      ...AcceptanceOption.properties,
    }),
    {
      minItems: 1,
      maxItems: 12,
      description:
        'Every option the plan is to offer, in order. An option offered now and left out is retired; one whose text ' +
        'or requirement changes is retired and offered again under a new id.',
    },
  ),
});

export const PlanCreation = Type.Object({
  ...PlanSettings.properties,
  name: Type.Optional({
    ...PlanSettings.properties.name,
    description:
      'What customers see. Left out: named by the naming rule (brand, term, type, commodity, promo code).',
  }),
  utilityId: Id('The utility the plan is sold in; its commodity is the plan’s.'),
  customerTypeId: Id('The customer type the plan is for; the utility must serve it.'),
  planType: Type.String({
    enum: ['Fixed', 'Variable', 'Daily Rate'],
    description: 'How the energy charge behaves. A plan with time-of-use windows is a time-of-use plan.',
  }),
  prices: PlanCharges,
  acceptanceOptions: Type.Array(AcceptanceOption, {
    minItems: 1,
    maxItems: 12,
    description: 'What the customer agrees to when enrolling, in order.',
  }),
  note: Explanation('Why the plan is made (kept on its first version and in the audit log).'),
});

export const PlanSelection = Type.Object(
  {
    utilityIds: Type.Optional(
      Type.Array(Id('A utility id.'), { maxItems: 100, description: 'Plans of these utilities.' }),
    ),
    customerTypeIds: Type.Optional(
      Type.Array(Id('A customer type id.'), { maxItems: 20, description: 'Plans for these customer types.' }),
    ),
    terms: Type.Optional(
      Type.Array(Type.Integer({ minimum: 0, maximum: 120 }), {
        maxItems: 40,
        description: 'Plans of these terms (months).',
      }),
    ),
    campaign: Type.Optional(
      Type.String({
        maxLength: 50,
        description: "Plans of this campaign's promo code; an empty string: plans of no campaign.",
      }),
    ),
    planIds: Type.Optional(
      Type.Array(Id('A plan id.'), { maxItems: 1000, description: 'Only these plans.' }),
    ),
  },
  {
    description:
      'Which plans: every criterion given must hold (each list matches any of its values). Retired plans are never ' +
      'repriced.',
  },
);

export const EnergyChargeChange = Type.Object({
  by: Type.String({
    enum: ['amount', 'percent'],
    description:
      'amount: cents added to each energy charge (negative lowers it); percent: each charge times (1 + value/100).',
  }),
  value: Type.Number({ minimum: -100, maximum: 100, description: 'Cents, or a percentage.' }),
});

export const BulkPricePreview = Type.Object({
  selection: PlanSelection,
  change: EnergyChargeChange,
  effectiveAt: PriceChange.properties.effectiveAt,
});

export const BulkPriceChange = Type.Object({
  ...BulkPricePreview.properties,
  note: Explanation('Why the prices change (kept on every version and in the audit log).'),
});

const PricePoint = Type.Object({
  version: Type.Integer(),
  rate: Type.Number(),
  timeOfUse: Type.Array(TimeOfUseRate),
  averagePrices: Nullable(AveragePrices),
});

export const BulkPriceRow = Type.Object({
  plan: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    utility: Type.String(),
    customerType: Type.String(),
    term: Type.Integer(),
    rateType: Type.String(),
    rateUnit: Type.String(),
    billingSystemPlanCode: Type.String(),
  }),
  before: PricePoint,
  after: PricePoint,
  laterChange: Nullable(
    Type.Object(
      { version: Type.Integer(), effectiveAt: Moment('When it takes effect.') },
      {
        description:
          'A change already scheduled after this one: it still takes over at its moment, unchanged.',
      },
    ),
  ),
});

export const BulkPriceResult = Type.Object({
  effectiveAt: Moment('When the new versions take effect.'),
  rows: Type.Array(BulkPriceRow, {
    description: 'Every plan the change touches, with its prices before and after.',
  }),
});

const EflLine = Type.Object({
  kind: Type.String({ enum: ['energy', 'base', 'delivery'] }),
  name: Nullable(
    Type.String({
      description:
        "The time-of-use period or the utility's charge; null for the plan's own energy and base charge.",
    }),
  ),
  kwh: Nullable(Type.Number({ description: 'kWh priced on this line; null for a monthly charge.' })),
  centsPerKwh: Nullable(Type.Number({ description: 'Cents per kWh; null for a monthly charge.' })),
  dollars: Type.Number(),
});

export const EflDerivation = Type.Object({
  version: Type.Integer(),
  effectiveAt: Moment('When the version took or takes effect.'),
  utility: Type.String(),
  decimalPlaces: Type.Integer({ description: 'How many decimals of a cent the label shows.' }),
  usageShares: Type.Array(
    Type.Object({
      window: Nullable(
        Type.String({ description: 'A time-of-use period; null for the hours outside every period.' }),
      ),
      share: Type.Number({ description: 'Of the usage, 0 to 1, by the usage shape.' }),
      rate: Type.Number({ description: 'Cents per kWh.' }),
    }),
    { description: 'How the usage splits over the energy rates: one share of 1 for a single rate.' },
  ),
  tiers: Nullable(
    Type.Array(
      Type.Object({
        kwh: Type.Integer(),
        lines: Type.Array(EflLine),
        totalDollars: Type.Number(),
        averageCents: Type.Number({ description: 'Total ÷ kWh, in cents, unrounded.' }),
        shownCents: Type.Number({ description: 'The average as the label shows it.' }),
      }),
      { description: 'The bill at 500, 1,000 and 2,000 kWh, line by line; null for gas, which has no EFL.' },
    ),
  ),
});

export const PlanSettingsChange = Type.Partial(PlanSettings, { minProperties: 1 });

export const PlanClone = Type.Object({
  name: PlanSettings.properties.name,
  billingSystemPlanCode: PlanSettings.properties.billingSystemPlanCode,
  note: Explanation('Why the plan is made (kept on its first version and in the audit log).'),
});

export const PlanRetirement = Type.Object({
  retired: Type.Boolean({
    description: 'true: off sale for good, kept for its customers; false: back in the catalogue.',
  }),
});

export const DeliveryChargeInput = Type.Object({
  name: Type.String({
    minLength: 1,
    maxLength: 120,
    pattern: '\\S',
    description: 'As the utility names it.',
  }),
  nameEs: Type.String({
    maxLength: 120,
    description: 'In Spanish, for the Spanish EFL; empty: the English name.',
  }),
  type: Type.String({
    enum: ['monthly', 'per_kwh'],
    description: 'monthly: dollars a month; per_kwh: dollars per kWh.',
  }),
  charge: Type.Number({ minimum: 0, maximum: 1000, description: 'Dollars (a month, or per kWh).' }),
  uomFrom: Nullable(
    Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'A per-kWh tier’s first kWh.' }),
  ),
  uomTo: Nullable(
    Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'A per-kWh tier’s last kWh.' }),
  ),
});

export const DeliveryChargePreview = Type.Object({
  effectiveFrom: Type.Optional(
    Moment('When the new charges take effect (ISO 8601 with a time zone); left out: now. Never in the past.'),
  ),
  charges: Type.Array(DeliveryChargeInput, { minItems: 1, maxItems: 20, description: 'The whole new set.' }),
});

export const DeliveryChargeChange = Type.Object({
  ...DeliveryChargePreview.properties,
  note: Explanation('Why the charges change, e.g. the tariff filing (kept in the audit log).'),
});

export const UtilityIdPath = Type.Object({ utilityId: Id('The utility id.') });

export const DeliveryChargeSets = Type.Object({
  utility: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
  sets: Type.Array(
    Type.Object({
      effectiveFrom: Moment('When the set took or takes effect.'),
      state: Type.String({ enum: ['scheduled', 'in effect', 'past'] }),
      charges: Type.Array(DeliveryChargeInput),
    }),
    { description: 'Newest first.' },
  ),
});

export const DeliveryChargeImpact = Type.Object({
  effectiveFrom: Moment('When the new charges take effect.'),
  plans: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      billingSystemPlanCode: Type.String(),
      version: Type.Integer({ description: 'The plan version in effect at that moment.' }),
      before: Nullable(AveragePrices),
      after: Nullable(AveragePrices),
    }),
    {
      description:
        "Every plan of the utility that is not retired, with its EFL averages under today's charges and the new ones.",
    },
  ),
});

export const PlanChoices = Type.Object({
  utilities: Type.Array(
    Type.Object({
      id: Type.Integer(),
      code: Type.String(),
      name: Type.String(),
      commodity: Type.String({ enum: ['Electric', 'Gas'] }),
      rateUnit: Type.String({ description: 'What the energy charge is priced per: kWh, therm or Ccf.' }),
      customerTypes: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }), {
        description: 'The customer types the utility serves: a plan is for one of them.',
      }),
    }),
  ),
});

export const PromoCodeInput = Type.String({
  minLength: 3,
  maxLength: 30,
  pattern: '^[A-Za-z0-9_-]+$',
  description:
    'What customers type: 3 to 30 letters, digits, - and _. Stored and shown in upper case; matched without regard ' +
    'to case, so `homefall26` is `HOMEFALL26` (one code per company).',
});

const CampaignFields = {
  name: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S', description: 'For staff and reports.' }),
  description: Type.String({ maxLength: 1000 }),
  validFrom: Moment('The first moment the code works.'),
  validUntil: Moment('The moment the code stops working (after validFrom).'),
  usageLimit: Nullable(
    Type.Integer({
      minimum: 1,
      maximum: 10_000_000,
      description: 'How many enrollments may use the code; null: unlimited.',
    }),
  ),
  affiliateId: Nullable(Id('The sales affiliate the campaign belongs to; null: none.')),
};

export const CampaignCreate = Type.Object({
  promoCode: PromoCodeInput,
  ...CampaignFields,
  active: Type.Optional(
    Type.Boolean({ default: true, description: 'false: created paused (the code refused until resumed).' }),
  ),
});

export const CampaignChange = Type.Partial(Type.Object(CampaignFields), { minProperties: 1 });

export const CampaignIdPath = Type.Object({ campaignId: Id('The campaign id.') });

export const CampaignStatus = Type.String({
  enum: [...CAMPAIGN_STATUSES],
  description:
    'From the clock: scheduled: its window is still to come; running: the code works now; ended: its window is ' +
    'over; paused: stopped by staff (inside or before its window); used-up: running, but every use its limit ' +
    'allows is taken.',
});

export const CampaignListQuery = Type.Object({
  status: Type.Optional(
    Type.String({ enum: ['all', ...CAMPAIGN_STATUSES], default: 'all', description: 'Only these.' }),
  ),
  q: Type.Optional(
    Type.String({ maxLength: 100, description: 'Words of the code, the name or the affiliate.' }),
  ),
});

export const Campaign = Type.Object({
  id: Type.Integer(),
  promoCode: Type.String(),
  name: Type.String(),
  description: Type.String(),
  validFrom: Moment('The first moment the code works.'),
  validUntil: Moment('The moment the code stops working.'),
  active: Type.Boolean({ description: 'false: paused.' }),
  usageLimit: Nullable(Type.Integer({ description: 'null: unlimited.' })),
  uses: Type.Integer({ description: 'Enrollments that used the code.' }),
  status: CampaignStatus,
  affiliate: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  plans: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      billingSystemPlanCode: Type.String(),
      utility: Type.String(),
      published: Type.Boolean(),
      retired: Type.Boolean(),
    }),
    { description: 'The plans carrying the code: sold only with it.' },
  ),
  createdBy: Type.String(),
  createdAt: Moment('When it was made.'),
  updatedBy: Type.String(),
  updatedAt: Moment('When it last changed.'),
});

const BundleFields = {
  name: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '\\S',
    description:
      'What customers see in the enrollment wizard: one bundle of a name per company, compared without regard to case.',
  }),
  description: Type.String({ maxLength: 1000, description: 'What customers read under the name.' }),
  electricPlanId: Id('An Electric plan of the company; a draft may be bundled, a retired plan may not.'),
  gasPlanId: Id(
    'A Gas plan of the company, for the customer type of the electric plan, its utility in the same market.',
  ),
};

export const PlanBundleCreate = Type.Object(BundleFields);

export const PlanBundleChange = Type.Partial(Type.Object(BundleFields), { minProperties: 1 });

export const PlanBundleIdPath = Type.Object({ bundleId: Id('The bundle id.') });

const BundledPlan = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  billingSystemPlanCode: Type.String(),
  promoCode: Nullable(Type.String({ description: "A campaign's code: the plan is sold only with it." })),
  utility: Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() }),
  published: Type.Boolean(),
  retired: Type.Boolean(),
  onSale: Type.Boolean({
    description: 'Published, not retired and inside its sale window today (a campaign plan with its code).',
  }),
});

export const PlanBundleDetail = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  electricPlan: BundledPlan,
  gasPlan: BundledPlan,
  customerType: Type.Object(
    { id: Type.Integer(), name: Type.String() },
    { description: "The two plans' customer type." },
  ),
  market: Type.Object(
    { id: Type.Integer(), name: Type.String(), stateCode: Type.String() },
    { description: "The market both plans' utilities are in." },
  ),
  sellableToday: Type.Boolean({
    description:
      'Both plans on sale today, by the rule plan shopping sells plans by: GET /api/v1/plan-bundles/for-wizard ' +
      'offers the bundle while both utilities take new enrollments (a bundle of campaign plans, with their code).',
  }),
});
