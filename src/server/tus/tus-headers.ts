/** tus resumable uploads (tus.io protocol 1.0): the one protocol version spoken and the extensions offered. */
export const TUS_VERSION = "1.0.0";
const TUS_EXTENSIONS = "creation,creation-with-upload,termination,expiration";
/** @module Pure parts of the tus 1.0 protocol (tus.io/protocols/resumable-upload): header values read and written. */

/** The content type of every tus body (core protocol: PATCH and creation-with-upload). */
export const TUS_CONTENT_TYPE = "application/offset+octet-stream";

/**
 * A non-negative whole number from a header such as Upload-Length or Upload-Offset, or null when the header is
 * absent or not a plain decimal within Number.MAX_SAFE_INTEGER.
 */
export function parseByteCount(raw: string | undefined | null): number | null {
  if (raw == null || !/^\d{1,16}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The pairs of an Upload-Metadata header: comma-separated `key base64value` (value optional), keys unique and
 * without spaces or commas. Returns null for a malformed header; an absent one gives {}.
 */
export function parseMetadata(raw: string | undefined | null): Record<string, string> | null {
  const out: Record<string, string> = {};
  if (!raw || raw.trim() === "") return out;
  for (const pair of raw.split(",")) {
    const [key, value, extra] = pair.trim().split(" ");
    if (!key || extra !== undefined || Object.hasOwn(out, key)) return null;
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) return null;
    out[key] = value === undefined ? "" : Buffer.from(value, "base64").toString("utf8");
  }
  return out;
}

/** The Upload-Metadata header of `meta` (values base64-encoded), as HEAD returns it. */
export function formatMetadata(meta: Readonly<Record<string, string>>): string {
  return Object.entries(meta)
    .map(([k, v]) => (v === "" ? k : `${k} ${Buffer.from(v, "utf8").toString("base64")}`))
    .join(",");
}

/** Upload-Expires: the RFC 9110 date (IMF-fixdate) of `ms` since the epoch. */
export function formatExpires(ms: number): string {
  return new Date(ms).toUTCString();
}

/**
 * Headers of the OPTIONS answer: the version and extensions spoken. No Tus-Max-Size: the only bound is the free
 * space, which is not told to clients (docs/security.md "Resumable uploads"); a creation past it answers 413.
 */
export function discoveryHeaders(): Record<string, string> {
  return { "Tus-Version": TUS_VERSION, "Tus-Extension": TUS_EXTENSIONS };
}

/** Whether a request's Tus-Resumable header names the version this server speaks (OPTIONS needs none). */
export function speaksOurVersion(raw: string | undefined | null): boolean {
  return raw?.trim() === TUS_VERSION;
}
