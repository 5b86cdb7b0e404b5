import { addDays, isWeekend } from './dates.js';
import type { SwitchType } from './switch-types.js';

/**
 * The start-date rule of an enrollment, one copy for the enrollment that asks for a date (`POST /enrollments/create`)
 * and the wizard that offers dates (`GET /plans/start-dates/{planId}`): not before today plus the plan's delay
 * (a priority move-in may start today), and not on a weekend where the utility does not start service then.
 */

/** How urgently service must start: a priority move-in may start today; the priority means nothing to a switch. */
export const START_PRIORITIES = ['Standard', 'Priority'] as const;
export type StartPriority = (typeof START_PRIORITIES)[number];

export interface StartDateRule {
  /** The plan's `min_start_date_delay_days`. */
  minDelayDays: number;
  /** The utility's `allow_weekend_start_dates`. */
  allowWeekends: boolean;
  switchType: SwitchType;
  /** Standard when not given. */
  priority?: StartPriority;
}

/** How many days from the earliest one the wizard's list of start dates covers. */
export const LISTED_START_DAYS = 60;

const isPriorityMoveIn = (rule: StartDateRule) =>
  rule.switchType === 'Move-In' && rule.priority === 'Priority';

/** The first day the delay allows, weekends aside: today for a priority move-in. */
const firstAllowedDay = (today: string, rule: StartDateRule) =>
  addDays(today, isPriorityMoveIn(rule) ? 0 : rule.minDelayDays);

export function startDateProblem(
  requested: string,
  today: string,
  rule: StartDateRule,
): 'START_DATE_TOO_EARLY' | 'START_DATE_WEEKEND' | null {
  if (requested < firstAllowedDay(today, rule)) return 'START_DATE_TOO_EARLY';
  if (!rule.allowWeekends && isWeekend(requested)) return 'START_DATE_WEEKEND';
  return null;
}

/**
 * The dates an enrollment may ask to start on, from the earliest for `LISTED_START_DAYS` calendar days: every day of
 * that span `startDateProblem` accepts, so a date picker offers exactly what the enrollment will take.
 */
export function selectableStartDates(today: string, rule: StartDateRule): string[] {
  const first = firstAllowedDay(today, rule);
  // A delay ending on a weekend the utility skips starts the span on the next day it accepts, at most two on.
  const earliest = [0, 1, 2]
    .map((days) => addDays(first, days))
    .find((day) => startDateProblem(day, today, rule) === null)!;
  return Array.from({ length: LISTED_START_DAYS }, (_, i) => addDays(earliest, i)).filter(
    (day) => startDateProblem(day, today, rule) === null,
  );
}

/** The rule for a plan (its delay), its utility (its weekends) and the start asked for (switch type and priority). */
export const startDateRuleOf = (
  plan: { min_start_date_delay_days: number },
  utility: { allow_weekend_start_dates: number },
  start: { switchType: SwitchType; priority?: StartPriority },
): StartDateRule => ({
  minDelayDays: plan.min_start_date_delay_days,
  allowWeekends: utility.allow_weekend_start_dates === 1,
  switchType: start.switchType,
  priority: start.priority,
});
