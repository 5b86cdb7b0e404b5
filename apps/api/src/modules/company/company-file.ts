import type { Kysely, Transaction } from 'kysely';
import { type Static, Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { FlagValue } from '../../db/columns.js';
import { CUSTOMER_TYPE_REQUIRED_FLAGS } from '../../db/migrations/2026-11-21T0000-platform-core.js';
import type { Database } from '../../db/schema.js';
import { US_STATES, UTILITIES } from '../../db/seed/data/index.js';
import { insertUtility, zipcodeIds } from '../../db/seed/sandbox.js';
import { PAYMENT_GATEWAYS, PAYMENT_TYPES } from './schemas.js';

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

const Brand = Type.Object(
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

const PaymentTypes = literals(PAYMENT_TYPES, 'What customers may pay with.');

const Settings = Type.Object(
  {
    payment_gateway: literals(
      PAYMENT_GATEWAYS,
      'Gateway holding cards and bank accounts (set its account with company:gateway).',
    ),
    deposit_payment_types: PaymentTypes,
    one_time_payment_types: PaymentTypes,
    recurring_billing_payment_types: PaymentTypes,
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
export type CompanyFile = Required<Static<typeof CompanyFileSchema>> & {
  settings: Required<Static<typeof Settings>>;
  brands: Static<typeof Brand>[];
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
  const schemaProblems = [...validator.Errors(value)].map(
    (issue) => `${issue.instancePath || '/'}: ${issue.message}`,
  );
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

const flag = (value: boolean): FlagValue => (value ? 1 : 0);

/** What differs between a row and what the file wants, by column name (an empty list: nothing to write). */
function changedColumns<T extends Record<string, unknown>>(
  row: Record<string, unknown>,
  wanted: T,
): (keyof T)[] {
  return Object.keys(wanted).filter((column) => row[column] !== wanted[column]);
}

/**
 * Creates or updates the company of `file`, all in one transaction, and returns what changed (empty: nothing).
 * Nothing a customer depends on is deleted. Decision: a brand, market or utility left out of the file is
 * deactivated (its plans, enrollments and statements keep it); putting it back reactivates it. A customer type has
 * no inactive state and customers and prospects are typed by it, so leaving one out is refused.
 */
export async function applyCompanyFile(
  db: Kysely<Database>,
  file: CompanyFile,
  now: Date,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const changes: string[] = [];
    const companyId = await upsertCompany(trx, file, now, changes);
    await applySettings(trx, companyId, file.settings, changes);
    await applyBrands(trx, companyId, file.brands, changes);
    const markets = await applyMarkets(trx, companyId, file.markets, changes);
    await applyCustomerTypes(trx, companyId, file.customer_types, changes);
    await applyUtilities(trx, companyId, file.utilities, markets, changes);
    return changes;
  });
}

async function upsertCompany(trx: Transaction<Database>, file: CompanyFile, now: Date, changes: string[]) {
  const existing = await trx
    .selectFrom('retail_companies')
    .select(['id', 'name'])
    .where('slug', '=', file.slug)
    .executeTakeFirst();
  if (!existing) {
    const { id } = await trx
      .insertInto('retail_companies')
      .values({ name: file.name, slug: file.slug, created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    changes.push(`created the retail company ${file.name} (${file.slug})`);
    return id;
  }
  if (existing.name !== file.name) {
    await trx
      .updateTable('retail_companies')
      .set({ name: file.name })
      .where('id', '=', existing.id)
      .execute();
    changes.push(`renamed the company to ${file.name}`);
  }
  return existing.id;
}

async function applySettings(
  trx: Transaction<Database>,
  companyId: number,
  settings: CompanyFile['settings'],
  changes: string[],
) {
  const wanted = {
    ...settings,
    my_account_remove_drop_option: flag(settings.my_account_remove_drop_option),
    my_account_transfer_of_service: flag(settings.my_account_transfer_of_service),
    my_account_reenroll_option: flag(settings.my_account_reenroll_option),
    my_account_reinstate_option: flag(settings.my_account_reinstate_option),
    payment_return_origins: JSON.stringify(settings.payment_return_origins),
  };
  const row = await trx
    .selectFrom('company_settings')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) {
    await trx
      .insertInto('company_settings')
      .values({ company_id: companyId, ...wanted })
      .execute();
    changes.push('created the company settings');
    return;
  }
  const changed = changedColumns(row, wanted);
  if (changed.length === 0) return;
  await trx.updateTable('company_settings').set(wanted).where('company_id', '=', companyId).execute();
  changes.push(`updated the company settings: ${changed.join(', ')}`);
}

async function applyBrands(
  trx: Transaction<Database>,
  companyId: number,
  brands: CompanyFile['brands'],
  changes: string[],
) {
  const rows = await trx.selectFrom('brands').selectAll().where('company_id', '=', companyId).execute();
  for (const brand of brands) {
    const wanted = { ...brand, active: 1 as const };
    const row = rows.find((r) => r.system_name === brand.system_name);
    if (!row) {
      await trx
        .insertInto('brands')
        .values({ company_id: companyId, ...wanted })
        .execute();
      changes.push(`created the brand ${brand.system_name}`);
      continue;
    }
    const changed = changedColumns(row, wanted);
    if (changed.length === 0) continue;
    await trx.updateTable('brands').set(wanted).where('id', '=', row.id).execute();
    changes.push(`updated the brand ${brand.system_name}: ${changed.join(', ')}`);
  }
  for (const row of rows) {
    if (row.active === 0 || brands.some((b) => b.system_name === row.system_name)) continue;
    await trx.updateTable('brands').set({ active: 0 }).where('id', '=', row.id).execute();
    changes.push(`deactivated the brand ${row.system_name} (not in the file)`);
  }
}

async function applyMarkets(
  trx: Transaction<Database>,
  companyId: number,
  markets: CompanyFile['markets'],
  changes: string[],
): Promise<Map<string, number>> {
  const rows = await trx.selectFrom('markets').selectAll().where('company_id', '=', companyId).execute();
  const ids = new Map<string, number>();
  for (const market of markets) {
    const wanted = { ...market, handle_payments: flag(market.handle_payments), active: 1 as const };
    const row = rows.find((r) => r.state_code === market.state_code);
    if (!row) {
      const { id } = await trx
        .insertInto('markets')
        .values({ company_id: companyId, ...wanted })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(market.state_code, id);
      changes.push(`created the market ${market.state_code}`);
      continue;
    }
    ids.set(market.state_code, row.id);
    const changed = changedColumns(row, wanted);
    if (changed.length === 0) continue;
    await trx.updateTable('markets').set(wanted).where('id', '=', row.id).execute();
    changes.push(`updated the market ${market.state_code}: ${changed.join(', ')}`);
  }
  for (const row of rows) {
    if (row.active === 0 || ids.has(row.state_code)) continue;
    await trx.updateTable('markets').set({ active: 0 }).where('id', '=', row.id).execute();
    changes.push(`deactivated the market ${row.state_code} (not in the file)`);
  }
  return ids;
}

async function applyCustomerTypes(
  trx: Transaction<Database>,
  companyId: number,
  types: CompanyFile['customer_types'],
  changes: string[],
) {
  const rows = await trx
    .selectFrom('customer_types')
    .selectAll()
    .where('company_id', '=', companyId)
    .execute();
  const leftOut = rows.filter((r) => !types.some((t) => t.code === r.code));
  if (leftOut.length > 0)
    throw new CompanyFileRefused(
      leftOut.map(
        (r) =>
          `/customer_types: "${r.code}" exists and customers and prospects may be typed by it; keep it in the file`,
      ),
    );
  for (const type of types) {
    const { required, send_etf_value, ...rest } = type;
    const wanted = {
      ...rest,
      send_etf_value: flag(send_etf_value),
      ...Object.fromEntries(
        CUSTOMER_TYPE_REQUIRED_FLAGS.map((column) => [
          column,
          flag(required.includes(column.replace(/^required_/, '') as never)),
        ]),
      ),
    };
    const row = rows.find((r) => r.code === type.code);
    if (!row) {
      await trx
        .insertInto('customer_types')
        .values({ company_id: companyId, ...wanted })
        .execute();
      changes.push(`created the customer type ${type.code}`);
      continue;
    }
    const changed = changedColumns(row, wanted);
    if (changed.length === 0) continue;
    await trx.updateTable('customer_types').set(wanted).where('id', '=', row.id).execute();
    changes.push(`updated the customer type ${type.code}: ${changed.join(', ')}`);
  }
}

async function applyUtilities(
  trx: Transaction<Database>,
  companyId: number,
  codes: CompanyFile['utilities'],
  markets: Map<string, number>,
  changes: string[],
) {
  const rows = await trx
    .selectFrom('utilities')
    .select(['id', 'code', 'active'])
    .where('company_id', '=', companyId)
    .execute();
  const customerTypeIds = (
    await trx.selectFrom('customer_types').select('id').where('company_id', '=', companyId).execute()
  ).map((t) => t.id);
  let zipIds: Map<string, number> | undefined;
  for (const code of codes) {
    const row = rows.find((r) => r.code === code);
    if (row?.active === 1) continue;
    if (row) {
      await trx.updateTable('utilities').set({ active: 1 }).where('id', '=', row.id).execute();
      changes.push(`reactivated the utility ${code}`);
      continue;
    }
    const utility = UTILITIES.find((u) => u.code === code)!;
    zipIds ??= await zipcodeIds(trx);
    await insertUtility(trx, companyId, markets.get(utility.stateCode)!, utility, [], zipIds);
    changes.push(`added the utility ${code}`);
  }
  for (const row of rows) {
    if (row.active === 0 || codes.includes(row.code as never)) continue;
    await trx.updateTable('utilities').set({ active: 0 }).where('id', '=', row.id).execute();
    changes.push(`deactivated the utility ${row.code} (not in the file)`);
  }
  await linkEveryCustomerType(trx, companyId, customerTypeIds, changes);
}

/** Every utility of the company serves every customer type of the file (the sandbox's rule): adds missing links. */
async function linkEveryCustomerType(
  trx: Transaction<Database>,
  companyId: number,
  customerTypeIds: number[],
  changes: string[],
) {
  const utilities = await trx
    .selectFrom('utilities')
    .select('id')
    .where('company_id', '=', companyId)
    .execute();
  const links = await trx
    .selectFrom('utility_customer_types')
    .innerJoin('utilities', 'utilities.id', 'utility_customer_types.utility_id')
    .select(['utility_customer_types.utility_id', 'utility_customer_types.customer_type_id'])
    .where('utilities.company_id', '=', companyId)
    .execute();
  const missing = utilities.flatMap((u) =>
    customerTypeIds
      .filter((t) => !links.some((l) => l.utility_id === u.id && l.customer_type_id === t))
      .map((customer_type_id) => ({ utility_id: u.id, customer_type_id })),
  );
  if (missing.length === 0) return;
  await trx.insertInto('utility_customer_types').values(missing).execute();
  changes.push(`linked ${missing.length} utility and customer type pair(s)`);
}
