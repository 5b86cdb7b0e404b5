import { randomBytes } from 'node:crypto';
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { checkSignature, SIGNATURE_HEADER } from '../../security/request-signing.js';
import { type ContractAnswer, type ContractClient, createContractClient, type Transport } from './client.js';
import {
  CONNECTOR_ERROR_CODES,
  type ConnectorErrorCode,
  type ContractEndpoint,
  IDEMPOTENCY_KEY_HEADER,
} from './protocol.js';

/** A documented refusal or failure, answered with its status and `{ code, message }`. */
export class ConnectorError extends Error {
  constructor(
    readonly code: ConnectorErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ConnectorError';
  }
}

export interface ConnectorRoute {
  endpoint: ContractEndpoint;
  handle(body: unknown): Promise<unknown>;
}

/** Binds an endpoint to the function that answers it, typed by the endpoint's schemas. */
export function route<Request extends TSchema, Response extends TSchema>(
  endpoint: ContractEndpoint<Request, Response>,
  handle: (body: Static<Request>) => Promise<Static<Response>>,
): ConnectorRoute {
  return { endpoint, handle: handle as (body: unknown) => Promise<unknown> };
}

const MAX_IDEMPOTENCY_KEY = 255;

function errorAnswer(code: ConnectorErrorCode, message: string): ContractAnswer {
  return { status: CONNECTOR_ERROR_CODES[code].status, body: JSON.stringify({ code, message }) };
}

/**
 * The connector's side of the contract, in process: what the sandbox bureau and billing system answer through. It
 * checks what a real connector must check (signature and its window, Idempotency-Key, the request schema) before
 * the handler runs; the handlers are deterministic, so a retry with the same key gets the same answer.
 */
export function createConnector(options: {
  secret: string;
  routes: ConnectorRoute[];
  now?: () => number;
}): Transport {
  const now = options.now ?? Date.now;
  const routes = new Map(
    options.routes.map((r) => [r.endpoint.path, { ...r, validator: Compile(r.endpoint.request) }]),
  );
  return async ({ path, headers, body }) => {
    const found = routes.get(path);
    if (!found) return errorAnswer('NOT_FOUND', `No operation ${path}.`);
    const signature = checkSignature(
      options.secret,
      headers[SIGNATURE_HEADER],
      body,
      Math.floor(now() / 1000),
    );
    if (signature === 'invalid') return errorAnswer('INVALID_SIGNATURE', 'The signature does not match.');
    if (signature === 'stale')
      return errorAnswer('SIGNATURE_EXPIRED', 'The signature timestamp is outside the 300-second window.');
    const key = headers[IDEMPOTENCY_KEY_HEADER] ?? '';
    if (key === '' || key.length > MAX_IDEMPOTENCY_KEY)
      return errorAnswer('IDEMPOTENCY_KEY_MISSING', 'Send an Idempotency-Key of 1 to 255 characters.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return errorAnswer('INVALID_REQUEST', 'The body is not JSON.');
    }
    if (!found.validator.Check(parsed)) {
      const first = found.validator.Errors(parsed)[0];
      return errorAnswer('INVALID_REQUEST', `${first?.instancePath || '/'} ${first?.message ?? ''}`.trim());
    }
    try {
      return { status: 200, body: JSON.stringify(await found.handle(parsed)) };
    } catch (error) {
      if (error instanceof ConnectorError) return errorAnswer(error.code, error.message);
      throw error;
    }
  };
}

/**
 * A client of in-process routes (the sandbox bureau and billing system): every call is signed with a secret of this
 * process, checked by createConnector and its answer validated, exactly as over HTTPS. It is never retried (an
 * in-process answer does not fail by chance) and needs no timeout.
 */
export function inProcessClient(options: {
  system: string;
  routes: ConnectorRoute[];
  unavailable: (message: string) => Error;
}): ContractClient {
  const secret = randomBytes(32).toString('hex');
  return createContractClient({
    system: options.system,
    secret,
    transport: createConnector({ secret, routes: options.routes }),
    retry: { attemptTimeoutMs: 60_000, deadlineMs: 60_000, firstRetryDelayMs: 0, maxAttempts: 1 },
    unavailable: options.unavailable,
  });
}
