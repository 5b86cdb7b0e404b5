import createClient, { type Client } from 'openapi-fetch';
import type { components, operations, paths } from './generated/api.js';
import { type Credentials, createSession } from './session.js';
import { createTransport, type RetryPolicy } from './transport.js';

export { AuthenticationError, type Credentials } from './session.js';
export { signedLoginQuery } from './signing.js';
export { honoursIdempotencyKey, type RetryPolicy } from './transport.js';
export type { components, operations, paths };

export interface VoltinClientOptions {
  /** Where the API is served, without `/api/v1` (e.g. `https://api.supplier.example`). */
  baseUrl: string;
  /** The web service account the calls are made as; without it only public calls work. */
  credentials?: Credentials;
  /** Attempts after the first for calls safe to repeat (default 2), and the longest wait (default 30 s). */
  retry?: Partial<RetryPolicy>;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
}

export type VoltinApi = Client<paths>;

export interface VoltinClient extends VoltinApi {
  /** The same client, sending a customer's hash (from POST /customers/login) for customer-scoped calls. */
  forCustomer(customerHash: string): VoltinApi;
}

/** An upload's body: its fields, a file among them (the document types each file part as a Blob). */
const holdsFile = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && Object.values(body).some((value) => value instanceof Blob);

/** A body holding a file goes as multipart/form-data (a File keeps its name); any other as JSON. */
function serializeBody(body: unknown): string | FormData {
  if (!holdsFile(body)) return JSON.stringify(body);
  const form = new FormData();
  for (const [name, value] of Object.entries(body))
    form.append(name, value instanceof Blob ? value : String(value));
  return form;
}

const wait = (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * A typed client of the Voltin platform API. Paths and bodies are checked against the API's OpenAPI document;
 * the client logs in with the account's signed login, refreshes the token before it expires, adds an
 * Idempotency-Key to money and enrollment calls and retries 429 and 503 answers of calls that are safe to repeat.
 */
export function createVoltinClient(options: VoltinClientOptions): VoltinClient {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const transport = createTransport({
    session: options.credentials ? createSession(baseUrl, options.credentials, fetchImpl) : null,
    fetch: fetchImpl,
    retry: { retries: 2, maxDelaySeconds: 30, ...options.retry },
    sleep: wait,
  });
  const clientWith = (headers: Record<string, string>) =>
    createClient<paths>({ baseUrl, fetch: transport, headers, bodySerializer: serializeBody });
  return Object.assign(clientWith({}), {
    forCustomer: (customerHash: string) => clientWith({ 'x-customer-hash': customerHash }),
  });
}
