import { randomUUID } from 'node:crypto';
import type { RawRequestDefaultExpression } from 'fastify';

/** Query parameters whose values are secrets or personal data and never reach a log line. */
const SECRET_QUERY_KEYS = new Set([
  'token',
  'signature',
  'password',
  'ssn',
  'securitytoken',
  'hash',
  'refreshtoken',
  'dateofbirth',
  'email',
  'username',
]);

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.has(key.toLowerCase())) params.set(key, '[REDACTED]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
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
        url: redactUrl(req.url),
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
