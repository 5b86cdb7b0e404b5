import { Type } from 'typebox';
import { CompanyFileSchema } from '../company/index.js';

export const PlatformCompany = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String({ description: 'The company’s key in operator commands.' }),
  createdAt: Type.String({ format: 'date-time' }),
  staff: Type.Integer({ minimum: 0, description: 'Staff users of the company, disabled ones included.' }),
});

export const NewCompany = Type.Object(
  {
    company: CompanyFileSchema,
    administrator: Type.Object(
      {
        email: Type.String({
          minLength: 3,
          maxLength: 254,
          description:
            'The first Administrator’s email: unique across every company, since signing in names none.',
        }),
        name: Type.String({ minLength: 1, maxLength: 120 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const CreatedCompany = Type.Object({
  company: PlatformCompany,
  administrator: Type.Object({ email: Type.String(), name: Type.String() }),
  setupLink: Type.String({
    description: 'The first Administrator’s one-time set-up link, shown once: give it to that person only.',
  }),
});

const Utility = Type.Object({
  code: Type.String(),
  name: Type.String(),
  commodity: Type.String({ enum: ['Electric', 'Gas'] }),
});

export const CompanyFileChoices = Type.Object({
  markets: Type.Array(
    Type.Object({
      stateCode: Type.String(),
      stateName: Type.String(),
      utilities: Type.Array(Utility),
    }),
    { description: 'The states Voltin knows utilities in, each with those utilities (the reference data).' },
  ),
});
