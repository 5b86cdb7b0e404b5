import { Type } from 'typebox';

export const LoginQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200, description: 'The web service account API key.' }),
  timestamp: Type.Integer({
    minimum: 0,
    maximum: 99_999_999_999,
    description: 'Current UTC time in Unix seconds.',
  }),
  signature: Type.String({
    pattern: '^[0-9a-fA-F]{64}$',
    description: 'Hex HMAC-SHA256, keyed with the account secret, of `token + ":" + timestamp`.',
  }),
});

export const RefreshBody = Type.Object({
  token: Type.String({
    minLength: 1,
    maxLength: 4096,
    description: 'The last access token (it may be expired).',
  }),
  refreshToken: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'The refresh token issued with it.',
  }),
});

export const LogoutBody = Type.Object({
  refreshToken: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'A refresh token of the login to end.',
  }),
});

export const CustomerSupport = Type.Object({
  phone: Type.String(),
  email: Type.String(),
  hours: Type.String(),
});

export const AuthResult = Type.Object({
  token: Type.String({ description: 'Access token (JWT) for `Authorization: Bearer`.' }),
  refreshToken: Type.String({ description: 'Single-use refresh token; each refresh returns a new one.' }),
  expiresIn: Type.Integer({ description: 'Seconds until the access token expires.' }),
  customerSupport: Type.Union([CustomerSupport, Type.Null()], {
    description: "The retail company's customer support contact, for display to customers.",
  }),
  roleGroups: Type.Array(Type.String(), { description: 'Role groups of the account.' }),
});
