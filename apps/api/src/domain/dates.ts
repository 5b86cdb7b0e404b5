/**
 * Calendar arithmetic on ISO dates (`YYYY-MM-DD`), in UTC: contract terms, start and drop dates, billing periods,
 * expiry days. One copy for the modules, the sandbox billing system and the seed, so a term ends on the same day
 * wherever it is computed.
 */
import type { Clock } from './clock.js';

/** The calendar day (UTC) the clock is on. */
export const dayOf = (clock: Clock): string => clock.now().toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** How many days `to` is after `from` (negative when before). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The same day `months` later; the 29th to 31st fall back to the month's last day (Jan 31 + 1 month = Feb 28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

export const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
