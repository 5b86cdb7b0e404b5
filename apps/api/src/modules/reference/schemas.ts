import { Type } from 'typebox';
import { HEX_COLOUR_PATTERN, SITE_LANGUAGES } from '../../domain/branding.js';
import { Id } from '../../http/schemas.js';

export const Brand = Type.Object({
  id_site: Type.Integer(),
  system_name: Type.String({ description: 'Stable key of the brand, used in `GET /brands/{systemName}`.' }),
  name: Type.String(),
  legal_name: Type.String(),
  url: Type.String(),
  my_account_url: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  office_hours: Type.String(),
  license_number: Type.String({ description: 'Retail licence or certificate number shown on contracts.' }),
  wizard_welcome_text: Type.String(),
  wizard_thank_you_text: Type.String(),
  active: Type.Boolean(),
  logo_url: Type.String({
    description:
      "The brand's logo (SVG or PNG), an absolute URL; empty when the brand has none. A logo Voltin keeps itself is " +
      "served on this API's public address, under /brand-logos/.",
  }),
  primary_color: Type.String({
    pattern: HEX_COLOUR_PATTERN,
    description: "Main colour of the brand's sites (headers, buttons), as #rrggbb.",
  }),
  accent_color: Type.String({
    pattern: HEX_COLOUR_PATTERN,
    description: "Second colour of the brand's sites (highlights, links), as #rrggbb.",
  }),
  terms_url: Type.String({ description: 'Terms of service page of the brand; empty when not set.' }),
  privacy_url: Type.String({ description: 'Privacy notice page of the brand; empty when not set.' }),
  default_language: Type.Enum([...SITE_LANGUAGES], {
    description: "Language the brand's sites open in (a `short_name` of `GET /document-languages`).",
  }),
});

export const State = Type.Object({ id_state: Type.Integer(), code: Type.String(), name: Type.String() });
export const County = Type.Object({
  id_county: Type.Integer(),
  id_state: Type.Integer(),
  name: Type.String(),
});
export const City = Type.Object({ id_city: Type.Integer(), id_county: Type.Integer(), name: Type.String() });
export const Zipcode = Type.Object({
  id_zipcode: Type.Integer(),
  zipcode: Type.String(),
  id_city: Type.Integer(),
  city: Type.String(),
  id_county: Type.Integer(),
  county: Type.String(),
  id_state: Type.Integer(),
  state_code: Type.String(),
});
export const ZipcodeQuery = Type.Object({
  stateCode: Type.Optional(
    Type.String({ pattern: '^[A-Za-z]{2}$', maxLength: 2, description: 'Only zip codes in this state.' }),
  ),
  zipcode: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,5}$',
      maxLength: 5,
      description: 'Only zip codes starting with these digits.',
    }),
  ),
});

export const IdName = Type.Object({ id: Type.Integer(), name: Type.String() });
export const IdNameFilterType = Type.Union([
  Type.Literal('State'),
  Type.Literal('County'),
  Type.Literal('City'),
]);
export const IdNameQuery = Type.Object({
  type: IdNameFilterType,
  parentId: Type.Optional(
    Id('Only counties of this state (type County) or cities of this county (type City).'),
  ),
});

export const Language = Type.Object({
  id_language: Type.Integer(),
  name: Type.String(),
  short_name: Type.String(),
  is_default: Type.Boolean(),
  active: Type.Boolean(),
});
export const LanguagesQuery = Type.Object({
  onlyActives: Type.Optional(Type.Boolean({ default: false, description: 'Only active languages.' })),
});

export const ContactMethod = Type.Object({
  id_method_contact: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
});
