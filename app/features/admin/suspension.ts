/**
 * What the suspension's card and its actions share: the forms' intents,
 * and the end date as its field sends it. A date field has no time zone,
 * and the server does not know the browser's: the day is read in UTC, and
 * the suspension ends as that day starts (the card says so).
 */

export const SUSPEND_INTENT = "suspend-account";
export const LIFT_SUSPENSION_INTENT = "lift-suspension";

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** The start (UTC) of the day a date field sent (`2026-12-24`); null when it is no such day (`2026-02-30`). */
export function endOfSuspension(day: string): Date | null {
  if (!DAY_SHAPE.test(day)) return null;
  const at = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day ? null : at;
}

/** The first day the field offers: tomorrow (UTC), since a suspension that ends today has already ended. */
export function firstEndDay(now = new Date()): string {
  return new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}
