/** @module Human-readable byte sizes in binary units (KiB, MiB, ...). */

const UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];

/**
 * Formats a byte count: whole bytes below 1 KiB, otherwise one decimal in the largest unit that keeps
 * the value under 1024 (a trailing ".0" is dropped): 1536 -> "1.5 KiB", 1048576 -> "1 MiB".
 */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "";
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  let rounded = Math.round(value * 10) / 10;
  if (rounded >= 1024 && unit < UNITS.length - 1) {
    rounded = 1;
    unit++;
  }
  return `${rounded.toFixed(1).replace(/\.0$/, "")} ${UNITS[unit]}`;
}
