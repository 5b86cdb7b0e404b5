import type { Kysely } from 'kysely';
import type { Config } from '../../config/index.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { type Clock, epochSeconds } from '../../domain/clock.js';
import type { Page, Paging } from '../../http/envelope.js';
import { ApiError, notFound } from '../../http/errors.js';
import type { StaffCaller, StaffSessionLookup } from '../../security/callers.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../../security/passwords.js';
import { open, type SecretBox, seal } from '../../security/secret-box.js';
import { newOpaqueToken, sha256Hex } from '../../security/tokens.js';
import type { AuditActor, AuditLog } from '../audit/index.js';
import { assertPasswordPolicy, isValidEmail } from '../customers/index.js';
import type { createLoginThrottle } from '../rate-limits/index.js';
import { isRole, PLATFORM_OPERATOR, permissionsOf, type Role } from './roles.js';
import * as store from './store.js';
import { newTotpSecret, totpStep, totpUri } from './totp.js';

/** Seconds between two writes of a session's last activity: often enough for the idle timeout, not every request. */
const TOUCH_EVERY_SECONDS = 60;

export interface StaffDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'mode' | 'passwordHashCost' | 'console'>;
  clock: Clock;
  secretBox: SecretBox;
  loginThrottle: ReturnType<typeof createLoginThrottle>;
  audit: AuditLog;
}

export interface SignInInput {
  email: string;
  password: string;
  totp?: string;
}

export interface StaffUserView {
  id: number;
  email: string;
  name: string;
  roles: string[];
  totpEnabled: boolean;
  disabled: boolean;
  /** Waiting for the user to choose a password through a set-up link. */
  setupPending: boolean;
  createdAt: string;
}

export interface SignedIn {
  token: string;
  maxAgeSeconds: number;
  session: {
    csrfToken: string;
    user: { email: string; name: string; roles: string[]; permissions: string[] };
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const rolesOf = (row: { roles: string }): string[] => JSON.parse(row.roles) as string[];

const viewOf = (row: store.StaffUserRow): StaffUserView => ({
  id: row.id,
  email: row.email,
  name: row.name,
  roles: rolesOf(row),
  totpEnabled: row.totp_enabled === 1,
  disabled: row.disabled_at !== null,
  setupPending: row.password_hash === null,
  createdAt: row.created_at,
});

/** Roles a company's Administrator gives: known ones, never the platform operator's. */
function assertRoles(roles: string[]): asserts roles is Role[] {
  const unknown = roles.filter((role) => !isRole(role) || role === PLATFORM_OPERATOR);
  if (roles.length === 0 || unknown.length > 0)
    throw new ApiError(
      'VALIDATION_FAILED',
      'roles: name at least one role a company may give.',
      unknown.map((role) => `roles: "${role}" cannot be given here`),
    );
}

const staffEmailTaken = () =>
  new ApiError('STAFF_EMAIL_TAKEN', 'A staff user with this email already exists.');

const signInFailed = () => new ApiError('STAFF_SIGN_IN_FAILED', 'The email or password is not correct.');

/** The Operations console's staff: sign-in with an optional second factor, sessions, users and their roles. */
export function createStaffService(deps: StaffDeps) {
  const { db, config, clock, secretBox, loginThrottle, audit } = deps;
  const now = () => epochSeconds(clock);

  /** A one-time code is accepted once: a second use of the same (or an older) step is refused. */
  async function acceptTotp(userId: number, sealedSecret: string | null, code: string): Promise<boolean> {
    if (!sealedSecret) return false;
    const step = totpStep(open(secretBox, sealedSecret), code, clock);
    return step !== null && (await store.claimTotpStep(db, userId, step));
  }

  async function openSession(user: store.StaffUserRow, ip: string, userAgent: string): Promise<SignedIn> {
    const token = newOpaqueToken();
    const csrfToken = newOpaqueToken();
    const at = now();
    await store.insertSession(db, {
      staff_user_id: user.id,
      company_id: user.company_id,
      token_hash: sha256Hex(token),
      csrf_token: csrfToken,
      ip,
      user_agent: userAgent.slice(0, 300),
      created_at: at,
      last_seen_at: at,
      expires_at: at + config.console.absoluteSeconds,
    });
    const roles = rolesOf(user);
    return {
      token,
      maxAgeSeconds: config.console.absoluteSeconds,
      session: {
        csrfToken,
        user: { email: user.email, name: user.name, roles, permissions: permissionsOf(roles) },
      },
    };
  }

  /** A new one-time set-up link for the user: choosing a password (and, for Administrators, an authenticator). */
  async function issueSetupLink(userId: number, within: Kysely<Database> = db): Promise<string> {
    const token = newOpaqueToken();
    await store.updateUser(within, userId, {
      setup_token_hash: sha256Hex(token),
      setup_expires_at: now() + config.console.setupLinkSeconds,
    });
    return `${config.console.baseUrl}/setup/${token}`;
  }

  async function userOf(companyId: number, id: number): Promise<store.StaffUserRow> {
    const user = await store.findUser(db, companyId, id);
    if (!user) throw notFound(`Staff user ${id}`);
    return user;
  }

  /**
   * A user the company's Administrators may change: not a platform operator, whose powers reach every company (an
   * Administrator resetting that password would take them over).
   */
  async function manageableUserOf(companyId: number, id: number): Promise<store.StaffUserRow> {
    const user = await userOf(companyId, id);
    if (rolesOf(user).includes(PLATFORM_OPERATOR))
      throw new ApiError(
        'STAFF_USER_PROTECTED',
        'This is a platform operator: only the operator command (npm run console:create-operator) manages that login.',
      );
    return user;
  }

  /**
   * Administrators must keep a second factor in production (the spec of the console's staff access), and so must the
   * platform operator, whose role reaches every company.
   */
  const needsTotp = (roles: readonly string[]) =>
    config.mode === 'production' && (roles.includes('Administrator') || roles.includes(PLATFORM_OPERATOR));

  async function liveSetup(token: string): Promise<store.StaffUserRow> {
    const user = await store.findUserBySetupToken(db, sha256Hex(token));
    if (!user || (user.setup_expires_at ?? 0) <= now() || user.disabled_at !== null)
      throw new ApiError('STAFF_SETUP_LINK_INVALID', 'This set-up link is unknown, used or expired.');
    return user;
  }

  return {
    async signIn(input: SignInInput, ip: string, userAgent: string): Promise<SignedIn> {
      const email = normalizeEmail(input.email);
      const attempt = await loginThrottle.attempt('staff-login', email, ip);
      const user = await store.findUserByEmail(db, email);
      const valid =
        user?.password_hash && user.disabled_at === null
          ? await verifyPassword(input.password, user.password_hash)
          : await verifyAgainstDecoy(input.password, config.passwordHashCost);
      if (!user || !valid) throw signInFailed();
      if (user.totp_enabled === 1) {
        if (!input.totp || !(await acceptTotp(user.id, user.totp_secret_sealed, input.totp)))
          throw new ApiError(
            'STAFF_TOTP_REQUIRED',
            input.totp
              ? 'The one-time code is not correct or was already used.'
              : 'Enter the code from your authenticator app.',
          );
      } else if (needsTotp(rolesOf(user))) {
        throw new ApiError(
          'STAFF_TOTP_SETUP_REQUIRED',
          'Administrators need an authenticator app; ask another Administrator for a set-up link.',
        );
      }
      await attempt.succeeded();
      return openSession(user, ip, userAgent);
    },

    /** The session a cookie stands for: over after its idle time or its absolute lifetime, whichever comes first. */
    async session(token: string): Promise<StaffSessionLookup> {
      const row = await store.findSessionWithUser(db, sha256Hex(token));
      if (!row || row.ended_at !== null || row.disabled_at !== null) return { status: 'unknown' };
      const at = now();
      if (at >= row.expires_at || at - row.last_seen_at >= config.console.idleSeconds) {
        await store.endSession(db, row.session_id, at);
        return { status: 'expired' };
      }
      if (at - row.last_seen_at >= TOUCH_EVERY_SECONDS) await store.touchSession(db, row.session_id, at);
      const roles = JSON.parse(row.roles) as string[];
      const staff: StaffCaller = {
        staffUserId: row.user_id,
        companyId: row.company_id,
        email: row.email,
        name: row.name,
        roles,
        permissions: permissionsOf(roles),
        sessionId: row.session_id,
        csrfToken: row.csrf_token,
      };
      return { status: 'valid', staff };
    },

    signOut: (staff: StaffCaller) => store.endSession(db, staff.sessionId, now()),

    /** Ends every session of the user, this browser's included. */
    signOutEverywhere: (userId: number) => store.endUserSessions(db, userId, now()),

    async list(companyId: number, paging: Paging): Promise<Page<StaffUserView>> {
      const { items, total } = await store.listUsers(db, companyId, paging);
      return { items: items.map(viewOf), total };
    },

    /** A new staff member, who chooses a password through the set-up link answered (shown once). */
    async create(
      by: AuditActor,
      input: { email: string; name: string; roles: string[] },
    ): Promise<{ user: StaffUserView; setupLink: string }> {
      const email = normalizeEmail(input.email);
      if (!isValidEmail(email)) throw new ApiError('VALIDATION_FAILED', 'email: not a valid email address.');
      assertRoles(input.roles);
      if (await store.findUserByEmail(db, email)) throw staffEmailTaken();
      const id = await store.insertUser(db, {
        company_id: by.companyId,
        email,
        name: input.name.trim(),
        roles: JSON.stringify(input.roles),
        created_at: clock.now().toISOString(),
      });
      const setupLink = await issueSetupLink(id);
      const user = viewOf(await userOf(by.companyId, id));
      await audit.record(by, {
        action: 'staff.create',
        targetType: 'staff_user',
        targetId: id,
        summary: `Added ${email} as ${input.roles.join(', ')}`,
        after: user,
      });
      return { user, setupLink };
    },

    /** New roles or a disabled/enabled user; the last active Administrator stays one. */
    async update(
      by: AuditActor,
      id: number,
      changes: { roles?: string[]; disabled?: boolean; name?: string },
    ): Promise<StaffUserView> {
      const before = viewOf(await manageableUserOf(by.companyId, id));
      if (changes.roles) assertRoles(changes.roles);
      const after = {
        roles: changes.roles ?? before.roles,
        disabled: changes.disabled ?? before.disabled,
      };
      const stopsAdministering =
        before.roles.includes('Administrator') &&
        !before.disabled &&
        (!after.roles.includes('Administrator') || after.disabled);
      if (stopsAdministering && (await this.activeAdministrators(by.companyId)) <= 1)
        throw new ApiError(
          'STAFF_LAST_ADMINISTRATOR',
          'This would leave the company with no active Administrator; make someone else one first.',
        );
      await store.updateUser(db, id, {
        ...(changes.roles ? { roles: JSON.stringify(changes.roles) } : {}),
        ...(changes.name ? { name: changes.name.trim() } : {}),
        ...(changes.disabled === undefined
          ? {}
          : {
              disabled_at: changes.disabled
                ? before.disabled
                  ? undefined
                  : clock.now().toISOString()
                : null,
            }),
      });
      if (after.disabled) await store.endUserSessions(db, id, now());
      const updated = viewOf(await userOf(by.companyId, id));
      await audit.record(by, {
        action: 'staff.update',
        targetType: 'staff_user',
        targetId: id,
        summary: `Changed ${updated.email}`,
        before,
        after: updated,
      });
      return updated;
    },

    async activeAdministrators(companyId: number): Promise<number> {
      const { items } = await store.listUsers(db, companyId, { pageNumber: 1, pageSize: 1000 });
      return items.filter((row) => row.disabled_at === null && rolesOf(row).includes('Administrator')).length;
    },

    /** An Administrator's password reset: the old password stops working, every session ends, a set-up link is made. */
    async resetPassword(by: AuditActor, id: number): Promise<{ setupLink: string }> {
      const user = await manageableUserOf(by.companyId, id);
      await store.updateUser(db, id, { password_hash: null, totp_enabled: 0, totp_secret_sealed: null });
      await store.endUserSessions(db, id, now());
      const setupLink = await issueSetupLink(id);
      await audit.record(by, {
        action: 'staff.reset-password',
        targetType: 'staff_user',
        targetId: id,
        summary: `Reset the password of ${user.email} (set-up link issued, sessions ended)`,
      });
      return { setupLink };
    },

    async endSessionsOf(by: AuditActor, id: number): Promise<{ ended: number }> {
      const user = await manageableUserOf(by.companyId, id);
      const ended = await store.endUserSessions(db, id, now());
      await audit.record(by, {
        action: 'staff.sign-out-everywhere',
        targetType: 'staff_user',
        targetId: id,
        summary: `Ended ${ended} session(s) of ${user.email}`,
      });
      return { ended };
    },

    /**
     * What the set-up page shows: who the link is for, and an authenticator secret to scan (kept sealed until the
     * set-up is completed with a code from it; a second look shows the same secret).
     */
    async setupDetails(token: string) {
      const user = await liveSetup(token);
      let secret =
        user.totp_secret_sealed && user.totp_enabled === 0 ? open(secretBox, user.totp_secret_sealed) : null;
      if (!secret) {
        secret = newTotpSecret();
        await store.updateUser(db, user.id, { totp_secret_sealed: seal(secretBox, secret), totp_enabled: 0 });
      }
      return {
        email: user.email,
        name: user.name,
        totpRequired: needsTotp(rolesOf(user)),
        totpSecret: secret,
        totpUri: totpUri(secret, user.email),
      };
    },

    /** Sets the password (and, with a code from the shown secret, the second factor); the link works once. */
    async completeSetup(token: string, input: { password: string; totp?: string }): Promise<void> {
      const user = await liveSetup(token);
      assertPasswordPolicy('password', input.password, user.email);
      if (needsTotp(rolesOf(user)) && !input.totp)
        throw new ApiError(
          'STAFF_TOTP_REQUIRED',
          'Administrators must enrol an authenticator app: enter its code.',
        );
      if (input.totp && !(await acceptTotp(user.id, user.totp_secret_sealed, input.totp)))
        throw new ApiError(
          'STAFF_TOTP_REQUIRED',
          'The one-time code is not correct; check the app and try again.',
        );
      const taken = await store.consumeSetupToken(db, user.id, sha256Hex(token), {
        password_hash: await hashPassword(input.password, config.passwordHashCost),
        totp_enabled: input.totp ? 1 : 0,
        ...(input.totp ? {} : { totp_secret_sealed: null }),
      });
      if (!taken) throw new ApiError('STAFF_SETUP_LINK_INVALID', 'This set-up link was just used.');
      await store.endUserSessions(db, user.id, now());
      await audit.record(
        { companyId: user.company_id, staffUserId: user.id, actor: user.email, ip: 'set-up link' },
        {
          action: 'staff.complete-setup',
          targetType: 'staff_user',
          targetId: user.id,
          summary: `${user.email} chose a password${input.totp ? ' and enrolled an authenticator' : ''}`,
        },
      );
    },

    /** How many staff users each company has: the platform operator's list of companies. */
    headcountByCompany: () => store.countUsersByCompany(db),

    /** Sessions over for a day are deleted (the background purge). */
    purgeEnded: () => store.deleteSessionsEndedBefore(db, now() - 86_400),

    /**
     * A user only the installation's operator makes, who chooses a password through the set-up link answered: a
     * company's first Administrator, made with the company by the platform operator (inside the company's own
     * transaction, `within`, so neither exists without the other) or by the operator command; or a platform operator,
     * made by the operator command only.
     */
    async createByOperator(
      by: AuditActor,
      person: { email: string; name: string; role: 'Administrator' | typeof PLATFORM_OPERATOR },
      within: Kysely<Database> = db,
    ): Promise<{ user: StaffUserView; setupLink: string }> {
      const email = normalizeEmail(person.email);
      if (!isValidEmail(email)) throw new ApiError('VALIDATION_FAILED', 'email: not a valid email address.');
      if (await store.findUserByEmail(within, email)) throw staffEmailTaken();
      const id = await store
        .insertUser(within, {
          company_id: by.companyId,
          email,
          name: person.name.trim(),
          roles: JSON.stringify([person.role]),
          created_at: clock.now().toISOString(),
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? staffEmailTaken() : error;
        });
      const setupLink = await issueSetupLink(id, within);
      const user = viewOf((await store.findUser(within, by.companyId, id))!);
      await audit.record(
        by,
        {
          action: 'staff.create',
          targetType: 'staff_user',
          targetId: id,
          summary: `Added ${email} as ${person.role}`,
          after: user,
        },
        within,
      );
      return { user, setupLink };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
