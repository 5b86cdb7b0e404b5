import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { StaffCaller, StaffSessionResolver } from '../security/callers.js';
import { constantTimeEqual } from '../security/tokens.js';
import { accessOf } from './access.js';
import { ApiError } from './errors.js';

/** The console's session cookie: HttpOnly, SameSite=Strict, Secure over HTTPS, for the console's origin only. */
export const STAFF_COOKIE = 'voltin_console_session';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What an ops route needs of the signed-in staff member's roles: a permission (modules/staff/roles.ts), or
     * `signed-in` for what every staff member may do about their own session.
     */
    permission?: string;
  }
  interface FastifyRequest {
    staff: StaffCaller | null;
  }
  interface FastifyInstance {
    /** Every ops operation and the permission it needs (`public` and `signed-in` included), as registered. */
    opsCatalogue: OpsRouteEntry[];
  }
}

export interface OpsRouteEntry {
  method: string;
  url: string;
  operationId: string;
  permission: string;
}

/** The staff member of a route that needs one; the access hook guarantees it is there. */
export function staffOf(request: FastifyRequest): StaffCaller {
  if (!request.staff)
    throw new ApiError('STAFF_SESSION_REQUIRED', 'Sign in to the Operations console first.');
  return request.staff;
}

/** Who made a change, for the audit log: the staff member, from the client's address. */
export function auditActorOf(request: FastifyRequest) {
  const staff = staffOf(request);
  return { companyId: staff.companyId, staffUserId: staff.staffUserId, actor: staff.email, ip: request.ip };
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAge: number,
) {
  reply.setCookie(STAFF_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    maxAge,
  });
}

export const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply) =>
  reply.clearCookie(STAFF_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
  });

async function signedInStaff(resolver: StaffSessionResolver, request: FastifyRequest): Promise<StaffCaller> {
  const token = request.cookies[STAFF_COOKIE];
  if (!token) throw new ApiError('STAFF_SESSION_REQUIRED', 'Sign in to the Operations console first.');
  const found = await resolver.session(token);
  if (found.status === 'expired')
    throw new ApiError('STAFF_SESSION_EXPIRED', 'Your session has ended; sign in again.');
  if (found.status === 'unknown')
    throw new ApiError('STAFF_SESSION_REQUIRED', 'You are signed out; sign in again.');
  return found.staff;
}

function checkCsrf(request: FastifyRequest, staff: StaffCaller): void {
  if (SAFE_METHODS.has(request.method)) return;
  const header = request.headers['x-csrf-token'];
  const sent = Array.isArray(header) ? header[0] : header;
  if (!sent || !constantTimeEqual(sent, staff.csrfToken))
    throw new ApiError(
      'CSRF_TOKEN_INVALID',
      'This change needs the X-CSRF-Token header with the token of your session.',
    );
}

/**
 * The Operations console's access check, for every ops route as it is added (a route names the permission it needs,
 * or is public) and on every request: the session cookie, the CSRF token of a change, then the permission.
 */
export const staffAccessControl = fp<{ resolver: StaffSessionResolver }>(
  async (app: FastifyInstance, { resolver }) => {
    app.decorateRequest('staff', null);
    app.decorate('opsCatalogue', [] as OpsRouteEntry[]);

    app.addHook('onRoute', (route) => {
      const schema = (route.schema ?? {}) as { operationId?: string; hide?: boolean; security?: unknown };
      if (schema.hide) return;
      if (!schema.operationId) throw new Error(`Ops route ${route.method} ${route.url} has no operationId`);
      const access = route.config?.access ?? 'staff';
      if (access !== 'public' && access !== 'staff')
        throw new Error(`Ops route ${route.url} must be public or staff (not ${access})`);
      if (access === 'staff' && !route.config?.permission)
        throw new Error(`Ops route ${route.method} ${route.url} names no permission`);
      route.config = { ...route.config, access };
      schema.security = access === 'public' ? [] : [{ staffSession: [] }];
      route.schema = schema as typeof route.schema;
      for (const method of [route.method].flat().filter((name) => name !== 'HEAD'))
        app.opsCatalogue.push({
          method,
          url: route.url,
          operationId: schema.operationId,
          permission: access === 'public' ? 'public' : route.config.permission!,
        });
    });

    app.addHook('onRequest', async (request) => {
      const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
      if (!operationId || accessOf(request.routeOptions) === 'public') return;
      const staff = await signedInStaff(resolver, request);
      checkCsrf(request, staff);
      const needed = request.routeOptions.config.permission;
      if (needed !== 'signed-in' && !staff.permissions.includes(needed ?? ''))
        throw new ApiError('PERMISSION_DENIED', `Your roles do not permit this (it needs ${needed}).`);
      request.staff = staff;
    });
  },
);
