/**
 * The error codes each operation can answer, declared once per route and read twice: by the OpenAPI document (a
 * response per status, naming its codes) and, when asked, by a watch on every answer that reports one the route
 * did not declare (the tests ask, so a new failure cannot go undocumented).
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Access } from './access.js';
import { ERROR_CODES, type ErrorCode } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The codes this operation answers beyond those every operation of its kind does (see `errorCodesOf`). */
    errors?: ErrorCode[];
    /** Every code it can answer: filled in when the route is added. */
    declaredErrors?: readonly ErrorCode[];
  }
}

/** Whatever the operation: the database, the server itself, the rate limits and a resource that is not there. */
const EVERY_OPERATION: ErrorCode[] = ['NOT_FOUND', 'RATE_LIMITED', 'INTERNAL_ERROR', 'DATABASE_UNAVAILABLE'];
const WITH_INPUT: ErrorCode[] = ['VALIDATION_FAILED', 'MALFORMED_REQUEST'];
const WITH_BODY: ErrorCode[] = ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];
const SIGNED_IN: ErrorCode[] = [
  'AUTH_REQUIRED',
  'AUTH_TOKEN_INVALID',
  'AUTH_TOKEN_EXPIRED',
  'AUTH_TOKEN_REVOKED',
  'PERMISSION_DENIED',
];
const AS_STAFF: ErrorCode[] = ['STAFF_SESSION_REQUIRED', 'STAFF_SESSION_EXPIRED', 'PERMISSION_DENIED'];
const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];
const AS_CUSTOMER: ErrorCode[] = ['CUSTOMER_HASH_REQUIRED', 'CUSTOMER_HASH_INVALID', 'CUSTOMER_FORBIDDEN'];
const IDEMPOTENT: ErrorCode[] = ['IDEMPOTENCY_KEY_IN_USE', 'IDEMPOTENCY_KEY_REUSED'];

interface DescribedRoute {
  method?: string | string[];
  schema?: Record<string, unknown>;
  config?: { access?: Access; idempotent?: boolean; errors?: ErrorCode[] };
}

/** Every code an operation can answer: those of its kind (how it is called, what it reads) and its own. */
export function errorCodesOf({ method, schema = {}, config = {} }: DescribedRoute): ErrorCode[] {
  const access = config.access ?? 'account';
  const changesState = [method ?? 'GET'].flat().some((name) => !SAFE_METHODS.includes(name));
  const hasBody = Boolean(schema.body || schema.upload);
  const hasInput = hasBody || Boolean(schema.querystring || schema.params);
  const codes = new Set<ErrorCode>([
    ...EVERY_OPERATION,
    ...(hasInput ? WITH_INPUT : []),
    ...(hasBody ? WITH_BODY : []),
    ...(access === 'public' || access === 'staff' ? [] : SIGNED_IN),
    ...(access === 'staff' ? AS_STAFF : []),
    ...(access === 'staff' && changesState ? (['CSRF_TOKEN_INVALID'] as const) : []),
    ...(access === 'customer' || access === 'account-or-customer' ? AS_CUSTOMER : []),
    ...(config.idempotent ? IDEMPOTENT : []),
    ...(config.errors ?? []),
  ]);
  return [...codes].sort();
}

/** Codes grouped by the status they answer with, statuses in order. */
export function byStatus(codes: readonly ErrorCode[]): Map<number, ErrorCode[]> {
  const groups = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const { status } = ERROR_CODES[code];
    groups.set(status, [...(groups.get(status) ?? []), code]);
  }
  return new Map([...groups].sort(([a], [b]) => a - b));
}

/** Records each route's codes in its config, where the answer watch reads them. */
export function declareErrors(route: RouteOptions): readonly ErrorCode[] {
  const codes = errorCodesOf(route as DescribedRoute);
  route.config = { ...route.config, declaredErrors: codes };
  return codes;
}

/** An answer its route's documentation does not list. */
export interface UndeclaredAnswer {
  method: string;
  route: string;
  status: number;
  code: string | null;
}

function codeOf(payload: unknown): string | null {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return null;
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/** Reports every answer of a documented route whose status, or error code, that route does not declare. */
export function watchDeclaredAnswers(app: FastifyInstance, report: (answer: UndeclaredAnswer) => void): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const { schema, config, url, method } = request.routeOptions;
    const declared = config.declaredErrors;
    if (!schema || (schema as { hide?: boolean }).hide || !declared || url === undefined) return payload;
    const status = reply.statusCode;
    const statuses = Object.keys((schema.response as object | undefined) ?? {});
    const code = status >= 400 ? codeOf(payload) : null;
    const documented =
      statuses.includes(String(status)) &&
      (status < 400 || (code !== null && (declared as readonly string[]).includes(code)));
    if (!documented) report({ method: String(method), route: url, status, code });
    return payload;
  });
}
