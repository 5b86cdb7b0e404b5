import type { Kysely, Selectable } from 'kysely';
import type { Static } from 'typebox';
import { Compile } from 'typebox/compile';
import type { FlagValue } from '../../db/columns.js';
import type { BrandsTable, CompanySettingsTable, Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { ApiError, notFound } from '../../http/errors.js';
import { listContactMethods, listLanguages } from '../reference/index.js';
import { Brand, Settings } from './company-file.js';
import { ConfigurationParameters } from './schemas.js';
import * as store from './store.js';

/** Every setting with its value: what the company file says, its defaults filled in. */
export type SettingValues = Required<Static<typeof Settings>>;
export type BrandValues = Required<Static<typeof Brand>>;
type SettingKey = keyof SettingValues;
type BrandKey = keyof BrandValues;

const SETTING_KEYS = Object.keys(Settings.properties) as SettingKey[];
const BRAND_KEYS = Object.keys(Brand.properties) as BrandKey[];
/** A setting's schema as JSON Schema reads it (its keywords), whatever TypeBox type made it. */
const schemaOf = (key: SettingKey) => Settings.properties[key] as unknown as Record<string, unknown>;
const FLAG_SETTINGS = SETTING_KEYS.filter((key) => schemaOf(key).type === 'boolean');
/** The payment rules' settings; the others the company's customers and agents see (support). */
const PAYMENT_SETTINGS: readonly SettingKey[] = [
  'payment_return_origins',
  'max_single_payment_cents',
  'credit_check_valid_days',
];

export type SettingGroup = 'configuration' | 'payments' | 'support';
export type SettingKind = 'choice' | 'flag' | 'number' | 'text' | 'origins';

/** One setting as an Administrator reads it: its meaning and allowed values come from the company file's schema. */
export interface SettingMeaning {
  key: SettingKey;
  group: SettingGroup;
  kind: SettingKind;
  description: string;
  allowed: string[];
  minimum: number | null;
  maximum: number | null;
}

const groupOf = (key: SettingKey): SettingGroup =>
  Object.hasOwn(ConfigurationParameters.properties, key)
    ? 'configuration'
    : PAYMENT_SETTINGS.includes(key)
      ? 'payments'
      : 'support';

const literalsOf = (schema: Record<string, unknown>): string[] =>
  ((schema as { anyOf?: { const?: unknown }[] }).anyOf ?? []).flatMap((member) =>
    typeof member.const === 'string' ? [member.const] : [],
  );

function meaningOf(key: SettingKey): SettingMeaning {
  const schema = schemaOf(key);
  const allowed = literalsOf(schema);
  const kind: SettingKind =
    allowed.length > 0
      ? 'choice'
      : schema.type === 'boolean'
        ? 'flag'
        : schema.type === 'integer'
          ? 'number'
          : schema.type === 'array'
            ? 'origins'
            : 'text';
  return {
    key,
    group: groupOf(key),
    kind,
    description: String(schema.description ?? (schema.items as { description?: string })?.description ?? ''),
    allowed,
    minimum: typeof schema.minimum === 'number' ? schema.minimum : null,
    maximum: typeof schema.maximum === 'number' ? schema.maximum : null,
  };
}

/** Each setting's meaning, in the company file's order: the schema is their one source. */
export const SETTING_MEANINGS: readonly SettingMeaning[] = SETTING_KEYS.map(meaningOf);

const flag = (value: boolean): FlagValue => (value ? 1 : 0);

/** The columns that hold some settings (flags are 0/1, the return origins a JSON list). */
export function settingColumns(values: Partial<SettingValues>) {
  const columns: Record<string, unknown> = { ...values };
  for (const key of FLAG_SETTINGS) if (key in values) columns[key] = flag(values[key] as boolean);
  if (values.payment_return_origins)
    columns.payment_return_origins = JSON.stringify(values.payment_return_origins);
  return columns as Partial<Omit<Selectable<CompanySettingsTable>, 'company_id' | 'version'>>;
}

function settingValuesOf(row: Selectable<CompanySettingsTable>): SettingValues {
  const values = Object.fromEntries(SETTING_KEYS.map((key) => [key, row[key]])) as Record<string, unknown>;
  for (const key of FLAG_SETTINGS) values[key] = row[key] === 1;
  values.payment_return_origins = JSON.parse(row.payment_return_origins);
  return values as SettingValues;
}

const brandValuesOf = (row: Selectable<BrandsTable>) =>
  Object.fromEntries(BRAND_KEYS.map((key) => [key, row[key]])) as BrandValues;

const brandView = (row: Selectable<BrandsTable>) => ({
  id: row.id,
  active: row.active === 1,
  version: row.version,
  ...brandValuesOf(row),
});

/** The keys whose values differ, for the audit summary. */
const changedKeys = <T extends Record<string, unknown>>(before: T, after: T) =>
  Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));

const changedMeanwhile = (what: string) =>
  new ApiError(
    'COMPANY_SETUP_CHANGED',
    `${what} changed since you read them (someone else saved first); nothing was saved. Read them again.`,
  );

const brandDefaults = Compile(Brand);

/**
 * The company's set-up as its Administrators change it in the console: settings and brands, by the company file's
 * own schemas (one rule per value, whichever way it is set). Payments and credit checks read these very rows at each
 * call, so a change holds from the next call. Each change names the version it read: the second of two concurrent
 * edits is refused (409 COMPANY_SETUP_CHANGED) by a conditional update, never merged silently.
 */
export function createCompanySetup(db: Kysely<Database>) {
  async function settingsRow(companyId: number) {
    const row = await store.findSettings(db, companyId);
    if (!row) throw notFound('The company settings');
    return row;
  }

  async function brandRow(companyId: number, brandId: number) {
    const row = await store.findBrand(db, companyId, brandId);
    if (!row) throw notFound(`Brand ${brandId}`);
    return row;
  }

  async function settings(companyId: number) {
    const row = await settingsRow(companyId);
    return { version: row.version, values: settingValuesOf(row), parameters: [...SETTING_MEANINGS] };
  }

  const systemNameTaken = (systemName: string) =>
    new ApiError('BRAND_SYSTEM_NAME_TAKEN', `The company already has a brand "${systemName}".`, [
      'system_name: already used by another brand of the company',
    ]);

  return {
    settings,

    async changeSettings(
      companyId: number,
      { version, ...change }: Partial<SettingValues> & { version: number },
    ) {
      const before = settingValuesOf(await settingsRow(companyId));
      if (!(await store.updateSettings(db, companyId, settingColumns(change), version)))
        throw changedMeanwhile('The company settings');
      const after = await settings(companyId);
      return { before, after, changed: changedKeys(before, after.values) };
    },

    async brands(companyId: number) {
      return (await store.findBrands(db, companyId)).sort((a, b) => a.id - b.id).map(brandView);
    },

    async createBrand(companyId: number, brand: Static<typeof Brand>) {
      const values = brandDefaults.Default(structuredClone(brand)) as BrandValues;
      try {
        const id = await store.insertBrand(db, companyId, { ...values, active: 1 });
        return brandView(await brandRow(companyId, id));
      } catch (error) {
        throw isUniqueViolation(error) ? systemNameTaken(values.system_name) : error;
      }
    },

    async changeBrand(
      companyId: number,
      brandId: number,
      { version, ...change }: Partial<Omit<BrandValues, 'system_name'>> & { version: number },
    ) {
      const before = brandValuesOf(await brandRow(companyId, brandId));
      if (!(await store.updateBrand(db, brandId, change, version)))
        throw changedMeanwhile(`Brand ${brandId}`);
      const row = await brandRow(companyId, brandId);
      return { before, after: brandView(row), changed: changedKeys(before, brandValuesOf(row)) };
    },

    /** What the company's sales are typed and worded by: its customer types, and the installation's lists. */
    async referenceLists(companyId: number) {
      const [customerTypes, languages, contactMethods] = await Promise.all([
        store.findCustomerTypes(db, companyId),
        listLanguages(db, false),
        listContactMethods(db),
      ]);
      return {
        customerTypes: customerTypes.map((type) => ({
          id: type.id,
          code: type.code,
          name: type.name,
          prospectExpirationDays: type.prospect_expiration_days,
          sendEtfValue: type.send_etf_value === 1,
        })),
        languages: languages.map((l) => ({
          id: l.id,
          name: l.name,
          shortName: l.short_name,
          isDefault: l.is_default === 1,
          active: l.active === 1,
        })),
        contactMethods: contactMethods.map((m) => ({ id: m.id, name: m.name, description: m.description })),
      };
    },
  };
}

export type CompanySetup = ReturnType<typeof createCompanySetup>;
