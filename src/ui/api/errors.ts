/** @module The one mapping from a failed call to the 403/404/500 error views (SPEC §2 Files view, STYLE rule 9). */
import { ApiError } from "./client";

/** The error views a page can show. */
export type ErrorKind = "forbidden" | "notFound" | "internal";

/**
 * Picks the error view for a failure: a status or message starting with 404 is not found, 403 is
 * forbidden, anything else internal (SPEC §2 Files view).
 */
export function errorKindOf(err: unknown): ErrorKind {
  const status = err instanceof ApiError ? err.status : 0;
  const text = err instanceof Error ? err.message : String(err ?? "");
  if (status === 404 || text.startsWith("404")) return "notFound";
  if (status === 403 || text.startsWith("403")) return "forbidden";
  return "internal";
}

/** The detail in parentheses of an error body ("403 Forbidden (OTP passcode required)" -> "OTP passcode required"). */
export function errorDetail(text: string): string | null {
  const m = /\(([^()]*)\)\s*$/.exec(text);
  return m ? m[1].trim() || null : null;
}
