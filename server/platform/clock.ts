/**
 * Where the server reads "now" for business rules: what counts as the future, today, this week,
 * a running timer's duration, default times of new entries. Production uses the system clock;
 * `buildServer({ clock })` lets the tests put the server at a fixed instant, so date rules are
 * tested the same on any day (no setting or header can change it in a running product).
 * Token lifetimes and link expiry stay on the system clock.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
