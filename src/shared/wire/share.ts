/**
 * @module Wire shape of a share link (docs/product.md "Share link"; docs/interfaces.md "Other answers": `expire` Unix
 * seconds, 0 = permanent). Types and constants only.
 */
import type { Resource } from "./resource";

/** A share link as the API answers it. */
export interface ShareLink {
  readonly hash: string;
  /**
   * Shared path in the owner's current scope; a folder ends with "/". In the admin list, a link whose owner's scope
   * no longer holds it has its path from the files root and `outOfScope` (it answers nothing).
   */
  readonly path: string;
  readonly outOfScope?: boolean;
  /** Unix seconds; 0 for a permanent link (permalink). */
  readonly expire: number;
  readonly userId: number;
  /** The owner's name (the admin list shows it). */
  readonly username?: string;
  /** Visitors must give a password first. */
  readonly hasPassword: boolean;
  /** A folder that only takes uploads: no listing, no download. */
  readonly uploadOnly: boolean;
  /** Downloads allowed before the link stops; 0 = no limit. */
  readonly downloadLimit: number;
  /** Completed downloads so far. */
  readonly downloads: number;
  /** Public download speed in bytes per second; 0 = unlimited. */
  readonly downloadRate: number;
}

/** Optional JSON body of POST /api/share/{path}: the options beyond a plain link. */
export interface ShareOptions {
  /** A password visitors must give ("" or absent: none). */
  password?: string;
  /** Only for a folder: visitors may upload into it and see nothing else. */
  uploadOnly?: boolean;
  /** Stop after this many completed downloads (0 or absent: no limit). */
  downloadLimit?: number;
  /** Public download speed in bytes per second (0 or absent: unlimited; else SHARE_DOWNLOAD_RATE_MIN and up). */
  downloadRate?: number;
}

/** Largest download limit of a share link (a sanity bound). */
export const SHARE_DOWNLOAD_LIMIT_MAX = 1_000_000_000;
/** Slowest public download speed a link may set (bytes per second): 1 KiB/s. */
export const SHARE_DOWNLOAD_RATE_MIN = 1024;
/** Fastest limited speed a link may set (bytes per second): 10 GiB/s. */
export const SHARE_DOWNLOAD_RATE_MAX = 10 * 1024 ** 3;

/** Answer of POST /api/public/share/{hash}/token: a short-lived token for a password link (header X-Share-Token or query token). */
export interface ShareAccess {
  readonly token: string;
  /** Unix seconds. */
  readonly expires: number;
}

/** The shared item as GET /api/public/share/{hash} answers it: paths are relative to the share, starting with "/". */
export interface PublicResource extends Resource {
  readonly hash: string;
  /** An upload-only folder: no items, no downloads; visitors may only upload into it. */
  readonly uploadOnly?: boolean;
}

/** Units of POST /api/share/{path}?expires=N&unit= (docs/product.md "Share duration"). */
export const SHARE_UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86400 } as const;
/** Name of a share duration unit. */
export type ShareUnit = keyof typeof SHARE_UNITS;
/** Largest N of `expires=N` (docs/product.md "Task defaults": share time 0 to 2147483647). */
export const SHARE_EXPIRES_MAX = 2147483647;
