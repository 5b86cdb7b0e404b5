import { money } from '../billing/index.js';
import { type EnrollmentStatus, LIFECYCLE } from '../enrollments/index.js';
import type { TriggerDefinition, TriggerSource } from './triggers.js';

/** What a send knows about its event; the replacement variables are computed from it. */
export interface EventContext {
  trigger: TriggerDefinition;
  customer: { firstName: string | null; lastName: string | null } | null;
  brand: { name: string; phone: string; url: string; myAccountUrl: string } | null;
  enrollment: {
    id: number;
    /** The status the event is about (status triggers) or the enrollment's current status. */
    status: string;
    startDate: string | null;
    esiid: string;
    serviceAddress: string;
    depositCents: number;
    commodity: string;
  } | null;
  plan: { name: string; rate: number; term: number } | null;
  payment: { amountCents: number; date: string; transactionType: string } | null;
  statement: { balanceCents: number; dueDate: string; statementDate: string } | null;
  prospect: {
    id: number;
    status: string;
    firmName: string | null;
    rateMicros: number;
    term: number;
    startDate: string;
    expirationDate: string;
    ldc: string;
    commodity: string;
  } | null;
}

export interface VariableDefinition {
  name: string;
  description: string;
  example: string;
  /** The trigger sources that provide it; a template may only use the variables its trigger provides. */
  sources: readonly TriggerSource[];
  /** How it is computed, in words (the docs site prints it). */
  computed: string;
  value: (c: EventContext) => string | null | undefined;
}

const CUSTOMER: readonly TriggerSource[] = ['enrollment', 'payment', 'statement'];
const ALL: readonly TriggerSource[] = ['enrollment', 'payment', 'statement', 'prospect'];
const unit = (commodity: string) => (commodity === 'Gas' ? 'therm' : 'kWh');
const nonEmpty = (text: string | null | undefined) => (text ? text : null);

/** The one table of replacement variables: `{{name}}` in a template's subject or body. */
export const REPLACEMENT_VARIABLES: readonly VariableDefinition[] = [
  {
    name: 'customer_first_name',
    description: "The customer's first name.",
    example: 'Dana',
    sources: ALL,
    computed: "customers.first_name; for a prospect, the first name of the prospect's customer.",
    value: (c) => nonEmpty(c.customer?.firstName),
  },
  {
    name: 'customer_last_name',
    description: "The customer's last name.",
    example: 'Demo',
    sources: ALL,
    computed: "customers.last_name; for a prospect, the last name of the prospect's customer.",
    value: (c) => nonEmpty(c.customer?.lastName),
  },
  {
    name: 'brand_name',
    description: 'The brand the email speaks for.',
    example: 'Bluebonnet Energy',
    sources: ALL,
    computed: "The name of the package's brand.",
    value: (c) => c.brand?.name,
  },
  {
    name: 'brand_phone',
    description: "The brand's customer phone number.",
    example: '+1-512-555-0142',
    sources: ALL,
    computed: "The phone of the package's brand.",
    value: (c) => nonEmpty(c.brand?.phone),
  },
  {
    name: 'brand_url',
    description: "The brand's website.",
    example: 'https://www.bluebonnet-energy.example',
    sources: ALL,
    computed: "The url of the package's brand.",
    value: (c) => nonEmpty(c.brand?.url),
  },
  {
    name: 'brand_my_account_url',
    description: "The brand's self-service site.",
    example: 'https://myaccount.bluebonnet-energy.example',
    sources: ALL,
    computed: "The my_account_url of the package's brand.",
    value: (c) => nonEmpty(c.brand?.myAccountUrl),
  },
  {
    name: 'enrollment_id',
    description: 'The enrollment number.',
    example: '1042',
    sources: CUSTOMER,
    computed: 'The id of the enrollment the event is about.',
    value: (c) => (c.enrollment ? String(c.enrollment.id) : null),
  },
  {
    name: 'enrollment_status',
    description: 'The enrollment status code.',
    example: 'PENDING',
    sources: CUSTOMER,
    computed:
      'For enrollment.status.* triggers the status the enrollment moved to; otherwise its status when the email is sent.',
    value: (c) => c.enrollment?.status,
  },
  {
    name: 'enrollment_status_for_customers',
    description: 'The status as customers see it.',
    example: 'Pending start',
    sources: CUSTOMER,
    computed: 'statusForCustomers of enrollment_status in the enrollment lifecycle table.',
    value: (c) =>
      c.enrollment ? (LIFECYCLE[c.enrollment.status as EnrollmentStatus]?.statusForCustomers ?? null) : null,
  },
  {
    name: 'enrollment_start_date',
    description: 'The service start date, YYYY-MM-DD.',
    example: '2026-12-05',
    sources: CUSTOMER,
    computed: 'The contract start date once the billing system set it, otherwise the requested start date.',
    value: (c) => c.enrollment?.startDate,
  },
  {
    name: 'esiid',
    description: 'The ESIID or utility account number of the service address.',
    example: '10443720001234567',
    sources: CUSTOMER,
    computed: "The enrollment's ldc_account.",
    value: (c) => nonEmpty(c.enrollment?.esiid),
  },
  {
    name: 'service_address',
    description: 'The service address on one line.',
    example: '1201 Elm St, Dallas, TX 75201',
    sources: CUSTOMER,
    computed: "The enrollment's service address line 1, city, state and zip code.",
    value: (c) => c.enrollment?.serviceAddress,
  },
  {
    name: 'plan_name',
    description: 'The plan the enrollment is on.',
    example: 'Bluebonnet Energy 12-Month Fixed Electric',
    sources: CUSTOMER,
    computed: "The name of the enrollment's plan.",
    value: (c) => c.plan?.name,
  },
  {
    name: 'plan_rate',
    description: "The plan's energy rate.",
    example: '11.9¢ per kWh',
    sources: CUSTOMER,
    computed: "The plan's rate in cents, per kWh (electric) or per therm (gas).",
    value: (c) => (c.plan && c.enrollment ? `${c.plan.rate}¢ per ${unit(c.enrollment.commodity)}` : null),
  },
  {
    name: 'plan_term',
    description: 'The contract length in months.',
    example: '12',
    sources: CUSTOMER,
    computed: "The plan's term.",
    value: (c) => (c.plan ? String(c.plan.term) : null),
  },
  {
    name: 'amount',
    description: 'The amount the event is about, in dollars.',
    example: '$150.00',
    sources: ['enrollment', 'payment', 'statement'],
    computed:
      "payment.*: the charge's amount; statement.ready: the statement balance; enrollment.status.*: the deposit due (empty when no deposit is due).",
    value: (c) => {
      if (c.payment) return money(c.payment.amountCents);
      if (c.statement) return money(c.statement.balanceCents);
      if (c.enrollment && c.enrollment.depositCents > 0) return money(c.enrollment.depositCents);
      return null;
    },
  },
  {
    name: 'payment_date',
    description: 'The day the payment was approved or declined, YYYY-MM-DD.',
    example: '2026-11-20',
    sources: ['payment'],
    computed: "The date of the charge's last update (when the gateway answered).",
    value: (c) => c.payment?.date,
  },
  {
    name: 'payment_kind',
    description: 'deposit or payment.',
    example: 'payment',
    sources: ['payment'],
    computed: 'deposit for a DEPOSIT charge, payment for one-time and recurring payments.',
    value: (c) => (c.payment ? (c.payment.transactionType === 'DEPOSIT' ? 'deposit' : 'payment') : null),
  },
  {
    name: 'due_date',
    description: 'The statement due date, YYYY-MM-DD.',
    example: '2026-12-15',
    sources: ['statement'],
    computed: 'The due date of the statement the billing system issued.',
    value: (c) => c.statement?.dueDate,
  },
  {
    name: 'statement_date',
    description: 'The statement date, YYYY-MM-DD.',
    example: '2026-11-25',
    sources: ['statement'],
    computed: 'The date the billing system issued the statement.',
    value: (c) => c.statement?.statementDate,
  },
  {
    name: 'prospect_id',
    description: 'The prospect number.',
    example: '7',
    sources: ['prospect'],
    computed: 'The id of the prospect.',
    value: (c) => (c.prospect ? String(c.prospect.id) : null),
  },
  {
    name: 'prospect_status',
    description: "The prospect's sales status.",
    example: 'Contract_Sent',
    sources: ['prospect'],
    computed: 'The sales status the prospect moved to.',
    value: (c) => c.prospect?.status,
  },
  {
    name: 'prospect_business_name',
    description: 'The business name of a business prospect.',
    example: 'Hill Country Bakery',
    sources: ['prospect'],
    computed: "firmName of the prospect's customer (empty for residential prospects).",
    value: (c) => nonEmpty(c.prospect?.firmName),
  },
  {
    name: 'prospect_rate',
    description: 'The quoted price.',
    example: '$0.1190 per kWh',
    sources: ['prospect'],
    computed: "The prospect's rate in dollars with four decimals, per kWh (electric) or per therm (gas).",
    value: (c) =>
      c.prospect
        ? `$${(c.prospect.rateMicros / 1_000_000).toFixed(4)} per ${unit(c.prospect.commodity)}`
        : null,
  },
  {
    name: 'prospect_term',
    description: 'The quoted contract length in months.',
    example: '24',
    sources: ['prospect'],
    computed: "The prospect's term.",
    value: (c) => (c.prospect ? String(c.prospect.term) : null),
  },
  {
    name: 'prospect_start_date',
    description: 'The quoted start date, YYYY-MM-DD.',
    example: '2027-01-01',
    sources: ['prospect'],
    computed: "The prospect's start_date.",
    value: (c) => c.prospect?.startDate,
  },
  {
    name: 'prospect_expiration_date',
    description: 'The day the quote or contract expires, YYYY-MM-DD.',
    example: '2026-12-21',
    sources: ['prospect'],
    computed: "The prospect's expiration_date.",
    value: (c) => c.prospect?.expirationDate,
  },
  {
    name: 'prospect_account_number',
    description: 'The ESIID or utility account number quoted.',
    example: '10443720009876543',
    sources: ['prospect'],
    computed: "The prospect's ldc.",
    value: (c) => nonEmpty(c.prospect?.ldc),
  },
];

export const VARIABLES_BY_NAME = new Map(REPLACEMENT_VARIABLES.map((v) => [v.name, v]));

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;

/** Every {{name}} a text uses, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** The variable names a trigger source provides. */
export function variablesFor(source: TriggerSource): string[] {
  return REPLACEMENT_VARIABLES.filter((v) => v.sources.includes(source)).map((v) => v.name);
}

/** Fills the placeholders; a variable without a value renders empty and is listed in `missing`. */
export function renderText(text: string, values: (name: string) => string | null | undefined) {
  const missing = new Set<string>();
  const rendered = text.replace(PLACEHOLDER, (_all, name: string) => {
    const value = values(name);
    if (value === null || value === undefined || value === '') {
      missing.add(name);
      return '';
    }
    return value;
  });
  return { text: rendered, missing: [...missing] };
}

export const valueFrom = (context: EventContext) => (name: string) =>
  VARIABLES_BY_NAME.get(name)?.value(context);
export const exampleValue = (name: string) => VARIABLES_BY_NAME.get(name)?.example;
