import type { TimeOfUseWindow } from '../../domain/efl.js';

/** A version's time-of-use windows (stored as JSON); none for a single-rate plan. */
export const timeOfUseOf = (version: { time_of_use: string }): TimeOfUseWindow[] =>
  JSON.parse(version.time_of_use) as TimeOfUseWindow[];

/** What is wrong with a version's windows for a plan that is (or is not) time-of-use. */
export function timeOfUseProblems(windows: TimeOfUseWindow[], timeOfUsePlan: boolean): string[] {
  const problems: string[] = [];
  if (timeOfUsePlan && windows.length === 0)
    problems.push('timeOfUse: a time-of-use plan needs at least one window');
  if (!timeOfUsePlan && windows.length > 0) problems.push('timeOfUse: only a time-of-use plan has windows');
  windows.forEach((window, i) => {
    if (window.start_hour === window.end_hour)
      problems.push(`timeOfUse[${i}].end_hour: must differ from start_hour`);
  });
  return problems;
}
