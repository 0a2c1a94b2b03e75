/** @module Short localized durations for "time left" ("45 s", "3 min 20 s", "2 h 5 min") with Intl unit names. */

/** Hours, minutes and seconds to show for a duration: the two largest parts that matter, seconds only under an hour. */
export function durationParts(totalSeconds: number): { hours: number; minutes: number; seconds: number } {
  const s = Math.max(0, Math.ceil(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return { hours, minutes, seconds: hours > 0 ? 0 : s % 60 };
}

/** Formats seconds as a short duration in `lang` (BCP 47), e.g. 200 -> "3 min 20 sec" in English. */
export function formatDuration(totalSeconds: number, lang: string): string {
  const { hours, minutes, seconds } = durationParts(totalSeconds);
  const unit = (value: number, name: "hour" | "minute" | "second") =>
    new Intl.NumberFormat(lang, { style: "unit", unit: name, unitDisplay: "short" }).format(value);
  const parts: string[] = [];
  if (hours > 0) parts.push(unit(hours, "hour"));
  if (minutes > 0) parts.push(unit(minutes, "minute"));
  if (seconds > 0 || parts.length === 0) parts.push(unit(seconds, "second"));
  return parts.join(" ");
}
