/**
 * Checks on card and bank numbers that every gateway makes, done before a number leaves Voltin so a typo is
 * refused at once and never reaches a gateway: Luhn for cards, the ABA checksum for routing numbers.
 */

export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** ABA routing number: nine digits, 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) divisible by 10. */
export function passesAbaChecksum(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number) as number[];
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** The card brand by its number's prefix (IIN ranges), named as Authorize.Net names them. */
export function cardTypeOf(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'MasterCard';
  if (/^3[47]/.test(digits)) return 'AmericanExpress';
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return 'Discover';
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return 'JCB';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'DinersClub';
  return 'Unknown';
}

/** Card expiry as YYYY-MM from YYYY-MM, MM/YY, MM/YYYY or MMYY; null when it cannot be read. */
export function normalizeExpiry(value: string): string | null {
  const text = value.trim();
  let year: number;
  let month: number;
  let match = /^(\d{4})-(\d{2})$/.exec(text);
  if (match) {
    year = Number(match[1]);
    month = Number(match[2]);
  } else {
    match = /^(\d{2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text);
    if (!match) return null;
    month = Number(match[1]);
    year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  }
  if (month < 1 || month > 12) return null;
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expiry: string, now = new Date()): boolean {
  const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return expiry < current;
}

export const lastFour = (digits: string) => digits.slice(-4);

/** "XXXX1111", the way gateways mask numbers. */
export const masked = (last4: string | null) => (last4 ? `XXXX${last4}` : null);
