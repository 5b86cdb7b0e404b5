import { Type } from 'typebox';
import { PagingQuery } from '../../http/envelope.js';
import { DateOf, Id, Nullable, UsStateCode, UsZipCode } from '../../http/schemas.js';

/** The sales status an affiliate moves through update-status (see PROSPECT_STATUS_TRANSITIONS). */
export const PROSPECT_STATUSES = [
  'New',
  'Contacted',
  'Quote_Sent',
  'Quote_Expired',
  'Contract_Sent',
  'Contract_Expired',
  'Contract_Signed',
  'Contract_Approved',
  'Canceled',
] as const;
export type ProspectStatus = (typeof PROSPECT_STATUSES)[number];

/** The statuses a prospect may be created in; the others are reached through update-status or by the system. */
export const INITIAL_PROSPECT_STATUSES = ['New', 'Contacted', 'Quote_Sent'] as const;

/** The document-signing status, driven only by the signing service's signed webhooks. */
export const SIGNING_STATUSES = [
  'Created',
  'OnHold',
  'Unsigned',
  'PartiallySigned',
  'Completed',
  'Expired',
  'Canceled',
] as const;
export type SigningStatus = (typeof SIGNING_STATUSES)[number];

/**
 * How the customer signs the contract: Remote (the signing service emails the link, or texts it without an email
 * address) or InPerson (on the sales representative's device, through POST /prospects/{prospectId}/signing-view).
 */
export const SIGNING_METHODS = ['Remote', 'InPerson'] as const;
export type SigningMethod = (typeof SIGNING_METHODS)[number];

const NonEmpty = (description: string, maxLength = 100) =>
  Type.String({ minLength: 1, maxLength, description });
const OptionalText = (description: string, maxLength = 100) =>
  Type.Optional(Type.String({ maxLength, description }));

export const ProspectAddress = Type.Object({
  address1: NonEmpty('Street address.', 200),
  address2: OptionalText('Apartment, suite or unit.', 200),
  city: NonEmpty('City.'),
  state: UsStateCode,
  zipCode: UsZipCode,
  county: OptionalText('County.'),
});

export const ProspectCustomer = Type.Object({
  firstName: OptionalText('First name.'),
  lastName: OptionalText('Last name.'),
  firmName: OptionalText('Business name, for business customers.', 200),
  contactName: OptionalText('Contact person, for business customers.', 200),
  email: Type.Optional(Type.String({ format: 'email', maxLength: 254, description: 'Email address.' })),
  phoneNumber: NonEmpty('Phone number.', 30),
  idPreferedLanguage: Id('id_language from GET /document-languages.'),
});

export const ProspectRequest = Type.Object({
  customer: ProspectCustomer,
  serviceAddress: ProspectAddress,
  billingAddress: Type.Optional(ProspectAddress),
  ldc: Type.String({ maxLength: 100, description: 'The LDC account number (ESIID in Texas), if known.' }),
  commodityName: NonEmpty('Electric or Gas; must be the commodity of the utility.'),
  priceProviderUtilityCode: NonEmpty('Utility code as in the pricing matrix, e.g. ONCOR.'),
  priceFileDate: DateOf('Date of the price file the price was quoted from (YYYY-MM-DD).'),
  zone: NonEmpty('Pricing zone, e.g. NORTH.'),
  rateCode: NonEmpty('Rate code of the pricing matrix, e.g. RES-FIXED.'),
  term: Type.Integer({ minimum: 1, maximum: 36, description: 'Contract term in months, 1 to 36.' }),
  startDate: DateOf('Requested service start date (YYYY-MM-DD).'),
  price: Type.Number({ minimum: 0, description: 'Price quoted to the customer, $/kWh or $/therm.' }),
  affiliateCommissionRate: Type.Optional(
    Type.Number({ minimum: 0, description: "The affiliate's commission, $/kWh or $/therm." }),
  ),
  usageTier: NonEmpty('Usage tier of the pricing matrix, e.g. 0-100 (annual MWh) or ALL.'),
  customerType: NonEmpty('Customer type code: Residential, SmallBusiness or LargeBusiness.'),
  agentName: OptionalText('Name of the sales agent.', 200),
  serviceReferenceId: OptionalText("The affiliate's reference for the service point."),
  annualUsage: Type.Optional(
    Type.Number({ minimum: 0, description: 'Estimated annual usage, kWh or therms.' }),
  ),
  affiliateReferenceId: OptionalText("The affiliate's own id for this prospect."),
  repReferenceId: OptionalText("The sales representative's id in the affiliate's system."),
  userName: NonEmpty('User name of the person entering the prospect.'),
  status: Type.Enum([...INITIAL_PROSPECT_STATUSES], {
    description: 'Initial sales status: New, Contacted or Quote_Sent.',
  }),
  idProspectPackage: Id('idProspectPackage from GET /prospects/packages.'),
});

export const ProspectDocument = Type.Object({
  idDocument: Type.Integer(),
  fileName: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  uploadedAt: Type.String({ format: 'date-time' }),
  downloadUrl: Type.String({ description: 'Absolute signed link, valid for 24 hours, no token needed.' }),
});

const AddressOut = Type.Object({
  address1: Type.String(),
  address2: Nullable(Type.String()),
  city: Type.String(),
  state: Type.String(),
  zipCode: Type.String(),
  county: Nullable(Type.String()),
});

export const Prospect = Type.Object({
  idProspect: Type.Integer(),
  customer: Type.Object({
    firstName: Nullable(Type.String()),
    lastName: Nullable(Type.String()),
    firmName: Nullable(Type.String()),
    contactName: Nullable(Type.String()),
    email: Nullable(Type.String()),
    phoneNumber: Type.String(),
    idPreferedLanguage: Type.Integer(),
  }),
  serviceAddress: AddressOut,
  billingAddress: AddressOut,
  ldc: Type.String(),
  commodityName: Type.String(),
  priceProviderUtilityCode: Type.String(),
  priceFileDate: Type.String(),
  zone: Type.String(),
  rateCode: Type.String(),
  term: Type.Integer(),
  startDate: Type.String(),
  price: Type.Number(),
  affiliateCommissionRate: Nullable(Type.Number()),
  usageTier: Type.String(),
  customerType: Type.String(),
  agentName: Nullable(Type.String()),
  serviceReferenceId: Nullable(Type.String()),
  annualUsage: Nullable(Type.Number()),
  affiliateReferenceId: Nullable(Type.String()),
  repReferenceId: Nullable(Type.String()),
  userName: Type.String(),
  status: Type.Enum([...PROSPECT_STATUSES], { description: 'Sales status.' }),
  signingStatus: Nullable(
    Type.Enum([...SIGNING_STATUSES], {
      description: 'Status of the contract at the signing service; null until a contract is sent.',
    }),
  ),
  signingMethod: Nullable(
    Type.Enum([...SIGNING_METHODS], {
      description:
        'How the current contract is signed: Remote (link by email or SMS) or InPerson (signing view); null until a contract is sent.',
    }),
  ),
  idProspectPackage: Type.Integer(),
  utility: Type.Object({
    id_utility: Type.Integer(),
    code: Type.String(),
    name: Type.String(),
    commodity: Type.String(),
  }),
  affiliate: Nullable(Type.Object({ idAffiliate: Type.Integer(), name: Type.String() })),
  expirationDate: Type.String({ description: 'Last day the quote or contract is valid (YYYY-MM-DD).' }),
  rate: Type.Number({ description: 'Pricing matrix price for this prospect, $/kWh or $/therm.' }),
  createdAt: Type.String({ format: 'date-time' }),
  modifiedAt: Type.String({ format: 'date-time' }),
  documents: Type.Array(ProspectDocument),
});

const Instant = (description: string) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})?)?$',
    maxLength: 35,
    description,
  });

export const ProspectsQuery = Type.Object({
  updateFrom: Type.Optional(
    Instant('Only prospects created or changed at or after this instant (a date means its start, UTC).'),
  ),
  updateTo: Type.Optional(
    Instant('Only prospects created or changed at or before this instant (a date means its end, UTC).'),
  ),
  affiliateReferenceId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  repReferenceId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  status: Type.Optional(Type.Enum([...PROSPECT_STATUSES])),
  ldcNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  hasRepReferenceId: Type.Optional(
    Type.Enum(['All', 'Yes', 'No'], {
      default: 'All',
      description: 'Yes: only prospects with a repReferenceId; No: only those without.',
    }),
  ),
  ...PagingQuery.properties,
});

export const StatusUpdateRequest = Type.Object({
  newStatus: Type.Enum([...PROSPECT_STATUSES]),
  repReferenceId: OptionalText('Sets the sales representative reference at the same time.'),
  signingMethod: Type.Optional(
    Type.Enum([...SIGNING_METHODS], {
      description:
        'Only with newStatus Contract_Sent. Remote (default): the signing service emails the contract to the customer, ' +
        'or texts the link when the prospect has no email. InPerson: the signing service sends nothing; the customer ' +
        'signs on your device through a one-time URL from POST /prospects/{prospectId}/signing-view.',
    }),
  ),
});

export const SigningViewRequest = Type.Object({
  returnUrl: Type.String({
    minLength: 1,
    maxLength: 2000,
    description:
      'Absolute https URL the browser returns to when the signing session ends, with `event` added to its query: ' +
      '`signing_complete`, `decline`, `cancel` (signing postponed), `session_timeout`, `ttl_expired` (the URL was ' +
      'opened after it expired), `viewing_complete` or `exception`. http is accepted only for localhost outside production.',
  }),
});

export const SigningView = Type.Object({
  url: Type.String({
    description: 'Open it at once in the browser the customer signs in: it works once, within five minutes.',
  }),
  expiresAt: Type.String({ format: 'date-time', description: 'The URL does not work after this instant.' }),
});

export const StatusUpdateResponse = Type.Object({
  idProspect: Type.Integer(),
  previousStatus: Type.Enum([...PROSPECT_STATUSES]),
  newStatus: Type.Enum([...PROSPECT_STATUSES]),
});

export const PricingMatrixRules = Type.Object({
  availableCustomerTypes: Type.Array(Type.String(), {
    description: 'Customer type codes prospects may be created for.',
  }),
  termsAvailableForUse: Type.Array(Type.Integer(), { description: 'Terms (months) prospects may use.' }),
  recomendedPricingMatrixTerms: Type.Array(Type.Integer(), {
    description: 'Terms (months) the pricing portal shows first.',
  }),
  tenorLimitForPrices: Type.Integer({
    description: 'How many months after the price file date a start date may be priced.',
  }),
});

export const PackagesQuery = Type.Object({
  State: Type.Optional(
    Type.String({ pattern: '^[A-Za-z]{2}$', maxLength: 2, description: 'USPS state code.' }),
  ),
  PriceProviderUtilityCode: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  CustomerType: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});

export const ProspectPackage = Type.Object({
  idProspectPackage: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  customerTypes: Type.Array(Type.String(), { description: 'Customer type codes.' }),
  markets: Type.Array(
    Type.Object({ id_market: Type.Integer(), name: Type.String(), state_code: Type.String() }),
  ),
  utilities: Type.Array(
    Type.Object({ id_utility: Type.Integer(), code: Type.String(), name: Type.String() }),
  ),
  documents: Type.Array(
    Type.Object({
      idDocument: Type.Integer(),
      name: Type.String(),
      documentType: Type.String(),
      url: Type.String(),
    }),
  ),
});

export const PricingMatrixImportResult = Type.Object({
  idImport: Type.Integer(),
  fileName: Type.String(),
  rows: Type.Integer({ description: 'Prices loaded; the import replaces the whole matrix.' }),
  priceFileDate: Type.String(),
  utilities: Type.Array(Type.String()),
  importedAt: Type.String({ format: 'date-time' }),
});

export const ProspectIdParams = Type.Object({ prospectId: Id('idProspect') });
