import type { components, paths } from '@voltin/sdk';
import createClient, { type Middleware } from 'openapi-fetch';

/** Every public API call the site makes goes through its own server, under /site, with the API's own paths. */
export const SITE_BASE = '/site';

type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

/** The `data` of an operation's 200 envelope. */
export type DataOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: { 200: infer R };
}
  ? JsonOf<R> extends { data: infer D }
    ? D
    : never
  : never;

/** The JSON body an operation takes. */
export type BodyOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: infer B;
}
  ? JsonOf<NonNullable<B>>
  : never;

export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** A call that did not succeed: its status, stable code, message and the field messages (`field: problem`). */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: string[] = [],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }

  /**
   * The messages the API gave about one field, e.g. `customer.email: must be an email` for `email`. The API names a
   * field by its wire name, sometimes under its object (`serviceAddress.zipcode`).
   */
  aboutField(field: string): string[] {
    return this.errors
      .filter((line) => {
        const [name] = line.split(':', 1);
        return name !== undefined && name !== line && (name === field || name.endsWith(`.${field}`));
      })
      .map((line) => line.slice(line.indexOf(':') + 1).trim());
  }
}

export const isApiFailure = (error: unknown): error is ApiFailure => error instanceof ApiFailure;

function retryAfterOf(response: Response): number | null {
  const seconds = Number(response.headers.get('Retry-After'));
  return response.headers.has('Retry-After') && Number.isFinite(seconds) ? Math.ceil(seconds) : null;
}

async function failureOf(response: Response): Promise<ApiFailure> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Partial<ErrorEnvelope> | null;
  return new ApiFailure(
    response.status,
    body?.code ?? 'UNEXPECTED_RESPONSE',
    body?.message ?? '',
    Array.isArray(body?.errors) ? body.errors : [],
    retryAfterOf(response),
  );
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

const siteMiddleware: Middleware = {
  onRequest({ request }) {
    // The site's server accepts a change only with this header, which another site's page cannot send.
    if (!SAFE_METHODS.has(request.method)) request.headers.set('x-voltin-site', '1');
    return request;
  },
  async onResponse({ response }) {
    if (response.ok) return response;
    throw await failureOf(response);
  },
  onError({ error }) {
    if (error instanceof ApiFailure || (error instanceof DOMException && error.name === 'AbortError'))
      return error;
    return new ApiFailure(0, 'NETWORK_ERROR', '');
  },
};

/** The one client of the public API, typed by @voltin/sdk's generated document. */
export const api = createClient<paths>({ baseUrl: SITE_BASE, credentials: 'same-origin' });
api.use(siteMiddleware);

/** The envelope's `data` of a successful call (the middleware has thrown for every failure). */
export function dataOf<T>(result: { data?: { data: T } }): T {
  if (result.data === undefined) throw new ApiFailure(0, 'UNEXPECTED_RESPONSE', '');
  return result.data.data;
}

/** The site's own calls (brand, session), outside the API's document. */
export async function siteCall<T>(path: string, init: RequestInit = {}): Promise<T> {
  const method = init.method ?? 'GET';
  const headers = new Headers(init.headers);
  if (!SAFE_METHODS.has(method)) headers.set('x-voltin-site', '1');
  if (init.body) headers.set('content-type', 'application/json');
  let response: Response;
  try {
    response = await fetch(`${SITE_BASE}/api${path}`, { ...init, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiFailure(0, 'NETWORK_ERROR', '');
  }
  if (!response.ok) throw await failureOf(response);
  return ((await response.json()) as { data: T }).data;
}
