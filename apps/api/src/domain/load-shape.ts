/**
 * The usage shape Voltin uses to average a time-of-use plan's energy rates into one price, the way a Texas
 * Electricity Facts Label needs it. It is a typical ERCOT residential profile: the share of a day's usage in
 * each hour (hour 0 = midnight to 1 am), for summer (June to September) and the rest of the year, and how much
 * of a year's usage falls in each season (summer months use about 40% more than the others).
 * The docs page "Time of Use Plans and Configuration" is generated from these tables.
 */
export const SUMMER_MONTHS = [6, 7, 8, 9] as const;

const SUMMER_HOURLY = [
  2.9, 2.6, 2.4, 2.3, 2.3, 2.4, 2.7, 3.0, 3.2, 3.5, 3.9, 4.4, 4.9, 5.4, 5.9, 6.3, 6.6, 6.7, 6.4, 5.8, 5.1,
  4.4, 3.8, 3.3,
] as const;
const NON_SUMMER_HOURLY = [
  3.1, 2.9, 2.8, 2.8, 2.9, 3.3, 4.2, 5.0, 4.9, 4.5, 4.1, 3.9, 3.8, 3.7, 3.7, 3.8, 4.1, 4.8, 5.6, 5.8, 5.5,
  4.9, 4.2, 3.6,
] as const;

const normalise = (values: readonly number[]) => {
  const total = values.reduce((sum, v) => sum + v, 0);
  return values.map((v) => v / total);
};

export type Season = 'Summer' | 'NonSummer';
export type DayType = 'Weekday' | 'Weekend';

export const HOURLY_SHARE: Record<Season, number[]> = {
  Summer: normalise(SUMMER_HOURLY),
  NonSummer: normalise(NON_SUMMER_HOURLY),
};

/** Four summer months at 1.4 times the usage of each of the eight other months. */
export const SEASON_WEIGHT: Record<Season, number> = {
  Summer: (4 * 1.4) / (4 * 1.4 + 8),
  NonSummer: 8 / (4 * 1.4 + 8),
};

/** Five weekdays and two weekend days a week, with the same daily shape. */
export const DAY_TYPE_WEIGHT: Record<DayType, number> = { Weekday: 5 / 7, Weekend: 2 / 7 };
