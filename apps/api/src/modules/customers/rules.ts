import { ApiError } from '../../http/errors.js';

/**
 * The customer-account rules, in one place so the update, quick-enrollment, enrollment create, reset and validation
 * calls agree.
 */

/**
 * Customer password policy: 10 to 200 characters, at least one letter and one digit, and it must not contain the
 * username (compared case-insensitively). Long passphrases are welcome; there is no forced mix of symbols and no
 * expiry, following NIST SP 800-63B.
 */
export const PASSWORD_POLICY = {
  minLength: 10,
  maxLength: 200,
  requiresLetter: true,
  requiresDigit: true,
  mayContainUserName: false,
} as const;

/** One sentence per rule the password breaks, naming the field; empty when it is acceptable. */
export function passwordProblems(field: string, password: string, userName: string | null): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_POLICY.minLength)
    problems.push(`${field}: must have at least ${PASSWORD_POLICY.minLength} characters`);
  if (password.length > PASSWORD_POLICY.maxLength)
    problems.push(`${field}: must have at most ${PASSWORD_POLICY.maxLength} characters`);
  if (!/\p{L}/u.test(password)) problems.push(`${field}: must contain a letter`);
  if (!/\p{Nd}/u.test(password)) problems.push(`${field}: must contain a digit`);
  if (userName && password.toLowerCase().includes(userName.toLowerCase()))
    problems.push(`${field}: must not contain the username`);
  return problems;
}

/** Refuses a password the policy does not accept (PASSWORD_TOO_WEAK, one error per broken rule). */
export function assertPasswordPolicy(field: string, password: string, userName: string | null): void {
  const problems = passwordProblems(field, password, userName);
  if (problems.length > 0)
    throw new ApiError(
      'PASSWORD_TOO_WEAK',
      `${field}: the password does not meet the password policy.`,
      problems,
    );
}

/**
 * Usernames: 3 to 100 characters of letters, digits and `. _ - @ +`, starting with a letter or digit (an email
 * address is a valid username). They are case-insensitive: stored and compared in lower case, unique per company.
 */
export const USERNAME_RULE = {
  minLength: 3,
  maxLength: 100,
  pattern: /^[a-z0-9][a-z0-9._@+-]*$/,
  description: '3 to 100 characters: letters, digits and . _ - @ +, starting with a letter or digit',
} as const;

/** Usernames are case-insensitive: stored and looked up in lower case. */
export const normalizeUserName = (userName: string) => userName.trim().toLowerCase();

export function isValidUserName(normalized: string): boolean {
  return (
    normalized.length >= USERNAME_RULE.minLength &&
    normalized.length <= USERNAME_RULE.maxLength &&
    USERNAME_RULE.pattern.test(normalized)
  );
}

/** The normalized username, or USERNAME_INVALID when it breaks the rule. */
export function assertUserNameFormat(field: string, raw: string): string {
  const userName = normalizeUserName(raw);
  if (!isValidUserName(userName))
    throw new ApiError('USERNAME_INVALID', `${field}: must be ${USERNAME_RULE.description}.`);
  return userName;
}

/** A pragmatic address check: one @, no spaces, a dot in the domain. Delivery is the real test. */
export function isValidEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}

/** The address trimmed, or EMAIL_INVALID naming the field. */
export function assertEmail(field: string, email: string): string {
  const trimmed = email.trim();
  if (!isValidEmail(trimmed))
    throw new ApiError('EMAIL_INVALID', `${field}: "${trimmed}" is not a valid email address.`);
  return trimmed;
}

/** A US phone number: 10 digits once formatting and a leading +1 are removed; null when it is not one. */
export function normalizePhone(phone: string): string | null {
  if (!/^[0-9+().\s-]+$/.test(phone)) return null;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{9}$/.test(national) ? national : null;
}

/** The phone number's 10 digits, or PHONE_INVALID naming the field. */
export function assertPhone(field: string, phone: string): string {
  const normalized = normalizePhone(phone);
  if (!normalized)
    throw new ApiError(
      'PHONE_INVALID',
      `${field}: must be a US phone number of 10 digits (e.g. 512-555-0142).`,
    );
  return normalized;
}

export const maskSsn = (last4: string | null) => (last4 ? `***-**-${last4}` : null);
export const maskDriversLicense = (last4: string | null) => (last4 ? `*****${last4}` : null);
