/**
 * Validators of the routes' search params: what a bookmark or a colleague's link carries is checked here, and
 * anything unreadable falls back to the default instead of breaking the page.
 */
type Raw = Record<string, unknown>;

export function positiveInt(raw: Raw, key: string, fallback: number, max = 10_000): number {
  const value = Number(raw[key]);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
}

export function optionalInt(raw: Raw, key: string): number | undefined {
  const value = Number(raw[key]);
  return raw[key] !== undefined && Number.isInteger(value) && value >= 1 ? value : undefined;
}

export function oneOf<T extends string>(raw: Raw, key: string, allowed: readonly T[]): T | undefined {
  const value = raw[key];
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

export function text(raw: Raw, key: string, maxLength = 200): string | undefined {
  const value = raw[key];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= maxLength ? trimmed : undefined;
}

/** An ISO date (YYYY-MM-DD), for date filters. */
export function isoDate(raw: Raw, key: string): string | undefined {
  const value = raw[key];
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : undefined;
}

/** A path inside the console to come back to after signing in (never another site). */
export function localPath(raw: Raw, key: string): string | undefined {
  const value = raw[key];
  return typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\')
    ? value
    : undefined;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export function pageSize(raw: Raw): number {
  const value = Number(raw.pageSize);
  return (PAGE_SIZES as readonly number[]).includes(value) ? value : DEFAULT_PAGE_SIZE;
}
