import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, ok, PagedEnvelope, PagingQuery, paged, pagingOf } from '../../http/envelope.js';
import { auditActorOf, clearSessionCookie, setSessionCookie, staffOf } from '../../http/staff-access.js';
import { GRANTABLE_ROLES, ROLES } from './roles.js';
import {
  CreatedStaffUser,
  EndedSessions,
  NewStaffUser,
  RoleCatalogue,
  SetupBody,
  SetupDetails,
  SetupLink,
  SetupParams,
  SignedOut,
  SignInBody,
  StaffIdParams,
  StaffSession,
  StaffUser,
  StaffUserChanges,
} from './schemas.js';
import type { StaffService } from './service.js';

const sessionTags = ['Session'];
const staffTags = ['Staff'];
const signedIn = { permission: 'signed-in' };
const manage = { permission: 'staff.manage' };
const manageUser = { ...manage, errors: ['STAFF_USER_PROTECTED' as const] };

/** The console's sign-in, session and set-up link, and the Administrators' management of staff. */
export const staffRoutes: FastifyPluginAsyncTypebox<{ staff: StaffService }> = async (app, { staff }) => {
  app.post(
    '/session',
    {
      config: {
        access: 'public',
        errors: ['STAFF_SIGN_IN_FAILED', 'STAFF_TOTP_REQUIRED', 'STAFF_TOTP_SETUP_REQUIRED'],
      },
      schema: {
        operationId: 'signIn',
        tags: sessionTags,
        summary: 'Signs in: sets the session cookie and answers the CSRF token and who signed in',
        description:
          'Failed attempts of one email from one address wait longer each time (as customer logins do). A user with an authenticator app enrolled also sends `totp`.',
        body: SignInBody,
        response: { 200: Envelope(StaffSession) },
      },
    },
    async (request, reply) => {
      const signed = await staff.signIn(request.body, request.ip, request.headers['user-agent'] ?? '');
      setSessionCookie(request, reply, signed.token, signed.maxAgeSeconds);
      return ok(signed.session);
    },
  );

  app.get(
    '/session',
    {
      config: signedIn,
      schema: {
        operationId: 'getSession',
        tags: sessionTags,
        summary: 'Who is signed in from this browser, and the CSRF token of the session',
        response: { 200: Envelope(StaffSession) },
      },
    },
    async (request) => {
      const { csrfToken, email, name, roles, permissions } = staffOf(request);
      return ok({ csrfToken, user: { email, name, roles, permissions } });
    },
  );

  app.delete(
    '/session',
    {
      config: signedIn,
      schema: {
        operationId: 'signOut',
        tags: sessionTags,
        summary: 'Signs out this browser',
        response: { 200: Envelope(SignedOut) },
      },
    },
    async (request, reply) => {
      await staff.signOut(staffOf(request));
      clearSessionCookie(request, reply);
      return ok({ signedOut: true });
    },
  );

  app.post(
    '/session/sign-out-everywhere',
    {
      config: signedIn,
      schema: {
        operationId: 'signOutEverywhere',
        tags: sessionTags,
        summary: 'Ends every session of the signed-in user, on every device, this one included',
        response: { 200: Envelope(EndedSessions) },
      },
    },
    async (request, reply) => {
      const ended = await staff.signOutEverywhere(staffOf(request).staffUserId);
      clearSessionCookie(request, reply);
      return ok({ ended });
    },
  );

  app.get(
    '/setup/:token',
    {
      config: { access: 'public', errors: ['STAFF_SETUP_LINK_INVALID'] },
      schema: {
        operationId: 'getSetup',
        tags: sessionTags,
        summary: 'What a set-up link is for: the user, and an authenticator secret to enrol',
        params: SetupParams,
        response: { 200: Envelope(SetupDetails) },
      },
    },
    async (request) => ok(await staff.setupDetails(request.params.token)),
  );

  app.post(
    '/setup/:token',
    {
      config: {
        access: 'public',
        errors: ['STAFF_SETUP_LINK_INVALID', 'STAFF_TOTP_REQUIRED', 'PASSWORD_TOO_WEAK'],
      },
      schema: {
        operationId: 'completeSetup',
        tags: sessionTags,
        summary: 'Chooses the password (and enrols the authenticator app) through a one-time set-up link',
        params: SetupParams,
        body: SetupBody,
        response: { 200: Envelope(SignedOut) },
      },
    },
    async (request) => {
      await staff.completeSetup(request.params.token, request.body);
      return ok({ signedOut: true }, 'Set up: sign in with the new password.');
    },
  );

  app.get(
    '/roles',
    {
      config: signedIn,
      schema: {
        operationId: 'listRoles',
        tags: staffTags,
        summary: 'The roles a company gives its staff and the permissions each grants',
        response: { 200: Envelope(RoleCatalogue) },
      },
    },
    async () => ok(GRANTABLE_ROLES.map((role) => ({ role, permissions: [...ROLES[role]] }))),
  );

  app.get(
    '/staff',
    {
      config: manage,
      schema: {
        operationId: 'listStaff',
        tags: staffTags,
        summary: "The company's staff users",
        querystring: PagingQuery,
        response: { 200: PagedEnvelope(StaffUser) },
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const { items, total } = await staff.list(staffOf(request).companyId, paging);
      return paged(items, total, paging);
    },
  );

  app.post(
    '/staff',
    {
      config: { ...manage, errors: ['STAFF_EMAIL_TAKEN'] },
      schema: {
        operationId: 'createStaff',
        tags: staffTags,
        summary: 'Adds a staff user; answers the one-time set-up link to hand them',
        body: NewStaffUser,
        response: { 200: Envelope(CreatedStaffUser) },
      },
    },
    async (request) => ok(await staff.create(auditActorOf(request), request.body)),
  );

  app.patch(
    '/staff/:id',
    {
      config: { ...manage, errors: ['STAFF_LAST_ADMINISTRATOR', 'STAFF_USER_PROTECTED'] },
      schema: {
        operationId: 'updateStaff',
        tags: staffTags,
        summary: "Changes a staff user's name or roles, or disables (or enables) them",
        params: StaffIdParams,
        body: StaffUserChanges,
        response: { 200: Envelope(StaffUser) },
      },
    },
    async (request) => ok(await staff.update(auditActorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/staff/:id/reset-password',
    {
      config: manageUser,
      schema: {
        operationId: 'resetStaffPassword',
        tags: staffTags,
        summary:
          'Resets a password: the old one and the authenticator stop working, sessions end, a set-up link is answered',
        params: StaffIdParams,
        response: { 200: Envelope(SetupLink) },
      },
    },
    async (request) => ok(await staff.resetPassword(auditActorOf(request), request.params.id)),
  );

  app.post(
    '/staff/:id/sign-out-everywhere',
    {
      config: manageUser,
      schema: {
        operationId: 'endStaffSessions',
        tags: staffTags,
        summary: 'Ends every session of a staff user',
        params: StaffIdParams,
        response: { 200: Envelope(EndedSessions) },
      },
    },
    async (request) => ok(await staff.endSessionsOf(auditActorOf(request), request.params.id)),
  );
};
