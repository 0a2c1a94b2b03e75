/** @module Wire shape of a share link (SPEC section 3 Share link, CONTRACT: `expire` Unix seconds, 0 = permanent). Types only. */

/** A share link as the API answers it. */
export interface ShareLink {
  readonly hash: string;
  /** Shared path in the owner's scope; a folder ends with "/". */
  readonly path: string;
  /** Unix seconds; 0 for a permanent link (permalink). */
  readonly expire: number;
  readonly userId: number;
  /** The owner's name (the admin list shows it). */
  readonly username?: string;
}

/** What the public share page gets for a link: the item, and for a folder its listing (SPEC section 2 Share page). */
export interface PublicShare {
  readonly hash: string;
  readonly name: string;
  readonly isDir: boolean;
  readonly size: number;
  readonly modified: string;
  readonly expire: number;
}

/** Units of POST /api/share/{path}?expires=N&unit= (SPEC section 5 Share duration). */
export const SHARE_UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86400 } as const;
/** Name of a share duration unit. */
export type ShareUnit = keyof typeof SHARE_UNITS;
/** Largest N of `expires=N` (SPEC section 9: share time 0 to 2147483647). */
export const SHARE_EXPIRES_MAX = 2147483647;
