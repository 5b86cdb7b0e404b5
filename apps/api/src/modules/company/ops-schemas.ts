import { type TOptional, type TProperties, type TSchema, Type } from 'typebox';
import { SWITCH_TYPES } from '../../domain/switch-types.js';
import { Id, Nullable } from '../../http/schemas.js';
import { Brand, Settings } from './company-file.js';

export const UtilityIdPath = Type.Object({ utilityId: Id('The utility id.') });

const UtilityCounts = Type.Object({
  zipcodes: Type.Integer({ description: 'Zip codes the utility serves.' }),
  plans: Type.Integer({
    description: 'Plans of the utility in the catalogue (drafts included, retired ones not).',
  }),
  esiids: Nullable(
    Type.Integer({
      description:
        'Premises of the ESIID directory placed with this TDSP; null for a utility without ESIIDs.',
    }),
  ),
});

/** What pricing staff change of a utility's market rules. */
export const UtilityMarketSettings = Type.Object({
  allowEnrollments: Type.Boolean({
    description:
      'The utility takes new enrollments: off, the wizard lists none of its plans and a new enrollment is refused ' +
      '(422 UTILITY_NOT_ENROLLING); renewals and transfers of its customers go on.',
  }),
  ldcLabel: Type.String({
    minLength: 1,
    maxLength: 40,
    description: 'What the customer is asked for: ESIID, Account Number, Choice ID…',
  }),
  ldcPrefix: Nullable(
    Type.String({
      maxLength: 40,
      description:
        'How every number of the utility starts (a TDSP’s ESIID prefix); the wizard pre-fills it and the ESIID import ' +
        'places each ESIID with the TDSP whose prefix and length it has. Shorter than ldcLength; null for none.',
    }),
  ),
  ldcLength: Type.Integer({ minimum: 1, maximum: 40, description: 'Characters of every number.' }),
  ldcOnlyNumbers: Type.Boolean({ description: 'Digits only; otherwise letters and digits.' }),
  ldcMask: Type.String({
    maxLength: 80,
    description:
      'How the number is shown as it is typed: one `9` per digit (or `*` per letter or digit when letters are ' +
      'allowed), spaces, dashes, dots and slashes between; as many placeholders as ldcLength.',
  }),
  switchTypes: Type.Array(Type.String({ enum: [...SWITCH_TYPES] }), {
    minItems: 1,
    maxItems: SWITCH_TYPES.length,
    uniqueItems: true,
    description: 'How customers may come to the supplier here: Switch, and Move-In where the market has it.',
  }),
});

export const UtilitySettingsChange = Type.Partial(UtilityMarketSettings, { minProperties: 1 });

export const UtilitySummary = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  commodity: Type.String({ enum: ['Electric', 'Gas'] }),
  stateCode: Type.String(),
  active: Type.Boolean({
    description: 'In the company’s business; an inactive utility is kept for its history.',
  }),
  allowEnrollments: Type.Boolean(),
  ldcLabel: Type.String(),
  counts: UtilityCounts,
});

export const UtilityDetail = Type.Object({
  ...UtilitySummary.properties,
  formalName: Type.String(),
  marketName: Type.String(),
  hasEsiidDirectory: Type.Boolean({
    description: 'A Texas TDSP with an ESIID prefix: the ESIID extract loads premises for it.',
  }),
  settings: UtilityMarketSettings,
  zipcodes: Type.Array(Type.String(), { description: 'The zip codes it serves, in order.' }),
});

export const ZipcodeList = Type.Object({
  zipcodes: Type.Array(Type.String({ maxLength: 20 }), {
    maxItems: 10_000,
    description:
      'Every zip code the utility serves (5 digits each); replaces the list. A code given twice counts once.',
  }),
});

export const ZipcodeChange = Type.Object({
  added: Type.Array(Type.String(), { description: 'Served now and not before.' }),
  removed: Type.Array(Type.String(), { description: 'Served before and not now.' }),
  unchanged: Type.Integer({ description: 'Served before and now.' }),
  zipcodes: Type.Array(Type.String(), { description: 'The whole list after the change.' }),
});

const SetupVersion = Type.Integer({
  minimum: 1,
  description:
    'The version read. A change sends it back and is refused (409 COMPANY_SETUP_CHANGED) when someone saved since.',
});

/** A setting's meaning and allowed values, read from the company file's schema. */
const SettingMeaning = Type.Object({
  key: Type.String({
    description: 'The setting, as the company file and GET /configuration-parameters name it.',
  }),
  group: Type.Union([Type.Literal('configuration'), Type.Literal('payments'), Type.Literal('support')], {
    description:
      'configuration: served by the public GET /configuration-parameters; payments: payment and credit rules; support: contacts and the rest.',
  }),
  kind: Type.Union(
    [
      Type.Literal('choice'),
      Type.Literal('flag'),
      Type.Literal('number'),
      Type.Literal('text'),
      Type.Literal('origins'),
    ],
    {
      description:
        'How the value is written: one of `allowed`, true/false, a whole number, text, a list of origins.',
    },
  ),
  description: Type.String(),
  allowed: Type.Array(Type.String(), {
    description: 'The values a choice may take (empty for other kinds).',
  }),
  minimum: Nullable(Type.Integer()),
  maximum: Nullable(Type.Integer()),
});

export const CompanySettingsView = Type.Object({
  version: SetupVersion,
  values: Type.Required(Settings),
  parameters: Type.Array(SettingMeaning),
});

/**
 * A change's fields as the company file's schema has them, each optional and less its default: the server fills
 * defaults into a request, and a field a change leaves out must keep its value.
 */
const changeableFields = <P extends TProperties>(properties: P) =>
  Object.fromEntries(
    Object.entries(properties).map(([key, schema]) => {
      const { default: _default, ...rest } = schema as Record<string, unknown>;
      return [key, Type.Optional(rest as unknown as TSchema)];
    }),
  ) as unknown as { [K in keyof P]: TOptional<P[K]> };

export const CompanySettingsChange = Type.Object(
  { version: SetupVersion, ...changeableFields(Settings.properties) },
  { additionalProperties: false, minProperties: 2 },
);

export const BrandIdPath = Type.Object({ brandId: Id('The brand id.') });

export const BrandView = Type.Object({
  id: Type.Integer(),
  active: Type.Boolean({ description: 'Sold under; a brand left out of the company file is inactive.' }),
  version: SetupVersion,
  ...Type.Required(Brand).properties,
});

export const BrandCreation = Brand;

const { system_name: _key, ...brandFields } = Brand.properties;
export const BrandChange = Type.Object(
  { version: SetupVersion, ...changeableFields(brandFields) },
  {
    additionalProperties: false,
    minProperties: 2,
    description: 'The fields to change; `system_name` is the stable key and never changes.',
  },
);

export const ReferenceLists = Type.Object({
  customerTypes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      code: Type.String(),
      name: Type.String(),
      prospectExpirationDays: Type.Integer(),
      sendEtfValue: Type.Boolean(),
    }),
    { description: "The company's customer types (set by the company file)." },
  ),
  languages: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      shortName: Type.String(),
      isDefault: Type.Boolean(),
      active: Type.Boolean(),
    }),
    { description: "The installation's languages, the same for every company." },
  ),
  contactMethods: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), description: Type.String() }),
    { description: "The installation's contact (consent) methods, the same for every company." },
  ),
});
