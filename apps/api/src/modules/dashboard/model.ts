/** The dashboard's words: whose day "today" is, how many days the chart shows, and the ages holds are grouped by. */

/**
 * Whose day "today" is. Companies have no time zone setting (retail_companies and company_settings hold none); the
 * Texas market runs on Central Time, so every company's day is Chicago's until a company setting says otherwise.
 */
export const DASHBOARD_TIME_ZONE = 'America/Chicago';

/** How many days the daily chart shows, today included. */
export const DASHBOARD_DAYS = 14;

const HOUR = 3600;
const DAY = 24 * HOUR;

/** How long holds have lasted, youngest first: each bucket ends where the next begins; the last has no end. */
export const HOLD_AGE_BUCKETS = [
  { key: 'under-1h', label: '< 1 h', fromSeconds: 0, toSeconds: HOUR },
  { key: '1-4h', label: '1–4 h', fromSeconds: HOUR, toSeconds: 4 * HOUR },
  { key: '4-24h', label: '4–24 h', fromSeconds: 4 * HOUR, toSeconds: DAY },
  { key: '1-3d', label: '1–3 days', fromSeconds: DAY, toSeconds: 3 * DAY },
  { key: 'over-3d', label: '> 3 days', fromSeconds: 3 * DAY, toSeconds: null },
] as const;
