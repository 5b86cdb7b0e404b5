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

/** Node's own record of the response that owns the socket (`_httpMessage`): the answer to an earlier request. */
function responseOwning(socket: Socket): ServerResponse | null {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage ?? null;
}

/**
 * Fastify's `clientErrorHandler`: oversized headers (431), requests that are not HTTP (400), requests or bodies not
 * received within the timeouts (408) get the envelope like every other answer, then the connection is closed.
 * When an earlier request of a kept-alive connection is still being answered (the broken request arrived right
 * behind it), ours waits for that answer to finish instead of cutting it off or corrupting it; if that answer closes
 * the connection, there is nobody left to answer; nor is there when an answer to the broken request itself has begun
 (a 413 sent before its body arrived). Node's default handler checks
 * `bytesWritten === 0`, which would leave every second request of a keep-alive connection unanswered.
 * Only the code is logged: the raw bytes Node keeps on the error may hold credentials.
 */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable || socket.destroyed) {
    socket.destroy();
    return;
  }
  const earlier = responseOwning(socket);
  if (earlier && !earlier.writableFinished) {
    if (earlier.req.complete) {
      earlier.once('finish', () => answerClientError.call(this, error, socket));
      earlier.once('close', () => {
        if (!earlier.writableFinished) socket.destroy();
      });
      return;
    }
    // The error is about this very request (its body timed out); an answer to it already begun cannot take ours.
    if (earlier.headersSent) {
      socket.destroy();
      return;
    }
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
