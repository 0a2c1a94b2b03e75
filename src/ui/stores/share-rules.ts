/**
 * @module Pure rules of the share dialog and the shared links screen (docs/product.md "Share dialog", "Shared links",
 * "Share duration", "Task defaults": share time 0 to 2147483647, permanent links first).
 */
import {
  SHARE_DOWNLOAD_RATE_MAX,
  SHARE_DOWNLOAD_RATE_MIN,
  SHARE_EXPIRES_MAX,
  type ShareOptions,
  type ShareUnit,
} from "../../shared/wire/share";
import { SHARE_DOWNLOAD_LIMIT_MAX } from "../../shared/wire/share";

/**
 * The duration a typed value stands for: the trimmed text as a whole number from 0 to 2147483647, or null when
 * it is empty, not a whole number or out of range (creation is blocked then; docs/product.md "Share duration").
 */
export function parseShareDuration(value: string): number | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n <= SHARE_EXPIRES_MAX ? n : null;
}

/** The expiry choices of the Share dialog's "Create link", "never" (a permanent link) first and chosen at start. */
export const EXPIRY_CHOICES = ["never", "1h", "1d", "7d", "30d", "custom"] as const;
/** One expiry choice. */
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** The duration each preset stands for, in the API's units (docs/product.md "Share calls": expires and unit). */
export const EXPIRY_PRESETS: Readonly<
  Record<Exclude<ExpiryChoice, "never" | "custom">, { expires: number; unit: ShareUnit }>
> = {
  "1h": { expires: 1, unit: "hours" },
  "1d": { expires: 1, unit: "days" },
  "7d": { expires: 7, unit: "days" },
  "30d": { expires: 30, unit: "days" },
};

/**
 * What "Create link" asks the server for: undefined for a permanent link ("never"), a preset's duration, or the
 * typed custom duration (docs/product.md "Share duration"); null while the custom amount is not valid (creation is
 * blocked).
 */
export function chosenDuration(
  choice: ExpiryChoice,
  amount: string,
  unit: ShareUnit,
): { expires: number; unit: ShareUnit } | undefined | null {
  if (choice === "never") return undefined;
  if (choice !== "custom") return EXPIRY_PRESETS[choice];
  const expires = parseShareDuration(amount);
  return expires === null ? null : { expires, unit };
}

/** Each relative-time unit and how many of it make the next one (a month as 30 days, a year as 12 months). */
const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

/**
 * The input of Intl.RelativeTimeFormat for an expiry: the distance from `now` (both Unix seconds) in the largest
 * unit it rounds to at least one of ("in 1 hour" for 3599 s, "in 59 minutes" for 3540 s); null for a permanent
 * link (0).
 */
export function relativeExpiry(
  expire: number,
  now: number,
): { value: number; unit: Intl.RelativeTimeFormatUnit } | null {
  if (expire === 0) return null;
  let amount = expire - now;
  for (const [unit, next] of STEPS) {
    if (Math.abs(Math.round(amount)) < next) return { value: Math.round(amount) || 0, unit };
    amount /= next;
  }
  return null;
}

/** The expiry as relative time in a language ("in 1 hour", "dans 1 heure"), or `permanent` for 0. */
export function expiryText(expire: number, now: number, language: string, permanent: string): string {
  const rel = relativeExpiry(expire, now);
  return rel ? new Intl.RelativeTimeFormat(language, { numeric: "auto" }).format(rel.value, rel.unit) : permanent;
}

/** The full public URL of a link: origin, base URL, then /share/{hash}. */
export function shareUrl(origin: string, baseURL: string, hash: string): string {
  return `${origin}${baseURL}/share/${encodeURIComponent(hash)}`;
}

/**
 * The download limit a typed value stands for: 0 (no limit) when empty, the trimmed text as a whole number from
 * 1 to SHARE_DOWNLOAD_LIMIT_MAX (the server's bound), or null when it is anything else (creation is blocked then).
 */
export function parseDownloadLimit(value: string): number | null {
  const text = value.trim();
  if (text === "") return 0;
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= SHARE_DOWNLOAD_LIMIT_MAX ? n : null;
}

/**
 * The download speed (bytes per second) a typed KiB/s value stands for: 0 (unlimited) when empty, the whole
 * number times 1024 from 1 KiB/s up to the server's bound, or null when it is anything else (creation is blocked).
 */
export function parseDownloadRate(kibPerSecond: string): number | null {
  const text = kibPerSecond.trim();
  if (text === "") return 0;
  if (!/^\d+$/.test(text)) return null;
  const bytes = Number(text) * 1024;
  return bytes >= SHARE_DOWNLOAD_RATE_MIN && bytes <= SHARE_DOWNLOAD_RATE_MAX ? bytes : null;
}

/**
 * The JSON body of a new link from the dialog's options: only the options that are set (a password that is not
 * empty, upload-only for a folder, a limit above 0); undefined when none is, so the request has no body.
 */
export function shareOptions(o: {
  password: string;
  uploadOnly: boolean;
  isDir: boolean;
  downloadLimit: number;
  downloadRate?: number;
}): ShareOptions | undefined {
  const body: ShareOptions = {};
  if (o.password !== "") body.password = o.password;
  if (o.uploadOnly && o.isDir) body.uploadOnly = true;
  if (o.downloadLimit > 0) body.downloadLimit = o.downloadLimit;
  if (o.downloadRate && o.downloadRate > 0) body.downloadRate = o.downloadRate;
  return Object.keys(body).length > 0 ? body : undefined;
}

/** A link's download count: "downloads/limit" when it has a limit, else the count alone ("2/5", "7"). */
export function downloadCount(link: { downloads: number; downloadLimit: number }): string {
  return link.downloadLimit > 0 ? `${link.downloads}/${link.downloadLimit}` : String(link.downloads);
}
