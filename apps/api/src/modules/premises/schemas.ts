import { Type } from 'typebox';
import { SSN_ERRORS } from '../../domain/ssn.js';
import { Id, Nullable, UsZipCode } from '../../http/schemas.js';

const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Enum([...values], { description });

export const CUSTOMER_TYPE_CODES = ['Residential', 'SmallBusiness', 'LargeBusiness'] as const;
export const PREMISE_TYPES = ['Residential', 'Commercial'] as const;
export const PREMISE_STATUSES = ['Active', 'De-Energized'] as const;
export const METER_TYPES = ['AMSR', 'AMSM', 'IDR', 'NIDR'] as const;

/** Most premises one address search returns. */
export const MAX_PREMISES = 100;

/** The checks of GET /miscellaneous/validate-esiid-address, each with its stable code. */
export const ESIID_CHECKS = {
  ESIID_PREFIX_MISMATCH:
    "The ESIID does not start with the ESIID prefix of any of the company's Texas utilities (TDSPs).",
  ESIID_LENGTH_MISMATCH: "The ESIID has the prefix of a Texas utility but not that utility's ESIID length.",
  ESIID_UNKNOWN: 'No premise has this ESIID in the ERCOT premise directory.',
  ESIID_ADDRESS_MISMATCH:
    'The service address is not the address of this ESIID (house number, street or unit).',
  PREMISE_DE_ENERGIZED:
    'The premise is de-energized: a switch is not possible; request a move-in, which energizes it.',
  PREMISE_TYPE_MISMATCH:
    'The premise type does not fit the customer type (Residential premises for Residential customers, Commercial premises for business customers).',
} as const;
export type EsiidCheckCode = keyof typeof ESIID_CHECKS;

const codeTable = (codes: Record<string, string>) =>
  Object.entries(codes)
    .map(([code, meaning]) => `\`${code}\`: ${meaning}`)
    .join(' ');

export const EsiidByAddressQuery = Type.Object({
  customerType: literals(
    CUSTOMER_TYPE_CODES,
    'Customer type code (Residential, SmallBusiness or LargeBusiness); each premise says whether it fits it.',
  ),
  address: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '\\S',
    description:
      'Street address: house number and street, optionally a unit ("1201 N Elm St Apt 4B"). Case, punctuation and USPS abbreviations do not matter.',
  }),
  zipCode: Type.String({ ...UsZipCode, description: 'Five-digit Texas zip code of the premise.' }),
  alternativeSearch: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        'Loose match: ignore the unit, directionals and the street suffix; the house number must match and the street name only has to start with the text given.',
    }),
  ),
});

export const Premise = Type.Object({
  esiid: Type.String({ description: 'Electric Service Identifier of the premise.' }),
  address: Type.Object({
    address_1: Type.String(),
    address_2: Nullable(Type.String({ description: 'Unit or suite, e.g. "Apt 12B".' })),
    city: Type.String(),
    state: Type.String(),
    zipcode: Type.String(),
  }),
  utility: Type.Object({
    id_utility: Type.Integer({ description: "The company's utility (TDSP) that delivers to the premise." }),
    name: Type.String(),
    code: Type.String(),
  }),
  premise_type: literals(PREMISE_TYPES, 'Residential or Commercial.'),
  status: literals(PREMISE_STATUSES, 'De-Energized premises can be enrolled only as a move-in.'),
  meter_type: literals(
    METER_TYPES,
    'AMSR: advanced meter read remotely; AMSM: advanced meter read manually; IDR: interval data recorder; NIDR: non-interval meter.',
  ),
  fits_customer_type: Type.Boolean({
    description: 'Whether the premise type fits the customer type asked for.',
  }),
});

export const ValidateEsiidAddressQuery = Type.Object({
  esiidNumber: Type.String({
    pattern: '^[0-9]{1,32}$',
    maxLength: 32,
    description: 'The ESIID, digits only.',
  }),
  addressint: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '\\S',
    description: 'The service address to check against the ESIID: house number, street and unit if any.',
  }),
  customerTypeId: Id('id_customer_type of the customer to enroll at the premise.'),
});

export const EsiidValidation = Type.Object({
  is_valid: Type.Boolean(),
  errors: Type.Array(
    Type.Object({
      code: literals(Object.keys(ESIID_CHECKS) as EsiidCheckCode[], codeTable(ESIID_CHECKS)),
      message: Type.String(),
    }),
    { description: 'One entry per failed check; empty when valid.' },
  ),
});

export const ValidateSsnQuery = Type.Object({
  ssn: Type.String({
    minLength: 1,
    maxLength: 20,
    description:
      'Social security number, 9 digits, with or without dashes (123-45-6789). Never echoed or logged.',
  }),
});

export const SsnValidation = Type.Object({
  valid: Type.Boolean(),
  error: Nullable(literals(Object.keys(SSN_ERRORS) as Array<keyof typeof SSN_ERRORS>, codeTable(SSN_ERRORS))),
  error_msg: Nullable(Type.String({ description: 'A sentence for a person; null when valid.' })),
});
