import { Type } from 'typebox';

/** What a web service account is for: each public operation's routes name the role groups that may call it. */
export const ROLE_GROUPS = ['Integration', 'CustomerPortal', 'Affiliate', 'Verification', 'Agent'] as const;

/** `*` lets the account call every operation its role groups allow, new ones included. */
export const EVERY_OPERATION = '*';

/** How long a rotated-out secret keeps working: a day unless the Administrator chooses otherwise, a week at most. */
export const DEFAULT_GRACE_HOURS = 24;
export const MAX_GRACE_HOURS = 168;

export const AccountIdPath = Type.Object({ accountId: Type.Integer({ minimum: 1 }) });

const OperationIds = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  maxItems: 1000,
  uniqueItems: true,
  description: 'Public API operation ids the account may call (`*`: every one its role groups allow).',
});

export const ServiceAccount = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  apiKey: Type.String({
    description: 'The public half of the credentials; the secret is never answered again.',
  }),
  roleGroups: Type.Array(Type.String()),
  active: Type.Boolean({ description: 'False once revoked: no login, and its tokens are refused.' }),
  operations: OperationIds,
  affiliate: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()], {
    description: 'The affiliate an Affiliate account is bound to (it sees only that affiliate’s prospects).',
  }),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'The last login or token refresh (not every call).',
  }),
  previousSecretValidUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description:
      'After a rotation, until when the previous secret still logs in; null when only one secret works.',
  }),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const NewServiceAccount = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  roleGroups: Type.Array(Type.Enum([...ROLE_GROUPS]), {
    minItems: 1,
    uniqueItems: true,
    description: 'An Affiliate account has the Affiliate role group alone and names its affiliate.',
  }),
  affiliateId: Type.Optional(Type.Integer({ minimum: 1 })),
  operations: OperationIds,
});

export const AccountWithSecret = Type.Object({
  account: ServiceAccount,
  secret: Type.String({ description: 'Shown this once: Voltin keeps it sealed and cannot show it again.' }),
});

export const RotationBody = Type.Object({
  graceHours: Type.Integer({
    minimum: 0,
    maximum: MAX_GRACE_HOURS,
    default: DEFAULT_GRACE_HOURS,
    description: 'How long the previous secret keeps logging in (0: it stops at once).',
  }),
});

export const PermissionsBody = Type.Object({ operations: OperationIds });

export const PublicOperationGroup = Type.Object({
  tag: Type.String(),
  operations: Type.Array(
    Type.Object({
      operationId: Type.String(),
      method: Type.String(),
      path: Type.String(),
      summary: Type.String(),
    }),
  ),
});
