import { Type } from 'typebox';
import { PagingQuery } from '../../http/envelope.js';

export const TPV_RESULTS = ['NOT_SENT', 'PENDING', 'VERIFIED', 'FAILED', 'COULDNT_CONTACT'] as const;
export type TpvResult = (typeof TPV_RESULTS)[number];

/** Results that must say why. */
export const RESULTS_NEEDING_REASONS: readonly TpvResult[] = ['FAILED', 'COULDNT_CONTACT'];

export const TpvReason = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 50, description: "The provider's reason code." }),
  reason: Type.String({ minLength: 1, maxLength: 500, description: 'The reason in words.' }),
});

export const VerificationUpdate = Type.Object({
  result: Type.Enum([...TPV_RESULTS], { description: 'Outcome of the verification call so far.' }),
  reasons: Type.Optional(
    Type.Array(TpvReason, {
      maxItems: 20,
      description: 'Why; at least one is required when the result is FAILED or COULDNT_CONTACT.',
    }),
  ),
});

export const VerificationParams = Type.Object({
  verificationId: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '^[A-Za-z0-9._-]+$',
    description: 'The verification id the provider was given when the verification was requested.',
  }),
});

export const Verification = Type.Object({
  verificationId: Type.String(),
  enrollmentId: Type.Union([Type.Integer(), Type.Null()]),
  result: Type.Enum([...TPV_RESULTS]),
  reasons: Type.Array(TpvReason),
  updatedAt: Type.String({ format: 'date-time' }),
  verifiedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  history: Type.Array(
    Type.Object({
      result: Type.Enum([...TPV_RESULTS]),
      reasons: Type.Array(TpvReason),
      at: Type.String({ format: 'date-time' }),
    }),
    { description: 'Every update received, oldest first.' },
  ),
});

export const VerificationListQuery = Type.Object({
  result: Type.Optional(
    Type.Enum([...TPV_RESULTS], {
      description: 'Only verifications with this result (e.g. NOT_SENT or PENDING).',
    }),
  ),
  ...PagingQuery.properties,
});

export const VerificationSummary = Type.Object({
  verificationId: Type.String(),
  enrollmentId: Type.Union([Type.Integer(), Type.Null()]),
  result: Type.Enum([...TPV_RESULTS]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
