import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessResolver, Caller, CustomerSession } from '../security/callers.js';
import { ApiError } from './errors.js';

/**
 * Who may call a route: `public` (no token), `account` (a web service account's bearer token, permitted
 * for the route's operationId), `customer` (the same, plus an X-Customer-Hash bound to one customer), or
 * `account-or-customer` (the account alone acts for its whole company; with an X-Customer-Hash the call is limited
 * to that customer). `staff` is the Operations console's: a staff session cookie whose roles permit the route's
 * `config.permission` (http/staff-access.ts).
 */
export type Access = 'public' | 'account' | 'customer' | 'account-or-customer' | 'staff';

export interface RouteEntry {
  method: string;
  url: string;
  operationId: string;
  access: Access;
  roleGroups: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The caller's account must hold one of these role groups (agent work queues, for example). */
    roleGroups?: string[];
  }
  interface FastifyRequest {
    caller: Caller | null;
    customerSession: CustomerSession | null;
  }
  interface FastifyInstance {
    routeCatalogue: RouteEntry[];
  }
}

/** The caller of an authenticated route; the access hook guarantees it is there. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new ApiError('AUTH_REQUIRED', 'This call needs a bearer token.');
  return request.caller;
}

export function customerOf(request: FastifyRequest): CustomerSession {
  if (!request.customerSession)
    throw new ApiError('CUSTOMER_HASH_REQUIRED', 'This call needs X-Customer-Hash.');
  return request.customerSession;
}

/** Refuses a customer-scoped call on a resource of another customer (a login linked into this one counts as this one). */
export function assertOwnCustomer(request: FastifyRequest, customerId: number): void {
  const session = customerOf(request);
  if (session.customerId !== customerId && !(session.linkedCustomerIds ?? []).includes(customerId)) {
    throw new ApiError('CUSTOMER_FORBIDDEN', 'This resource belongs to another customer.');
  }
}

/**
 * Whether the call is limited to one customer: always on a `customer` route, and on an `account-or-customer` route
 * when it carries X-Customer-Hash (without one, the account acts for any customer of its company).
 */
export function limitedToOneCustomer(request: FastifyRequest): boolean {
  return request.customerSession !== null || accessOf(request.routeOptions) === 'customer';
}

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  account: [{ bearerAuth: [] }],
  customer: [{ bearerAuth: [], customerHash: [] }],
  'account-or-customer': [{ bearerAuth: [] }, { bearerAuth: [], customerHash: [] }],
  staff: [{ staffSession: [] }],
};

export function accessOf(route: Pick<RouteOptions, 'config'>): Access {
  return (route.config as { access?: Access } | undefined)?.access ?? 'account';
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header)
    throw new ApiError('AUTH_REQUIRED', 'This call needs an "Authorization: Bearer <token>" header.');
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header);
  if (!match?.[1])
    throw new ApiError('AUTH_TOKEN_INVALID', 'The Authorization header must be "Bearer <token>".');
  return match[1];
}

async function authenticate(
  resolver: AccessResolver,
  request: FastifyRequest,
  operationId: string,
): Promise<Caller> {
  const verified = await resolver.verifyToken(bearerToken(request));
  if (verified.status === 'expired') {
    throw new ApiError('AUTH_TOKEN_EXPIRED', 'The access token has expired; refresh it or log in again.');
  }
  if (verified.status === 'invalid')
    throw new ApiError('AUTH_TOKEN_INVALID', 'The access token is not valid.');
  if (verified.status === 'revoked') {
    throw new ApiError(
      'AUTH_TOKEN_REVOKED',
      'The login of this access token was ended (logout, or a refresh token used twice); log in again.',
    );
  }
  const account = await resolver.accountAccess(verified.accountId);
  if (!account?.active) throw new ApiError('AUTH_TOKEN_INVALID', 'The account of this token is disabled.');
  if (!account.permits(operationId)) {
    throw new ApiError(
      'PERMISSION_DENIED',
      `This web service account is not permitted to call ${operationId}.`,
    );
  }
  return { accountId: verified.accountId, companyId: account.companyId, roleGroups: account.roleGroups };
}

async function resolveCustomer(resolver: AccessResolver, request: FastifyRequest, caller: Caller) {
  const header = request.headers['x-customer-hash'];
  const hash = Array.isArray(header) ? header[0] : header;
  if (!hash)
    throw new ApiError(
      'CUSTOMER_HASH_REQUIRED',
      'This call needs the X-Customer-Hash header from customer login.',
    );
  const session = await resolver.customerSession(caller.companyId, hash);
  if (!session)
    throw new ApiError(
      'CUSTOMER_HASH_INVALID',
      'The customer hash is unknown or expired; log the customer in again.',
    );
  return session;
}

/**
 * One access check for every route: registered before any route, it sees each one as it is added,
 * documents its security in OpenAPI and enforces it on every request, so no route can forget it.
 */
export const accessControl = fp<{ resolver: AccessResolver }>(async (app: FastifyInstance, { resolver }) => {
  app.decorate('routeCatalogue', [] as RouteEntry[]);
  app.decorateRequest('caller', null);
  app.decorateRequest('customerSession', null);

  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as { operationId?: string; hide?: boolean; security?: unknown };
    if (schema.hide) return;
    const access = accessOf(route);
    if (!schema.operationId) throw new Error(`Route ${route.method} ${route.url} has no operationId`);
    // A public route may name the scheme it checks itself (the signed login); every other route gets its access's.
    schema.security = access === 'public' && schema.security ? schema.security : SECURITY[access];
    route.schema = schema as RouteOptions['schema'];
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const roleGroups = (route.config as { roleGroups?: string[] } | undefined)?.roleGroups ?? [];
      app.routeCatalogue.push({
        method,
        url: route.url,
        operationId: schema.operationId,
        access,
        roleGroups,
      });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = accessOf(request.routeOptions);
    if (access === 'public') return;
    const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    if (!operationId) return; // framework routes (Swagger UI, docs site) carry no operationId and are public
    request.caller = await authenticate(resolver, request, operationId);
    const required = (request.routeOptions.config as { roleGroups?: string[] }).roleGroups;
    if (required && !required.some((group) => request.caller!.roleGroups.includes(group))) {
      throw new ApiError(
        'PERMISSION_DENIED',
        `This call needs one of the role groups: ${required.join(', ')}.`,
      );
    }
    if (access === 'customer' || (access === 'account-or-customer' && request.headers['x-customer-hash'])) {
      request.customerSession = await resolveCustomer(resolver, request, request.caller);
    }
  });

  app.addHook('preHandler', async (request) => {
    const params = request.params as { customerId?: unknown } | undefined;
    if (params?.customerId !== undefined && limitedToOneCustomer(request)) {
      assertOwnCustomer(request, Number(params.customerId));
    }
  });
});
