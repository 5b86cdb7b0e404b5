import type { TimeOfUseWindow } from '../../domain/efl.js';

/** A version's time-of-use windows (stored as JSON); none for a single-rate plan. */
export const timeOfUseOf = (version: { time_of_use: string }): TimeOfUseWindow[] =>
  JSON.parse(version.time_of_use) as TimeOfUseWindow[];
