import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { VoltinApi } from '@voltin/sdk';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './envelope.js';
import { matchOperation } from './operations.js';
import { forwardedFor, type SessionDeps, sessionOf, signIn } from './session-routes.js';

/** What the browser may pass on to the API, and what comes back. */
const FORWARDED_REQUEST_HEADERS = ['idempotency-key', 'accept-language'];
const FORWARDED_ANSWER_HEADERS = ['content-type', 'content-disposition', 'retry-after', 'x-request-id'];

type UntypedRequest = (
  method: string,
  url: string,
  init: { body?: unknown; headers: Record<string, string>; parseAs: 'stream' },
) => Promise<{ data?: WebReadableStream | null; error?: unknown; response: Response }>;

/** The body to send on: JSON as it came, or an upload's one file (the SDK sends a File as multipart/form-data). */
async function bodyOf(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body ?? undefined;
  const part = await request.file();
  if (!part) return undefined;
  const bytes = await part.toBuffer();
  return { [part.fieldname]: new File([new Uint8Array(bytes)], part.filename, { type: part.mimetype }) };
}

function headersFor(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = { ...forwardedFor(request) };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

function passOn(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  for (const name of FORWARDED_ANSWER_HEADERS) {
    const value = response.headers.get(name);
    if (value) reply.header(name, value);
  }
  reply.header('cache-control', 'no-store');
}

/** The wizard's enrollment made the customer's login: they are signed in with it, as after any sign-up. */
function newLoginOf(body: unknown): { username: string; password: string } | null {
  const customer = (body as { customer?: { username?: unknown; password?: unknown } } | undefined)?.customer;
  return typeof customer?.username === 'string' && typeof customer.password === 'string'
    ? { username: customer.username, password: customer.password }
    : null;
}

/**
 * `/site/api/v1/…`: the public API's own paths, for the operations of SITE_OPERATIONS only, made with the SDK as the
 * site's web service account — with the signed-in customer's hash for the customer's calls.
 */
export const proxyRoutes: FastifyPluginAsync<SessionDeps> = async (app, deps) => {
  app.all('/api/v1/*', async (request, reply) => {
    const url = new URL(request.url, 'http://site.invalid');
    const apiPath = url.pathname.slice('/site'.length);
    const matched = matchOperation(request.method, apiPath);
    if (!matched) return fail(reply, 404, 'NOT_FOUND', 'The site does not offer this call.');

    const session = await sessionOf(deps.sealer, request);
    let client: VoltinApi = deps.voltin;
    if (matched.operation.access === 'customer') {
      if (!session.customer) return fail(reply, 401, 'SIGN_IN_REQUIRED', 'Sign in to your account first.');
      const customerId = matched.params.customerId;
      if (customerId !== undefined && Number(customerId) !== session.customer.id)
        return fail(reply, 403, 'CUSTOMER_FORBIDDEN', 'This is not your account.');
      client = deps.voltin.forCustomer(session.customer.hash);
    }

    const body = await bodyOf(request);
    const call = client.request as unknown as UntypedRequest;
    const { data, error, response } = await call(request.method, `${apiPath}${url.search}`, {
      body,
      headers: headersFor(request),
      parseAs: 'stream',
    });
    passOn(reply, response);
    if (!response.ok) return reply.send(error);
    if (!data) return reply.send();
    // A file (a statement's PDF) streams through; an envelope is read whole before anything else is awaited.
    if (!response.headers.get('content-type')?.includes('json')) return reply.send(Readable.fromWeb(data));
    const envelope = await new Response(data as ReadableStream).text();
    if (apiPath === '/api/v1/enrollments/create' && !session.customer) {
      const login = newLoginOf(body);
      if (login) await signIn(deps, request, reply, login);
    }
    return reply.send(envelope);
  });
};
