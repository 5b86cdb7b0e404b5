import { currentLanguage } from './i18n';

const locale = () => (currentLanguage() === 'es' ? 'es-US' : 'en-US');

export const money = (amount: number) =>
  new Intl.NumberFormat(locale(), { style: 'currency', currency: 'USD' }).format(amount);

/** A price in cents per kWh (or therm) with the plan's own number of decimals. */
export const cents = (value: number, decimals = 1) =>
  new Intl.NumberFormat(locale(), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);

/** The day a YYYY-MM-DD string names, at midnight UTC, so formatting in UTC never moves it across time zones. */
function utcDay(value: string): Date {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

/** A calendar date the API sends as YYYY-MM-DD, shown in the reader's language. */
export function calendarDate(value: string | null | undefined): string {
  if (!value) return '';
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(utcDay(value));
}

/** A calendar date with its weekday ("Sat, Nov 28, 2026"), for choosing a day. */
export function weekdayDate(value: string): string {
  return new Intl.DateTimeFormat(locale(), {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(utcDay(value));
}

/** A moment the API sends as an ISO date-time, in the reader's language and time zone ("Nov 28, 2026, 3:04 PM"). */
export const dateTime = (value: string) =>
  new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));

export const percent = (value: number) =>
  new Intl.NumberFormat(locale(), { maximumFractionDigits: 0 }).format(value);

export const number = (value: number) => new Intl.NumberFormat(locale()).format(value);

/** A calendar date (YYYY-MM-DD) in short, month and day: a chart's axis, a billing period. */
export const monthDay = (value: string) =>
  new Intl.DateTimeFormat(locale(), { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    utcDay(value),
  );
