import { type Static, type TSchema, Type } from 'typebox';

/**
 * Voltin's own HTTPS contract with the systems a supplier runs behind a connector (credit bureau, billing system).
 * Every call is `POST <base URL>/v1/<operation>` with a JSON body and these headers:
 * - `Voltin-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the shared secret
 *   (src/security/request-signing.ts, the same signature Voltin's verification-provider calls carry);
 * - `Idempotency-Key`: the same for every retry of one logical call, so the connector answers a retry with the
 *   answer of the first attempt instead of acting twice.
 * A refusal or failure answers a non-2xx status with a JSON error body `{ code, message }`.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The major version in every path. Additive changes (new optional fields, new endpoints) keep it; others bump it. */
export const CONTRACT_VERSION = 'v1';

/** One operation of a contract: its path, what it takes and what it answers. */
export interface ContractEndpoint<Request extends TSchema = TSchema, Response extends TSchema = TSchema> {
  operationId: string;
  /** Under the connector's base URL, starting with `/v1/`. */
  path: string;
  summary: string;
  description: string;
  /** How Voltin forms the Idempotency-Key of this call. */
  idempotencyKey: string;
  request: Request;
  response: Response;
}

export const ConnectorErrorBody = Type.Object(
  {
    code: Type.String({ description: 'One of the documented error codes.' }),
    message: Type.String({
      description: 'A sentence for the operator; never personal data, since Voltin logs it.',
    }),
  },
  { description: 'The body of every answer that is not 2xx.' },
);
export type ConnectorErrorBody = Static<typeof ConnectorErrorBody>;

/** How Voltin treats an answer: refused calls fail at once; the others are retried while the caller can wait. */
export type ErrorTreatment = 'refused' | 'retried';

/** The error codes a connector answers with, and what Voltin does with each (published in the integration guide). */
export const CONNECTOR_ERROR_CODES = {
  INVALID_REQUEST: {
    status: 400,
    treatment: 'refused',
    description: 'The body is not JSON or breaks the request schema; the message says which field.',
  },
  IDEMPOTENCY_KEY_MISSING: {
    status: 400,
    treatment: 'refused',
    description: 'The Idempotency-Key header is missing or longer than 255 characters.',
  },
  INVALID_SIGNATURE: {
    status: 401,
    treatment: 'refused',
    description: 'The Voltin-Signature header is missing or does not match the body and shared secret.',
  },
  SIGNATURE_EXPIRED: {
    status: 401,
    treatment: 'refused',
    description:
      "The signature's timestamp is more than 300 seconds from the connector's clock (a replay, or a clock to fix).",
  },
  UNKNOWN_RETAIL_COMPANY: {
    status: 403,
    treatment: 'refused',
    description: 'The connector does not serve the retail company named in the body.',
  },
  ACCOUNT_NOT_FOUND: {
    status: 404,
    treatment: 'refused',
    description: 'The billing system has no account with that billing account number.',
  },
  NOT_FOUND: {
    status: 404,
    treatment: 'refused',
    description: 'No such operation (a path or version the connector does not implement).',
  },
  REQUEST_IN_PROGRESS: {
    status: 409,
    treatment: 'retried',
    description:
      'An earlier attempt with the same Idempotency-Key is still running; Voltin asks again later.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    treatment: 'refused',
    description: 'The Idempotency-Key was already used with a different body.',
  },
  RATE_LIMITED: {
    status: 429,
    treatment: 'retried',
    description: 'Too many calls; Voltin backs off and asks again.',
  },
  INTERNAL_ERROR: {
    status: 500,
    treatment: 'retried',
    description: 'The connector failed; Voltin asks again, then treats the system as unavailable.',
  },
  UNAVAILABLE: {
    status: 503,
    treatment: 'retried',
    description:
      "The vendor's system behind the connector did not answer; Voltin asks again, then treats the system as unavailable.",
  },
} as const satisfies Record<string, { status: number; treatment: ErrorTreatment; description: string }>;

export type ConnectorErrorCode = keyof typeof CONNECTOR_ERROR_CODES;

/** Statuses Voltin retries whatever the code: the answer says "not now", never "no". */
export function isRetriedStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** A connector's answer refusing a call (4xx other than the retried ones): retrying the same call cannot help. */
export class ConnectorRefusedError extends Error {
  constructor(
    readonly system: string,
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(`The ${system} connector refused the call (HTTP ${status} ${code}): ${detail}`);
    this.name = 'ConnectorRefusedError';
  }
}
