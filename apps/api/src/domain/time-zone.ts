/**
 * Calendar days of a time zone: which day an instant falls on there, and the instant a day begins. The rest of the
 * domain's dates are UTC days (`dates.ts`); these count what happened on a company's own day (the console's
 * dashboard), where "today" begins at local midnight, 23 or 25 hours after the last one when the clocks change.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for a zone the runtime does not know.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `timeZone` at `instant`, read as if it were UTC (milliseconds since the epoch). */
function wallClock(instant: number, timeZone: string): number {
  const part: Record<string, number> = {};
  for (const { type, value } of formatterOf(timeZone).formatToParts(new Date(instant)))
    if (type !== 'literal') part[type] = Number(value);
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds (negative west of Greenwich). */
const offsetAt = (instant: number, timeZone: string) =>
  wallClock(instant, timeZone) - (instant - (((instant % 1000) + 1000) % 1000));

/** The calendar day (`YYYY-MM-DD`) in `timeZone` at `instant`. */
export const localDay = (instant: Date, timeZone: string): string =>
  new Date(wallClock(instant.getTime(), timeZone)).toISOString().slice(0, 10);

/** The instant `day` (`YYYY-MM-DD`) begins in `timeZone`: its local midnight. */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const first = midnight - offsetAt(midnight, timeZone);
  // The offset at the guess may differ from the offset at midnight itself when the clocks changed in between.
  return new Date(midnight - offsetAt(first, timeZone));
}
