/**
 * Where the time comes from. Code that decides by the time takes a clock instead of reading the system's, so a test
 * moves time by advancing its clock, not by editing rows.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Whole seconds since the epoch: the form expiry and due instants are compared in, in SQL. */
export const epochSeconds = (clock: Clock): number => Math.floor(clock.now().getTime() / 1000);
