import { randomUUID } from 'node:crypto';
import type { RawRequestDefaultExpression } from 'fastify';

/**
 * What a log line says of a request's URL: its path and the NAMES of its query parameters, never their values (a
 * query string carries SSNs, dates of birth, driver's licences, signatures and tokens). A name says which variant of
 * a call it was; the values stay with the client.
 */
export function loggedUrl(url: string): { url: string; queryParameters?: string[] } {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return { url };
  const names = [...new Set(new URLSearchParams(url.slice(queryStart + 1)).keys())];
  return { url: url.slice(0, queryStart), ...(names.length > 0 ? { queryParameters: names } : {}) };
}

/** Fields that may appear in logged objects and must be censored wherever they sit. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-customer-hash"]',
  'req.headers.cookie',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.secret',
  '*.token',
  '*.refreshToken',
  '*.customerHash',
  '*.ssn',
  '*.socialSecurityNumber',
  '*.driversLicenseNumber',
  '*.drivers_license_number',
  '*.dateOfBirth',
  '*.accountNumber',
  '*.account_number',
  '*.achAccountNumber',
  '*.cardNumber',
  '*.card_number',
];

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        ...loggedUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

/** Keeps a caller's X-Request-Id when it is sane, so one id follows a call across systems. */
export function requestId(request: RawRequestDefaultExpression): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
