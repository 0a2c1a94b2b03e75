/** @module Relative ("3 minutes ago") and full dates in the interface language. */

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.34524],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

// One formatter per locale: building an Intl formatter costs far more than formatting, and a scrolled listing
// formats the dates of every row it brings in.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const fullFormats = new Map<string, Intl.DateTimeFormat>();

function cached<T>(cache: Map<string, T>, locale: string, make: () => T): T {
  let f = cache.get(locale);
  if (!f) cache.set(locale, (f = make()));
  return f;
}

/** Picks the unit and signed amount for the distance between a date and now, e.g. [-3, "minute"]. */
export function relativeParts(date: Date, now: Date = new Date()): [number, Intl.RelativeTimeFormatUnit] {
  let delta = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(delta) < size) return [Math.round(delta), unit];
    delta /= size;
  }
  return [Math.round(delta), "year"];
}

/** Formats a date relative to now with Intl.RelativeTimeFormat ("3 minutes ago", "yesterday"). */
export function formatRelative(iso: string, locale: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const [amount, unit] = relativeParts(date, now);
  return cached(relativeFormats, locale, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" })).format(
    amount,
    unit,
  );
}

/** Formats a date in full for tooltips ("21 Nov 2026, 10:34:52"). */
export function formatFullDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return cached(
    fullFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" }),
  ).format(date);
}
