/**
 * @module Wire shapes of the activity log (docs/product.md "Activity log"): one entry per change, login or task, as
 * GET /api/activity lists them. Types and constants only.
 */

/** What an entry records; `version-lost` is a write that replaced a file whose old content could not be kept. */
export const ACTIVITY_ACTIONS = [
  "create",
  "upload",
  "save",
  "rename",
  "move",
  "copy",
  "delete",
  "restore",
  "purge",
  "chmod",
  "share",
  "unshare",
  "login",
  "logout",
  "login-failed",
  "user",
  "settings",
  "task-start",
  "task-end",
  "version-lost",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Where a change came from: the web interface, another API client, a share link's visitor, a task, the server. */
export const ACTIVITY_VIAS = ["ui", "api", "share", "task", "system"] as const;
export type ActivityVia = (typeof ACTIVITY_VIAS)[number];

/** One entry of the log. */
export interface ActivityEntry {
  /** Increasing; `before` of the next page. */
  readonly id: number;
  /** When (ISO 8601). */
  readonly at: string;
  /** The user's name; "" for the server itself or a user since deleted. */
  readonly user: string;
  /** The share link's hash, for a visitor's change. */
  readonly share?: string;
  readonly ip: string;
  readonly via: ActivityVia;
  readonly action: ActivityAction;
  /** The item, in the caller's scope (absent for logins, users and settings). */
  readonly path?: string;
  /** The destination of a move or copy, in the caller's scope. */
  readonly to?: string;
  /** Bytes written (uploads, saves), when known. */
  readonly bytes?: number;
  /** "ok", or the error answered (`409 Conflict (...)`). */
  readonly result: string;
}

/** GET /api/activity: one page, newest first; `next` is the `before` of the following page (absent at the end). */
export interface ActivityPage {
  readonly items: ActivityEntry[];
  readonly next?: number;
}
