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

/** A calendar date the API sends as YYYY-MM-DD, shown in the reader's language without moving it across time zones. */
export function calendarDate(value: string | null | undefined): string {
  if (!value) return '';
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)),
  );
}

export const percent = (value: number) =>
  new Intl.NumberFormat(locale(), { maximumFractionDigits: 0 }).format(value);

export const number = (value: number) => new Intl.NumberFormat(locale()).format(value);
