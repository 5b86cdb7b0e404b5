/**
 * US Social Security Number validation: the Social Security Administration's public rules for numbers that
 * are never issued. Pure functions, shared by the validate-ssn call and the credit check.
 *
 * The result never contains the number itself, so it can be returned or logged as it is.
 */

export const SSN_ERRORS = {
  SSN_FORMAT: 'The SSN must be 9 digits, written either without dashes or as 123-45-6789.',
  SSN_AREA_INVALID: 'The first three digits (area number) cannot be 000, 666 or 900 to 999.',
  SSN_GROUP_INVALID: 'The middle two digits (group number) cannot be 00.',
  SSN_SERIAL_INVALID: 'The last four digits (serial number) cannot be 0000.',
  SSN_KNOWN_INVALID: 'This SSN is a well-known sample or advertising number and was never validly issued.',
} as const;

export type SsnErrorCode = keyof typeof SSN_ERRORS;

export interface SsnCheck {
  valid: boolean;
  /** A stable code from SSN_ERRORS, or null when valid. */
  error: SsnErrorCode | null;
  /** A sentence for a person, or null when valid. */
  error_msg: string | null;
}

/**
 * Numbers published in examples and advertising and since voided: 078-05-1120 (printed on wallet inserts in
 * 1938), 219-09-9999 (a Social Security Board pamphlet) and 123-45-6789 (used in advertisements).
 */
const KNOWN_INVALID = new Set(['078051120', '219099999', '123456789']);

const FORMAT = /^(?:\d{9}|\d{3}-\d{2}-\d{4})$/;

/** The nine digits of a well-formed SSN (surrounding spaces ignored), or null when the format is wrong. */
export function ssnDigits(input: string): string | null {
  const text = input.trim();
  return FORMAT.test(text) ? text.replaceAll('-', '') : null;
}

const failed = (error: SsnErrorCode): SsnCheck => ({ valid: false, error, error_msg: SSN_ERRORS[error] });

/** Checks an SSN against the SSA's rules; the first rule broken is reported. */
export function validateSsn(input: string): SsnCheck {
  const digits = ssnDigits(input);
  if (digits === null) return failed('SSN_FORMAT');
  const area = Number(digits.slice(0, 3));
  if (area === 0 || area === 666 || area >= 900) return failed('SSN_AREA_INVALID');
  if (digits.slice(3, 5) === '00') return failed('SSN_GROUP_INVALID');
  if (digits.slice(5) === '0000') return failed('SSN_SERIAL_INVALID');
  if (KNOWN_INVALID.has(digits)) return failed('SSN_KNOWN_INVALID');
  return { valid: true, error: null, error_msg: null };
}
