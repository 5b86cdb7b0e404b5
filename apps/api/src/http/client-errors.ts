import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/index.js';
import { failure } from './envelope.js';
import { ERROR_CODES, type ErrorCode } from './errors.js';

/** What Node's HTTP parser refuses before any route runs, as the envelope's codes and sentences. */
function describeClientError(code: string | undefined): { code: ErrorCode; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        code: 'HEADERS_TOO_LARGE',
        message: 'The request line and headers are larger than the limit.',
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The chunk extensions of the body are larger than the limit.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        code: 'REQUEST_TIMEOUT',
        message: 'The request was not received in time; the connection is closed and nothing was done.',
      };
    default:
      return { code: 'MALFORMED_REQUEST', message: 'The request is not valid HTTP and cannot be read.' };
  }
}

/** A complete HTTP/1.1 answer carrying the envelope, written by hand: there is no request or reply object yet. */
function rawAnswer(code: ErrorCode, message: string): string {
  const { status } = ERROR_CODES[code];
  const body = JSON.stringify(failure(code, message));
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Whether an answer of ours can still start on this socket: not when the peer is gone, nor when a response has
 * begun (a 413 sent before its body arrived, a pipelined answer being written), where our bytes would corrupt it.
 * `_httpMessage` is Node's own record of the response that owns the socket; Node's default handler approximates the
 * same with `bytesWritten === 0`, which would also leave every second request of a keep-alive connection unanswered.
 */
function canAnswer(socket: Socket): boolean {
  const current = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  return socket.writable && !socket.destroyed && !current?.headersSent;
}

/**
 * Fastify's `clientErrorHandler`: oversized headers (431), requests that are not HTTP (400), requests or bodies not
 * received within the timeouts (408) get the envelope like every other answer, then the connection is closed.
 * Only the code is logged: the raw bytes Node keeps on the error may hold credentials.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !canAnswer(socket)) {
    socket.destroy();
    return;
  }
  const { code, message } = describeClientError(error.code);
  this.log.info({ clientError: error.code ?? error.name, answer: code }, 'client error');
  socket.end(rawAnswer(code, message));
  // A peer that stops reading must not keep the socket: whatever it has not taken after a second is dropped.
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * The server's limits on slow clients, as Fastify options. Node checks its timeouts on a timer (every 30 s unless
 * told); checking every second, or every quarter of a shorter headers timeout, cuts a slow client that much late.
 */
export function slowClientLimits(config: Pick<Config, 'requestTimeoutMs' | 'headersTimeoutMs'>) {
  return {
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.headersTimeoutMs / 4)),
    },
    clientErrorHandler: answerClientError,
  };
}
