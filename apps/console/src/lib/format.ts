import dayjs from 'dayjs';

/** How long something has waited, in its largest whole unit: "45 s", "12 min", "5 h", "3 d". */
export function formatAge(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h`;
  return `${Math.floor(s / 86_400)} d`;
}

/** The age of an instant, from now. */
export const ageSince = (iso: string | null | undefined): number | null =>
  iso ? Math.max(0, (Date.now() - Date.parse(iso)) / 1000) : null;

/** A moment as staff read it in a table: "26 Nov 2026, 14:05:09". */
export const formatDateTime = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('D MMM YYYY, HH:mm:ss') : '—';

/** A calendar date: "26 Nov 2026". */
export const formatDate = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('D MMM YYYY') : '—';

const count = new Intl.NumberFormat('en-US');
export const formatCount = (value: number): string => count.format(value);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
/** Dollars, as the API answers them. */
export const formatMoney = (dollars: number | null | undefined): string =>
  dollars === null || dollars === undefined ? '—' : usd.format(dollars);

/** An API enum value for people: `ON_HOLD_DEPOSIT_PENDING` → "On hold deposit pending". */
export function humanize(value: string): string {
  const words = value
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
