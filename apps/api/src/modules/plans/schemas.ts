import { Type } from 'typebox';
import { LISTED_START_DAYS, START_PRIORITIES } from '../../domain/start-dates.js';
import { SWITCH_TYPES } from '../../domain/switch-types.js';
import { DateOf, Id, IdList, Nullable, PlainDate } from '../../http/schemas.js';
import { DeliveryChargeSchema } from '../utilities/index.js';

export const FieldValidatorSchema = Type.Object({
  fieldName: Type.String(),
  isFieldRequired: Type.Boolean(),
  fieldLength: Type.Integer(),
  validateJavascriptField: Type.String({
    description: 'JavaScript regular expression source the value must match.',
  }),
  showField: Type.Boolean(),
  defaultValue: Type.String({
    description: 'Pre-filled value; for the LDC number, the utility ESIID prefix.',
  }),
  dependOnFields: Type.Array(Type.String(), {
    description: 'When this field is empty, one of these must be given.',
  }),
  isFixedLength: Type.Boolean(),
  mask: Type.String({ description: 'Input mask, 9 for a digit.' }),
});

export const GeneralRules = Type.Object({
  ldc_account_number: Type.Array(FieldValidatorSchema),
  show_critical_care: Type.Boolean(),
  required_credit_check: Type.Boolean(),
  required_deposit_fee: Type.Number({ description: 'Deposit in dollars when one is required.' }),
  deposit_required_under_score: Type.Integer({
    description: 'A credit score below this requires a deposit.',
  }),
  deposit_deny_service_under_score: Type.Integer({
    description: 'A credit score below this refuses service; 0 means never.',
  }),
  allow_bypass_credit_check: Type.Boolean({
    description: 'The customer may skip the credit check by paying the deposit.',
  }),
  allow_use_date_of_birth: Type.Boolean({
    description: 'Date of birth, SSN or both may identify the customer; otherwise the SSN is mandatory.',
  }),
});

export const PlanDocument = Type.Object({
  id_plan_document: Type.Integer(),
  doc_type: Type.String({ description: 'EFL, GAS_DISCLOSURE or TOS.' }),
  name: Type.String(),
  display_in_plan_listing: Type.Boolean(),
  display_in_summary: Type.Boolean(),
  display_in_thank_you_page: Type.Boolean(),
  display_in_my_account: Type.Boolean(),
  url: Type.String({ description: 'Signed download link of the PDF, valid 24 hours.' }),
});

export const MarketDocument = Type.Object({
  id_market_document: Type.Integer(),
  doc_type: Type.String({ description: 'YRAC, CUSTOMER_RIGHTS or PRIVACY.' }),
  name: Type.String(),
  display_in_my_account: Type.Boolean(),
  url: Type.String({ description: 'Signed download link of the PDF, valid 24 hours.' }),
});

export const AcceptanceOption = Type.Object({
  id_option: Type.Integer(),
  text: Type.String(),
  is_required: Type.Boolean(),
});

export const TimeOfUseRate = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 60 }),
  season: Type.String({
    enum: ['All', 'Summer', 'NonSummer'],
    description: 'Summer (June to September), NonSummer or All.',
  }),
  start_hour: Type.Integer({
    minimum: 0,
    maximum: 23,
    description: 'The first hour of the window, 0 to 23.',
  }),
  end_hour: Type.Integer({
    minimum: 1,
    maximum: 24,
    description: 'The hour the window ends (not included); less than start_hour wraps past midnight.',
  }),
  days: Type.String({ enum: ['All', 'Weekday', 'Weekend'], description: 'All, Weekday or Weekend.' }),
  rate: Type.Number({ minimum: 0, maximum: 1000, description: 'Cents per kWh in this window.' }),
});

const flag = (description: string) => Type.Boolean({ description });

export const Plan = Type.Object({
  id_plan: Type.Integer(),
  name: Type.String(),
  published: Type.Boolean(),
  id_utility: Type.Integer(),
  id_customer_type: Type.Integer(),
  description: Type.String(),
  id_term: Type.Integer({ description: 'The term in months.' }),
  id_plan_type: Type.Integer({ description: '1 fixed, 2 variable, 4 daily rate.' }),
  rate: Type.Number({
    description: 'Energy charge in cents per rate_unit; the reference rate for variable and daily plans.',
  }),
  rate_unit: Type.String({ description: 'kWh for electricity; Ccf (Ohio) or therm (Georgia) for gas.' }),
  monthly_fee: Type.Number({ description: 'Dollars a month.' }),
  cancellation_fee: Type.Number({ description: 'Early termination fee in dollars.' }),
  risk_free_trial_period: Type.Integer({
    description: 'Days in which the customer may leave without a fee.',
  }),
  available_from_date: PlainDate,
  available_until_date: Nullable(PlainDate),
  early_termination_text: Type.String(),
  id_commodity: Type.Integer({ description: '1 Electric, 2 Gas.' }),
  promo_code: Nullable(Type.String()),
  billing_system_plan_code: Type.String(),
  deprecated: Type.Boolean(),
  version: Type.Integer(),
  recurring_billing_required: Type.Boolean(),
  min_start_date_delay_days: Type.Integer(),
  initial_discount_percentage: Nullable(Type.Number()),
  initial_discount_period: Nullable(Type.Integer()),
  initial_discount_rate: Nullable(Type.Number()),
  term: Type.Integer(),
  terms_text: Type.String(),
  customer_type: Type.String(),
  commodity_name: Type.String(),
  renewable_percent: Type.Number(),
  rate_type: Type.String({ description: 'Fixed, Variable, Daily Rate or Time of Use.' }),
  rate500: Nullable(
    Type.Number({ description: 'EFL average price in cents per kWh at 500 kWh a month; null for gas.' }),
  ),
  rate1000: Nullable(Type.Number({ description: 'EFL average price at 1,000 kWh.' })),
  rate2000: Nullable(Type.Number({ description: 'EFL average price at 2,000 kWh.' })),
  decimal_places_to_show: Type.Integer(),
  divide_montly_fee_by: Type.Integer(),
  present_divided_monthly_fee: Type.Boolean(),
  not_able_renewals: flag('The plan cannot be chosen at renewal.'),
  not_able_reenrolls: flag('The plan cannot be chosen to re-enroll.'),
  is_time_of_use: Type.Boolean(),
  time_of_use_rates: Type.Array(TimeOfUseRate),
  delivery_charges: Type.Array(DeliveryChargeSchema, {
    description: "The utility's delivery charges used in the EFL prices.",
  }),
  plan_documents: Type.Array(PlanDocument),
  market_documents: Type.Array(MarketDocument),
  acceptance_options: Type.Array(AcceptanceOption),
  general_rules: GeneralRules,
  customer_fields: Type.Array(FieldValidatorSchema),
  display_in_wizard: flag('On sale today to the caller (published, in its window, campaign code valid).'),
});

export const BulkPlan = Type.Object({
  ...Plan.properties,
  utility_name: Type.String(),
  utility_code: Type.String(),
  utility_formal_name: Type.String(),
});

export const WizardQuery = Type.Object({
  ids_utilities: IdList('Utilities whose plans to list (required).'),
  customer_type: Type.Optional(Id('Only plans for this customer type (id_customer_type).')),
  promo_code: Type.Optional(
    Type.String({ minLength: 1, maxLength: 40, description: 'Adds the plans of this campaign.' }),
  ),
  languageId: Type.Optional(
    Id(
      "id_language from GET /document-languages: the plan and market documents' links open that language's PDF; the default language when absent.",
    ),
  ),
});

export const BillEstimateQuery = Type.Object({
  ids_plans: Type.Array(Id('Plans to estimate the bill of (id_plan), 1 to 10.'), {
    minItems: 1,
    maxItems: 10,
    description: 'Plans to estimate the bill of (id_plan), 1 to 10.',
  }),
  usage: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    description:
      "The month's usage in each plan's unit (rate_unit): kWh for electricity, Ccf (Ohio) or therms (Georgia) for gas.",
  }),
  promo_code: WizardQuery.properties.promo_code,
});

export const BillEstimate = Type.Object({
  id_plan: Type.Integer(),
  usage: Type.Integer({ description: 'The usage asked, in `unit`.' }),
  unit: Type.String({ description: "The plan's rate_unit: kWh, Ccf or therm." }),
  average_price: Type.Number({
    description:
      "The month's bill ÷ usage, in cents per unit, rounded to the plan's decimal_places_to_show (as rate1000 is).",
  }),
  monthly_bill: Type.Number({
    description:
      "The month's bill in dollars, to the cent: energy, the plan's base charge and the utility's delivery charges " +
      'in force today; no taxes or one-time fees.',
  }),
});

export const SwitchTypeField = Type.Union(
  SWITCH_TYPES.map((t) => Type.Literal(t)),
  {
    description:
      'Switch supplier at the address, or start service when moving in (Texas); one the utility takes (its switch_types).',
  },
);

export const StartPriorityField = Type.Union(
  START_PRIORITIES.map((p) => Type.Literal(p)),
  { description: 'Priority move-in: service may start today. Standard when left out.' },
);

export const StartDatesQuery = Type.Object({
  switchType: SwitchTypeField,
  priority: Type.Optional(StartPriorityField),
});

export const StartDates = Type.Object({
  id_plan: Type.Integer(),
  switch_type: Type.String({ description: 'The switch type asked.' }),
  priority: Type.String({ description: 'The priority asked; Standard when left out.' }),
  min_start_date_delay_days: Type.Integer({
    description:
      "The plan's days from today before service may start; a priority move-in may start today all the same.",
  }),
  allow_weekend_start_dates: Type.Boolean({ description: 'Whether the utility starts service on weekends.' }),
  earliest_start_date: DateOf('The first date an enrollment may ask for (requestedStartDate).'),
  available_dates: Type.Array(PlainDate, {
    description:
      `Every date POST /enrollments/create accepts as requestedStartDate, from earliest_start_date for ${LISTED_START_DAYS} ` +
      'days (that day included): a date of the span left out is refused. Later dates follow the same rule.',
  }),
});

export const PlanBundle = Type.Object({
  id_bundle: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  id_electric_plan: Type.Integer(),
  id_gas_plan: Type.Integer(),
  id_customer_type: Type.Integer(),
  id_market: Type.Integer(),
  electric_plan: Plan,
  gas_plan: Plan,
});

export const BundleQuery = Type.Object({
  zipCodeId: Type.Optional(Id('id_zipcode from GET /zipcodes: only bundles whose utilities serve it.')),
  electricUtilityId: Id('The electric utility.'),
  gasUtilityId: Id('The gas utility.'),
  customerTypeId: Type.Optional(Id('Only bundles for this customer type.')),
  promoCode: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
});

export const PlanIdParams = Type.Object({ planId: Id('id_plan') });
export const LanguageQuery = Type.Object({
  languageId: Type.Optional(
    Id('id_language from GET /document-languages; the default language when absent.'),
  ),
});

export const ThankYouPage = Type.Object({
  id_plan: Type.Integer(),
  plan_name: Type.String(),
  thank_you_text: Type.String(),
  brand: Type.Object({
    name: Type.String(),
    phone: Type.String(),
    email: Type.String(),
    office_hours: Type.String(),
  }),
  documents: Type.Array(PlanDocument),
  rescission_period: Type.Integer({ description: 'Days the customer may still cancel without a fee.' }),
});

export const ValidationResult = Type.Object({
  is_valid: Type.Boolean(),
  errors: Type.Array(Type.Object({ code: Type.String(), message: Type.String() })),
});

export const CustomerFieldsQuery = Type.Object({
  customerFields: Type.String({
    minLength: 2,
    maxLength: 4000,
    description:
      'A JSON object of field name to value, e.g. {"firstName":"Ana","primaryPhoneNumber":"5125550100"}.',
  }),
  idPlan: Id('The plan whose rules apply.'),
});

export const AddressFieldsQuery = Type.Object({
  address: Type.String({ minLength: 1, maxLength: 100, description: 'The value to check.' }),
  planId: Id('The plan whose utility rules apply.'),
  fieldType: Type.Literal('ldc_account_number', {
    description: 'The field to check; only ldc_account_number.',
  }),
});

export const PlanZipcode = Type.Object({ zipcode: Type.String() });

/** A plan as staff weigh it for a customer: its prices today, the EFL's averages, documents and acceptance options. */
export const AveragePrices = Type.Object(
  { at500: Nullable(Type.Number()), at1000: Nullable(Type.Number()), at2000: Nullable(Type.Number()) },
  { description: "The EFL's average prices in cents per kWh, delivery included; null for gas." },
);

export const PlanTerms = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  version: Type.Integer(),
  onSale: Type.Boolean({ description: 'Published and in its sale window today.' }),
  rateType: Type.String({ description: 'Fixed, Variable, Daily Rate or Time of Use.' }),
  rate: Type.Number({ description: 'Energy charge in cents per rate unit.' }),
  rateUnit: Type.String(),
  monthlyFee: Type.Number({ description: 'Dollars a month.' }),
  cancellationFee: Type.Number({ description: 'Early termination fee in dollars.' }),
  term: Type.Integer({ description: 'Months; 0 month to month.' }),
  averagePrices: Nullable(AveragePrices),
  documents: Type.Array(
    Type.Object({
      type: Type.String({ description: 'EFL, TOS, YRAC, …' }),
      name: Type.String(),
      url: Type.String({ description: "Signed link to the PDF in the customer's language, valid 24 hours." }),
    }),
    { description: "The plan's documents and the market's, as the customer is given them." },
  ),
  acceptanceOptions: Type.Array(
    Type.Object({ id: Type.Integer(), text: Type.String(), required: Type.Boolean() }),
    { description: 'What the customer agrees to when enrolling on it.' },
  ),
});
