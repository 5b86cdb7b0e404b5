import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local connector that speaks Voltin's connector contract as a supplier would implement it from the integration
 * guide: it checks the Voltin-Signature with its own HMAC code (not Voltin's) and a 300-second window, requires an
 * Idempotency-Key and answers a repeated key with the first answer. Tests script faults for the next calls.
 */
export interface ReceivedCall {
  path: string;
  idempotencyKey: string | undefined;
  signature: string | undefined;
  /** The signature's timestamp, in unix seconds. */
  timestamp: number | null;
  body: any;
  /** When the call arrived (ms since epoch). */
  at: number;
}

export type Fault =
  | { status: number; code: string }
  /** Holds the answer this long (a slow connector: the client's timeout fires first). */
  | { delayMs: number }
  /** A 200 whose body is not JSON. */
  | { malformed: 'not-json' }
  /** A 200 whose JSON breaks the answer schema. */
  | { malformed: 'wrong-shape' }
  /** Closes the connection without an answer. */
  | { hangUp: true }
  /** A 200 whose body never ends (more than any answer may be). */
  | { endless: true };

export interface FakeConnector {
  url: string;
  secret: string;
  calls: ReceivedCall[];
  /** Answers handled by the connector's logic (each key once): what a vendor actually did. */
  handled: ReceivedCall[];
  /** The next calls get these faults, in order; then the connector answers normally. */
  failNext(...faults: Fault[]): void;
  /** Forgets the calls and the faults not used yet (between tests). */
  reset(): void;
  close(): Promise<void>;
}

export type Answer = { status: number; body: unknown };
export type Handler = (path: string, body: any) => Answer;

const WINDOW_SECONDS = 300;

/** The guide's verification, written independently of Voltin's signing code. */
function verify(secret: string, header: string | undefined, raw: string): 'ok' | 'invalid' | 'expired' {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return 'invalid';
  const expected = createHmac('sha256', secret).update(`${match[1]}.${raw}`).digest();
  const given = Buffer.from(match[2]!, 'hex');
  if (!timingSafeEqual(expected, given)) return 'invalid';
  return Math.abs(Date.now() / 1000 - Number(match[1])) > WINDOW_SECONDS ? 'expired' : 'ok';
}

const error = (status: number, code: string, message: string): Answer => ({
  status,
  body: { code, message },
});

function send(response: ServerResponse, answer: Answer) {
  response.writeHead(answer.status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(answer.body));
}

/** Writes 1 MiB chunks until the client stops reading and closes the connection. */
function sendEndlessly(response: ServerResponse) {
  response.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(1_048_576, 0x20);
  const more = () => {
    while (!response.destroyed && response.write(chunk));
    if (!response.destroyed) response.once('drain', more);
  };
  response.write('{"outcome":');
  more();
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeConnector(handler: Handler): Promise<FakeConnector> {
  const secret = 'fake-connector-shared-secret-0123456789abcdef';
  const calls: ReceivedCall[] = [];
  const handled: ReceivedCall[] = [];
  const faults: Fault[] = [];
  const firstAnswers = new Map<string, { raw: string; answer: Answer }>();

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request);
    const signature = request.headers['voltin-signature'] as string | undefined;
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    const call: ReceivedCall = {
      path: (request.url ?? '').replace(/^\/connector/, ''),
      idempotencyKey,
      signature,
      timestamp: Number(/^t=(\d+)/.exec(signature ?? '')?.[1] ?? Number.NaN) || null,
      body: JSON.parse(raw),
      at: Date.now(),
    };
    calls.push(call);
    const fault = faults.shift();
    if (fault && 'hangUp' in fault) return request.socket.destroy();
    if (fault && 'endless' in fault) return sendEndlessly(response);
    if (fault && 'delayMs' in fault) await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault && 'status' in fault) return send(response, error(fault.status, fault.code, 'Scripted fault.'));
    if (fault && 'malformed' in fault) {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(
        fault.malformed === 'not-json' ? '<html>Bad gateway</html>' : '{"outcome":"maybe"}',
      );
    }
    const verified = verify(secret, signature, raw);
    if (verified === 'invalid') return send(response, error(401, 'INVALID_SIGNATURE', 'Bad signature.'));
    if (verified === 'expired') return send(response, error(401, 'SIGNATURE_EXPIRED', 'Old timestamp.'));
    if (!idempotencyKey) return send(response, error(400, 'IDEMPOTENCY_KEY_MISSING', 'No key.'));
    const earlier = firstAnswers.get(idempotencyKey);
    if (earlier && earlier.raw !== raw)
      return send(response, error(422, 'IDEMPOTENCY_KEY_REUSED', 'Key used with another body.'));
    if (earlier) return send(response, earlier.answer);
    handled.push(call);
    const result = handler(call.path, call.body);
    firstAnswers.set(idempotencyKey, { raw, answer: result });
    send(response, result);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((failure: Error) =>
      send(response, error(500, 'INTERNAL_ERROR', failure.message)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/connector`,
    secret,
    calls,
    handled,
    failNext: (...more) => faults.push(...more),
    reset: () => {
      calls.length = 0;
      handled.length = 0;
      faults.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
