import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { SIGNATURE_HEADER, signatureOf } from '../../security/request-signing.js';
import {
  ConnectorRefusedError,
  type ContractEndpoint,
  IDEMPOTENCY_KEY_HEADER,
  isRetriedStatus,
} from './protocol.js';

export interface ContractRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** How long this attempt may take; past it the transport throws a TimeoutError. */
  timeoutMs: number;
}

export interface ContractAnswer {
  status: number;
  body: string;
}

/** Carries one signed request to a connector: over HTTPS, or to the sandbox connector in the same process. */
export type Transport = (request: ContractRequest) => Promise<ContractAnswer>;

/** The request got no usable answer (the connection failed or dropped, the time ran out, the answer was too long). */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/** The largest answer Voltin reads from a connector; a longer one is cut off and counts as no answer. */
export const MAX_ANSWER_BYTES = 16 * 1_048_576;

async function boundedText(response: Response): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Leaving the loop early cancels the stream: the rest of the answer is not downloaded.
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) break;
    chunks.push(chunk);
  }
  if (size > MAX_ANSWER_BYTES)
    throw new TransportError(`answered more than ${MAX_ANSWER_BYTES} bytes`, false);
  return Buffer.concat(chunks).toString('utf8');
}

/** POSTs to the connector at `baseUrl` (its path prefix kept); connection failures and timeouts throw TransportError. */
export function httpTransport(baseUrl: string): Transport {
  const base = baseUrl.replace(/\/+$/, '');
  return async ({ path, headers, body, timeoutMs }) => {
    try {
      const signal = AbortSignal.timeout(timeoutMs);
      const response = await fetch(`${base}${path}`, { method: 'POST', headers, body, signal });
      // The body is read under the same deadline: a connector that sends headers and then stalls times out too.
      return { status: response.status, body: await boundedText(response) };
    } catch (error) {
      if (error instanceof TransportError) throw error;
      const name = (error as Error).name;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new TransportError(
        timedOut ? 'did not answer in time' : `could not be reached (${(error as Error).message})`,
        timedOut,
      );
    }
  };
}

export interface RetryPolicy {
  /** Longest one attempt may take. */
  attemptTimeoutMs: number;
  /** Longest the whole call may take, retries and waits included: what the caller can wait. */
  deadlineMs: number;
  /** The wait before the first retry; it doubles for each further one (with jitter), while the deadline allows. */
  firstRetryDelayMs: number;
  /** Attempts at most, the first included; 1 means never retry. */
  maxAttempts: number;
}

export interface ContractClientOptions {
  /** The system's name in error messages ("credit bureau"). */
  system: string;
  transport: Transport;
  secret: string;
  retry: RetryPolicy;
  /** The port's "did not answer" error (BureauUnavailableError, BillingUnavailableError). */
  unavailable: (message: string) => Error;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ContractClient {
  call<Request extends TSchema, Response extends TSchema>(
    endpoint: ContractEndpoint<Request, Response>,
    body: Static<Request>,
    idempotencyKey: string,
  ): Promise<Static<Response>>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Why an attempt got no usable answer, and whether asking again may help. */
class AttemptFailed extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** Full jitter over the upper half: several Voltin nodes retrying together do not arrive together. */
function backoffDelay(policy: RetryPolicy, retryNumber: number): number {
  const ceiling = policy.firstRetryDelayMs * 2 ** (retryNumber - 1);
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

function errorCodeOf(body: string): { code: string; message: string } {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === 'string')
      return { code: parsed.code, message: typeof parsed.message === 'string' ? parsed.message : '' };
  } catch {
    // Not the documented error body (a proxy's HTML page): the status alone is known.
  }
  return { code: 'UNKNOWN', message: 'the answer carried no error body' };
}

/**
 * Calls a connector through the contract: signs each attempt, keeps the Idempotency-Key across retries, retries with
 * exponential backoff only what may succeed later (timeouts, connection failures, 408/409/429/5xx) and only while the
 * deadline allows, and validates every answer against the endpoint's schema. Refusals (other 4xx) throw
 * ConnectorRefusedError at once; everything else that ends without an answer throws the port's unavailable error.
 * Request and answer bodies (personal data) never go into an error message.
 */
export function createContractClient(options: ContractClientOptions): ContractClient {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const { retry, system } = options;
  const validators = new Map<TSchema, ReturnType<typeof Compile>>();
  const validatorOf = (schema: TSchema) => {
    let validator = validators.get(schema);
    if (!validator) {
      validator = Compile(schema);
      validators.set(schema, validator);
    }
    return validator;
  };

  async function attempt(
    endpoint: ContractEndpoint,
    body: string,
    idempotencyKey: string,
    timeoutMs: number,
  ) {
    let answer: ContractAnswer;
    try {
      answer = await options.transport({
        path: endpoint.path,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          [IDEMPOTENCY_KEY_HEADER]: idempotencyKey,
          [SIGNATURE_HEADER]: signatureOf(options.secret, Math.floor(now() / 1000), body),
        },
        body,
        timeoutMs,
      });
    } catch (error) {
      // Anything else is a fault in this process (the sandbox connector's code): it surfaces as it is.
      if (!(error instanceof TransportError)) throw error;
      throw new AttemptFailed(error.timedOut ? `did not answer within ${timeoutMs} ms` : error.message, true);
    }
    if (answer.status < 200 || answer.status > 299) {
      const { code, message } = errorCodeOf(answer.body);
      if (!isRetriedStatus(answer.status))
        throw new ConnectorRefusedError(system, answer.status, code, message);
      throw new AttemptFailed(`answered HTTP ${answer.status} ${code}`, true);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      throw new AttemptFailed('answered with a body that is not JSON', false);
    }
    const validator = validatorOf(endpoint.response);
    if (!validator.Check(parsed)) {
      const first = validator.Errors(parsed)[0];
      throw new AttemptFailed(
        `answered with a body that breaks the contract (${first?.instancePath || '/'} ${first?.message ?? ''})`.trim(),
        false,
      );
    }
    return parsed;
  }

  return {
    async call<Request extends TSchema, Response extends TSchema>(
      endpoint: ContractEndpoint<Request, Response>,
      request: Static<Request>,
      idempotencyKey: string,
    ): Promise<Static<Response>> {
      const body = JSON.stringify(request);
      const started = now();
      for (let attemptNumber = 1; ; attemptNumber++) {
        const timeoutMs = Math.max(1, Math.min(retry.attemptTimeoutMs, retry.deadlineMs - (now() - started)));
        try {
          // The endpoint's response schema has just validated the answer.
          return (await attempt(endpoint, body, idempotencyKey, timeoutMs)) as Static<Response>;
        } catch (error) {
          if (!(error instanceof AttemptFailed)) throw error;
          const delay = backoffDelay(retry, attemptNumber);
          const canRetry =
            error.retry && attemptNumber < retry.maxAttempts && now() - started + delay < retry.deadlineMs;
          if (!canRetry)
            throw options.unavailable(
              `The ${system} ${error.message} (${endpoint.operationId}, attempt ${attemptNumber}).`,
            );
          await sleep(delay);
        }
      }
    },
  };
}
