import { Secret, TOTP } from 'otpauth';
import type { Clock } from '../../domain/clock.js';

const PERIOD_SECONDS = 30;

function totpOf(secretBase32: string, label = 'staff'): TOTP {
  return new TOTP({
    issuer: 'Voltin Operations',
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new authenticator secret (160 bits, RFC 4226's recommendation), base32 as authenticator apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI an authenticator app scans (shown as a QR code). */
export const totpUri = (secretBase32: string, email: string): string =>
  totpOf(secretBase32, email).toString();

/**
 * The time step of a code valid now (one step of clock drift either way), or null. The caller accepts each step once.
 */
export function totpStep(secretBase32: string, code: string, clock: Clock): number | null {
  const timestamp = clock.now().getTime();
  const delta = totpOf(secretBase32).validate({ token: code.replace(/\s/g, ''), timestamp, window: 1 });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

/** The code an authenticator shows now (tests and the sandbox's documentation). */
export const currentTotp = (secretBase32: string, clock: Clock): string =>
  totpOf(secretBase32).generate({ timestamp: clock.now().getTime() });
