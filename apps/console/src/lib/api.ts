import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../generated/ops-api';

/** The console's whole API, as the generated document describes it (`npm run generate`). */
export type OpsPaths = paths;

type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;
type Operation<P extends keyof paths, M extends keyof paths[P]> = paths[P][M];

/** The 200 envelope an operation answers: `{ data, succeeded, errors, message }` (plus paging on lists). */
export type EnvelopeOf<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends {
    responses: { 200: infer R };
  }
    ? JsonOf<R>
    : never;

/** The `data` of an operation's 200 envelope. */
export type DataOf<P extends keyof paths, M extends keyof paths[P]> =
  EnvelopeOf<P, M> extends { data: infer D } ? D : never;

/** The JSON body an operation takes. */
export type BodyOf<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends {
    requestBody?: infer B;
  }
    ? JsonOf<NonNullable<B>>
    : never;

/** The query string an operation takes. */
export type QueryOf<P extends keyof paths, M extends keyof paths[P]> =
  Operation<P, M> extends {
    parameters: { query?: infer Q };
  }
    ? NonNullable<Q>
    : never;

/** Every failure answers the API's ErrorEnvelope, with a stable `code` and the request's id. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** The API's error codes, plus what the browser itself can run into. */
export type ApiErrorCode = ErrorEnvelope['code'] | 'NETWORK_ERROR' | 'UNEXPECTED_RESPONSE';

/** A call that did not succeed: thrown to TanStack Query, shown by the screen that made it. */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly errors: string[] = [],
    /** Seconds to wait before trying again (429 and some 503s answer Retry-After). */
    readonly retryAfterSeconds: number | null = null,
    /** The call's id in the server's logs, for support. */
    readonly requestId: string | null = null,
  ) {
    super(message);
  }

  get isSessionEnded(): boolean {
    return (
      this.status === 401 && (this.code === 'STAFF_SESSION_REQUIRED' || this.code === 'STAFF_SESSION_EXPIRED')
    );
  }
}

export const isApiFailure = (error: unknown): error is ApiFailure => error instanceof ApiFailure;

/** The message to show for any error a query or mutation threw. */
export function messageOf(error: unknown): string {
  if (isApiFailure(error)) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again.';
}

// The session's CSRF token, set by lib/auth when the session is read or signed in, cleared when it ends.
let csrfToken: string | null = null;
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};

// What the app does when the server says the session is over (lib/auth sends the user to sign in again).
let sessionEndedHandler: (() => void) | null = null;
export const onSessionEnded = (handler: () => void) => {
  sessionEndedHandler = handler;
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The session operations answer 401 as part of their contract (nobody signed in, a wrong password). */
const SESSION_PATH = '/session';

function retryAfterOf(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

async function failureOf(response: Response): Promise<ApiFailure> {
  const retryAfter = retryAfterOf(response);
  try {
    const body = (await response.clone().json()) as Partial<ErrorEnvelope>;
    return new ApiFailure(
      response.status,
      body.code ?? 'UNEXPECTED_RESPONSE',
      body.message || `The server answered ${response.status}.`,
      Array.isArray(body.errors) ? body.errors : [],
      retryAfter,
      body.requestId ?? response.headers.get('X-Request-Id'),
    );
  } catch {
    return new ApiFailure(
      response.status,
      'UNEXPECTED_RESPONSE',
      response.status >= 500
        ? 'The server could not answer. Try again in a moment.'
        : `The server answered ${response.status}.`,
      [],
      retryAfter,
      response.headers.get('X-Request-Id'),
    );
  }
}

const csrf: Middleware = {
  onRequest({ request }) {
    if (!SAFE_METHODS.has(request.method) && csrfToken) request.headers.set('X-CSRF-Token', csrfToken);
    return request;
  },
};

const failures: Middleware = {
  async onResponse({ response, schemaPath }) {
    if (response.ok) return response;
    const failure = await failureOf(response);
    if (failure.isSessionEnded && schemaPath !== SESSION_PATH) sessionEndedHandler?.();
    throw failure;
  },
  onError({ error }) {
    if (error instanceof DOMException && error.name === 'AbortError') return error;
    if (error instanceof ApiFailure) return error;
    return new ApiFailure(
      0,
      'NETWORK_ERROR',
      'The server cannot be reached. Check your connection and try again.',
    );
  },
};

/** Where the console's API is served: the client's base URL. */
export const API_BASE = '/ops/api/v1';

/** The one client of the console's API: same origin, the session cookie, the CSRF header on every change. */
export const api = createClient<paths>({ baseUrl: API_BASE, credentials: 'same-origin' });
api.use(csrf, failures);

type PathParamsOf<P extends keyof paths> = paths[P] extends { get: { parameters: { path: infer Params } } }
  ? Params
  : never;

/**
 * The address of a GET operation that the browser opens by itself rather than through the client (a file shown in a
 * frame or a new tab; the session cookie goes with it): `apiHref('/credit-letters/{id}/file', { id: 4 })`.
 */
export function apiHref<P extends keyof paths>(path: P, params: PathParamsOf<P>): string {
  const values = params as Record<string, string | number>;
  return `${API_BASE}${String(path).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])))}`;
}

/** The body of a successful call (the middleware has already thrown for every failure). */
export function ok<T>(result: { data?: T; response: Response }): T {
  if (result.data === undefined)
    throw new ApiFailure(
      result.response.status,
      'UNEXPECTED_RESPONSE',
      'The server answered nothing readable.',
    );
  return result.data;
}

/**
 * Sends a form (a file upload) through XMLHttpRequest, the one browser API that reports how much of a request body
 * has gone out: `onProgress` gets the fraction sent. The session cookie and the CSRF header go with it as with every
 * call; a failure is thrown as the same ApiFailure. Answers the envelope's `data`.
 */
export function uploadForm(
  path: keyof paths,
  form: FormData,
  onProgress: (fractionSent: number) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${String(path)}`);
    request.withCredentials = true;
    if (csrfToken) request.setRequestHeader('X-CSRF-Token', csrfToken);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(
        new ApiFailure(
          0,
          'NETWORK_ERROR',
          'The server cannot be reached. Check your connection and try again.',
        ),
      );
    request.onload = async () => {
      const headers = new Headers();
      const requestId = request.getResponseHeader('X-Request-Id');
      if (requestId) headers.set('X-Request-Id', requestId);
      const response = new Response(request.responseText, { status: request.status, headers });
      if (!response.ok) {
        const failure = await failureOf(response);
        if (failure.isSessionEnded) sessionEndedHandler?.();
        reject(failure);
        return;
      }
      onProgress(1);
      resolve((JSON.parse(request.responseText) as { data: unknown }).data);
    };
    request.send(form);
  });
}
