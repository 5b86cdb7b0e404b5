import { Type } from 'typebox';
import { Id } from '../../http/schemas.js';
import { GRANTABLE_ROLES, PERMISSIONS } from './roles.js';

const Email = Type.String({
  minLength: 3,
  maxLength: 254,
  description: 'The staff member’s email (case-insensitive).',
});
const RoleName = Type.String({
  enum: GRANTABLE_ROLES,
  description:
    'A role a company may give (the platform operator role is given by the operator command only).',
});
const PermissionName = Type.String({ enum: Object.keys(PERMISSIONS) });
const Roles = Type.Array(RoleName, { minItems: 1, maxItems: GRANTABLE_ROLES.length, uniqueItems: true });
const TotpCode = Type.String({
  pattern: '^\\s*\\d{3}\\s?\\d{3}\\s*$',
  description: 'The 6-digit code of the authenticator app.',
});

export const SignInBody = Type.Object({
  email: Email,
  password: Type.String({ minLength: 1, maxLength: 200 }),
  totp: Type.Optional(TotpCode),
});

export const SessionUser = Type.Object({
  email: Type.String(),
  name: Type.String(),
  roles: Type.Array(Type.String()),
  permissions: Type.Array(PermissionName, {
    description: 'What the roles permit; the console hides what is not here.',
  }),
});

export const StaffSession = Type.Object({
  csrfToken: Type.String({ description: 'Send it as X-CSRF-Token on every call that changes something.' }),
  user: SessionUser,
});

export const StaffUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.String(),
  roles: Type.Array(Type.String()),
  totpEnabled: Type.Boolean(),
  disabled: Type.Boolean(),
  setupPending: Type.Boolean({
    description: 'The user has not chosen a password through the set-up link yet.',
  }),
  createdAt: Type.String(),
});

export const NewStaffUser = Type.Object({
  email: Email,
  name: Type.String({ minLength: 1, maxLength: 120 }),
  roles: Roles,
});

export const StaffUserChanges = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    roles: Type.Optional(Roles),
    disabled: Type.Optional(
      Type.Boolean({ description: 'A disabled user cannot sign in; their sessions end.' }),
    ),
  },
  { minProperties: 1 },
);

export const SetupLink = Type.Object({
  setupLink: Type.String({ description: 'One-time link, shown once: the user chooses a password there.' }),
});

export const CreatedStaffUser = Type.Object({ user: StaffUser, setupLink: SetupLink.properties.setupLink });

export const SetupDetails = Type.Object({
  email: Type.String(),
  name: Type.String(),
  totpRequired: Type.Boolean({
    description: 'Administrators must enrol an authenticator app in production.',
  }),
  totpSecret: Type.String({ description: 'Base32, for typing into an authenticator app by hand.' }),
  totpUri: Type.String({ description: 'otpauth:// URI, shown as a QR code.' }),
});

export const SetupBody = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 200 }),
  totp: Type.Optional(TotpCode),
});

export const SetupParams = Type.Object({ token: Type.String({ minLength: 20, maxLength: 100 }) });
export const StaffIdParams = Type.Object({ id: Id('The staff user’s id.') });
export const EndedSessions = Type.Object({ ended: Type.Integer({ minimum: 0 }) });
export const SignedOut = Type.Object({ signedOut: Type.Boolean() });
export const RoleCatalogue = Type.Array(
  Type.Object({ role: Type.String(), permissions: Type.Array(PermissionName) }),
);
