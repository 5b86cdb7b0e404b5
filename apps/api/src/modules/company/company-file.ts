import { type Static, Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { CUSTOMER_TYPE_REQUIRED_FLAGS } from '../../db/migrations/2026-11-21T0000-platform-core.js';
import { US_STATES, UTILITIES } from '../../db/seed/data/index.js';
import {
  BRAND_LOGO_FILE,
  BRAND_LOGO_PATH,
  BRANDING_DEFAULTS,
  HEX_COLOUR_PATTERN,
  SITE_LANGUAGES,
} from '../../domain/branding.js';
import { PAYMENT_TYPES } from '../../domain/charges.js';
import { PAYMENT_GATEWAYS } from './schemas.js';

/**
 * The company file of `npm run company:apply`: one retail company as its operator describes it. This schema is the
 * one source of the file's shape: the command validates with it and the docs site publishes it as JSON Schema.
 */
const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );
const Text = (description: string) => Type.String({ minLength: 1, maxLength: 500, description });
/** Optional in the file: left out, it is true. */
const Flag = (description: string) => Type.Optional(Type.Boolean({ default: true, description }));
const REQUIRABLE_FIELDS = CUSTOMER_TYPE_REQUIRED_FLAGS.map((flag) => flag.replace(/^required_/, ''));
const UTILITY_CODES = UTILITIES.map((u) => u.code);
const STATE_CODES = US_STATES.map((s) => s.code);
/** Optional in the file: left out, it is the default look (BRANDING_DEFAULTS). */
const Colour = (description: string, fallback: string) =>
  Type.Optional(Type.String({ pattern: HEX_COLOUR_PATTERN, default: fallback, description }));
const LINK_PATTERN = '^(https?://\\S+)?$';
const LOGO_URL_PATTERN = `^(https://\\S+|${BRAND_LOGO_PATH}${BRAND_LOGO_FILE})?$`;
/** An optional link: left out or empty, the brand has none. */
const OptionalLink = (description: string) =>
  Type.Optional(Type.String({ pattern: LINK_PATTERN, maxLength: 500, default: '', description }));
/** What a pattern of this schema asks for, in words: its regular expression alone would not say it clearly. */
const PATTERN_IN_WORDS: Record<string, string> = {
  [HEX_COLOUR_PATTERN]: 'must be a colour written #rrggbb (six hexadecimal digits), like #1f4e79',
  [LINK_PATTERN]: 'must be an absolute http:// or https:// URL, or empty',
  [LOGO_URL_PATTERN]: `must be an absolute https:// URL, ${BRAND_LOGO_PATH}<name>.svg or .png (a file of apps/api/brand-logos), or empty`,
};

/** One brand as the file describes it; the console's brand changes are checked by this same schema. */
export const Brand = Type.Object(
  {
    system_name: Type.String({
      pattern: '^[a-z0-9][a-z0-9-]{0,62}$',
      description: 'Stable key of the brand (lowercase letters, digits, dashes); what an update matches on.',
    }),
    name: Text('Name customers see.'),
    legal_name: Text('Legal name printed on contracts.'),
    url: Type.String({ format: 'uri', pattern: '^https?://', description: 'Public web site.' }),
    my_account_url: Type.String({
      format: 'uri',
      pattern: '^https?://',
      description: 'Self-service site; links in mail point there.',
    }),
    phone: Text('Support phone number of the brand.'),
    email: Type.String({ format: 'email', description: 'The address mail of this brand is sent from.' }),
    office_hours: Text('Support hours, in words.'),
    license_number: Text('Licence or certificate number of the retail provider (e.g. the PUCT REP number).'),
    wizard_welcome_text: Text('First words of the enrollment wizard.'),
    wizard_thank_you_text: Text('Last words of the enrollment wizard.'),
    logo_url: Type.Optional(
      Type.String({
        pattern: LOGO_URL_PATTERN,
        maxLength: 500,
        default: BRANDING_DEFAULTS.logo_url,
        description:
          `Logo of the brand's sites: an absolute https URL, or \`${BRAND_LOGO_PATH}<file>\` for a file of ` +
          '`apps/api/brand-logos` that Voltin serves itself. Left out or empty: no logo.',
      }),
    ),
    primary_color: Colour(
      "Main colour of the brand's sites (headers, buttons).",
      BRANDING_DEFAULTS.primary_color,
    ),
    accent_color: Colour(
      "Second colour of the brand's sites (highlights, links).",
      BRANDING_DEFAULTS.accent_color,
    ),
    terms_url: OptionalLink('Terms of service page of the brand.'),
    privacy_url: OptionalLink('Privacy notice page of the brand.'),
    default_language: Type.Optional(
      Type.Enum([...SITE_LANGUAGES], {
        default: BRANDING_DEFAULTS.default_language,
        description: "Language the brand's sites open in.",
      }),
    ),
  },
  { additionalProperties: false },
);

const Market = Type.Object(
  {
    state_code: literals(STATE_CODES, 'State served: a code of the reference states.'),
    name: Text('Name of the market, e.g. "Texas (ERCOT)".'),
    handle_payments: Flag('Voltin takes the payments of this market (false: the billing system does).'),
  },
  { additionalProperties: false },
);

const CustomerType = Type.Object(
  {
    code: Type.String({
      pattern: '^[A-Za-z][A-Za-z0-9]{0,39}$',
      description: 'Stable key of the customer type, e.g. "Residential"; what an update matches on.',
    }),
    name: Text('Name shown to agents and customers.'),
    required: Type.Optional(
      Type.Array(literals(REQUIRABLE_FIELDS, 'A customer field a sale of this type must have.'), {
        uniqueItems: true,
        default: [],
      }),
    ),
    send_etf_value: Flag('Contracts of this type state the early termination fee.'),
    prospect_expiration_days: Type.Integer({
      minimum: 1,
      maximum: 365,
      description: 'How long a prospect lives.',
    }),
  },
  { additionalProperties: false },
);

const PaymentTypes = (description: string) => literals(PAYMENT_TYPES, description);

/** The company's settings as the file describes them; the console's set-up changes are checked by this same schema. */
export const Settings = Type.Object(
  {
    payment_gateway: literals(
      PAYMENT_GATEWAYS,
      'Gateway holding cards and bank accounts (set its account with company:gateway).',
    ),
    deposit_payment_types: PaymentTypes(
      'What customers may pay a deposit with: CreditCard, BankAccount or Both.',
    ),
    one_time_payment_types: PaymentTypes('What customers may make a one-time payment with.'),
    recurring_billing_payment_types: PaymentTypes('What customers may pay recurring bills (autopay) with.'),
    my_account_remove_drop_option: Flag('Self-service customers may drop service.'),
    my_account_transfer_of_service: Flag('Self-service customers may transfer service.'),
    my_account_reenroll_option: Flag('Self-service customers may re-enroll.'),
    my_account_reinstate_option: Flag('Self-service customers may reinstate.'),
    support_phone: Text('Company support phone.'),
    support_email: Type.String({ format: 'email', description: 'Company support address.' }),
    support_hours: Text('Company support hours, in words.'),
    payment_return_origins: Type.Optional(
      Type.Array(
        Type.String({
          pattern: '^https?://[^/?#@\\s]+$',
          description:
            'An origin (scheme, host, optional port; `:*` for any port) the hosted payment page may send a browser back to.',
        }),
        { uniqueItems: true, default: [] },
      ),
    ),
    max_single_payment_cents: Type.Optional(
      Type.Integer({
        minimum: 1,
        default: 500_000,
        description: 'The most one payment may charge, in cents.',
      }),
    ),
    credit_check_valid_days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 365,
        default: 30,
        description: 'How many days a credit check may back an enrollment.',
      }),
    ),
    unknown_esiids: Type.Optional(
      Type.Union([Type.Literal('refuse'), Type.Literal('verify_later')], {
        default: 'refuse',
        description: 'A meter the ESIID data does not know: refuse it, or accept it flagged for an agent.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const CompanyFileSchema = Type.Object(
  {
    $schema: Type.Optional(
      Type.String({ description: "Where the file's JSON Schema is published (ignored)." }),
    ),
    name: Text('Name of the retail company.'),
    slug: Type.String({
      pattern: '^[a-z0-9][a-z0-9-]{1,62}$',
      description: 'Stable key of the company in operator commands (lowercase letters, digits, dashes).',
    }),
    settings: Settings,
    brands: Type.Array(Brand, { minItems: 1 }),
    markets: Type.Array(Market, { minItems: 1 }),
    customer_types: Type.Array(CustomerType, { minItems: 1 }),
    utilities: Type.Array(literals(UTILITY_CODES, 'A reference utility (docs: Utilities), by code.'), {
      minItems: 1,
      uniqueItems: true,
    }),
  },
  {
    additionalProperties: false,
    title: 'Voltin company file',
    description: 'One retail company, applied with `npm run company:apply -- <file>`.',
  },
);
/** The file once the schema's defaults are filled in: every optional setting has its value. */
export type CompanyFile = Omit<
  Required<Static<typeof CompanyFileSchema>>,
  'settings' | 'brands' | 'markets' | 'customer_types'
> & {
  settings: Required<Static<typeof Settings>>;
  brands: Required<Static<typeof Brand>>[];
  markets: Required<Static<typeof Market>>[];
  customer_types: Required<Static<typeof CustomerType>>[];
};

const validator = Compile(CompanyFileSchema);

/** The file refused: one "JSON-pointer: problem" per mistake. */
export class CompanyFileRefused extends Error {
  constructor(readonly problems: string[]) {
    super('The company file is refused; nothing was written.');
  }
}

/** The file parsed and checked against the schema and against itself, with the schema's defaults filled in. */
export function parseCompanyFile(text: string): CompanyFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CompanyFileRefused([`/: not JSON (${(error as Error).message})`]);
  }
  return checkCompanyFile(value);
}

/** A company file already parsed (a request's body), checked as `parseCompanyFile` checks one. */
export function checkCompanyFile(value: unknown): CompanyFile {
  const schemaProblems = [...validator.Errors(value)].map((issue) => {
    const inWords = issue.keyword === 'pattern' ? PATTERN_IN_WORDS[String(issue.params.pattern)] : undefined;
    return `${issue.instancePath || '/'}: ${inWords ?? issue.message}`;
  });
  if (schemaProblems.length > 0) throw new CompanyFileRefused(schemaProblems);
  const file = validator.Default(value) as CompanyFile;
  const problems = [
    ...duplicates(
      file.brands.map((b) => b.system_name),
      '/brands',
      'system_name',
    ),
    ...duplicates(
      file.markets.map((m) => m.state_code),
      '/markets',
      'state_code',
    ),
    ...duplicates(
      file.customer_types.map((t) => t.code),
      '/customer_types',
      'code',
    ),
    ...file.utilities.flatMap((code, i) => {
      const state = UTILITIES.find((u) => u.code === code)!.stateCode;
      return file.markets.some((m) => m.state_code === state)
        ? []
        : [`/utilities/${i}: ${code} serves ${state}, which is not among /markets`];
    }),
  ];
  if (problems.length > 0) throw new CompanyFileRefused(problems);
  return file;
}

function duplicates(keys: string[], pointer: string, key: string): string[] {
  return keys.flatMap((k, i) =>
    keys.indexOf(k) < i ? [`${pointer}/${i}/${key}: "${k}" appears twice`] : [],
  );
}
