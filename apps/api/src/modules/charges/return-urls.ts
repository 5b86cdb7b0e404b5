import { parsedHttpUrl } from '../../http/absolute-url.js';
import { ApiError } from '../../http/errors.js';

/**
 * Where the hosted payment page may send a browser back to: only URLs whose origin (scheme, host, port) the retail
 * company registered in `payment_return_origins`. Origins are compared parsed, never as string prefixes, so
 * `http://localhost.evil.example` or `http://evil.example/?x=http://localhost:3002` never pass for `http://localhost:3002`.
 * An entry ending in `:*` (`http://localhost:*`) stands for that scheme and host on any port.
 */
export function allowedReturnUrl(value: string, registeredOrigins: string[], parameter: string): URL {
  const url = parsedHttpUrl(value);
  if (!url || !registeredOrigins.some((origin) => originMatches(url, origin))) {
    throw new ApiError(
      'RETURN_URL_NOT_ALLOWED',
      `${parameter} is not on an origin this company registered for payment returns.`,
      [`${parameter}: origin not in payment_return_origins`],
    );
  }
  return url;
}

/** The company setting, a JSON list of origins; anything else registers nothing. */
export function registeredOriginsOf(setting: string): string[] {
  try {
    const parsed: unknown = JSON.parse(setting);
    return Array.isArray(parsed) ? parsed.filter((o): o is string => typeof o === 'string') : [];
  } catch {
    return [];
  }
}

function originMatches(url: URL, registered: string): boolean {
  const anyPort = registered.endsWith(':*');
  const origin = parsedHttpUrl(anyPort ? registered.slice(0, -2) : registered);
  if (!origin) return false;
  return anyPort
    ? url.protocol === origin.protocol && url.hostname === origin.hostname
    : url.origin === origin.origin;
}
