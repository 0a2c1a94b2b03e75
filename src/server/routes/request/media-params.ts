/**
 * @module Query values of the media URLs (docs/product.md "Raw files and media URLs"): 0-based indexes (`si`, `sprite`)
 * and times (`t`).
 */
import { BadRequest } from "../../errors";

/**
 * A 0-based index query such as `si` or `sprite`: digits only.
 * @throws BadRequest (400) naming `name` otherwise.
 */
export function parseIndex(raw: string | undefined, name: string): number {
  if (raw === undefined || !/^\d{1,6}$/.test(raw)) throw new BadRequest(`${name} must be a whole number, 0 or more`);
  return Number(raw);
}

/**
 * Seconds from the `t` query: a finite number, 0 or more, fractions allowed ("12.5").
 * @throws BadRequest (400) otherwise.
 */
export function parseSeconds(raw: string | undefined): number {
  const t = raw === undefined || raw.trim() === "" ? NaN : Number(raw);
  if (!Number.isFinite(t) || t < 0) throw new BadRequest("t must be a number of seconds, 0 or more");
  return t;
}
