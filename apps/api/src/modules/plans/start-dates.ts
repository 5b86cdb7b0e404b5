import type { Static } from 'typebox';
import { type StartPriority, selectableStartDates, startDateRuleOf } from '../../domain/start-dates.js';
import type { SwitchType } from '../../domain/switch-types.js';
import type { EnrollingUtility } from '../utilities/index.js';
import type { StartDates } from './schemas.js';
import type { PlanRow } from './store.js';

/** The start an enrollment wizard asks dates for. */
export interface StartAsked {
  switchType: SwitchType;
  priority?: StartPriority;
}

/**
 * The dates an enrollment in the plan may ask to start on today, by the start-date rule `POST /enrollments/create`
 * applies (domain/start-dates.ts), for a date picker that needs no rule of its own.
 */
export function startDatesOf(
  row: PlanRow,
  utility: EnrollingUtility & { allow_weekend_start_dates: number },
  start: StartAsked,
  today: string,
): Static<typeof StartDates> {
  const dates = selectableStartDates(today, startDateRuleOf(row, utility, start));
  return {
    id_plan: row.id,
    switch_type: start.switchType,
    priority: start.priority ?? 'Standard',
    min_start_date_delay_days: row.min_start_date_delay_days,
    allow_weekend_start_dates: utility.allow_weekend_start_dates === 1,
    earliest_start_date: dates[0]!,
    available_dates: dates,
  };
}
