import type { FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';

/** Shared parameter shapes, defined once for every module. */
export const Id = (description: string) => Type.Integer({ minimum: 1, maximum: 2_147_483_647, description });

export const UsStateCode = Type.String({
  pattern: '^[A-Z]{2}$',
  maxLength: 2,
  description: 'USPS state abbreviation, e.g. TX.',
});

export const UsZipCode = Type.String({
  pattern: '^[0-9]{5}$',
  maxLength: 5,
  description: 'Five-digit ZIP code.',
});

/** A plain date, YYYY-MM-DD; `description` says which. */
export const DateOf = (description: string) => Type.String({ format: 'date', maxLength: 10, description });
export const PlainDate = DateOf('A plain date, YYYY-MM-DD.');

/** Why a person did something, kept beside the change: at least three characters that are not spaces. */
export const Explanation = (description: string) =>
  Type.String({ minLength: 3, maxLength: 500, pattern: '\\S[\\s\\S]*\\S[\\s\\S]*\\S', description });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A list query parameter, sent repeated (`a=1&a=2`) or comma-separated (`a=1,2`). */
export const IdList = (description: string) => Type.Array(Id(description), { description, maxItems: 100 });

export function commaLists(...names: string[]) {
  return async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    for (const name of names) {
      const value = query[name];
      const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
      if (values.length > 0)
        query[name] = values.flatMap((v) => String(v).split(',')).filter((v) => v !== '');
    }
  };
}

/** The query of a signed download link (`security/signed-links`): both parts are checked together. */
export const SignedLinkQuery = Type.Object({
  expires: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 2 ** 53 - 1, description: 'Expiry of the link, epoch seconds.' }),
  ),
  signature: Type.Optional(Type.String({ maxLength: 128, description: 'HMAC signature of the link.' })),
});
