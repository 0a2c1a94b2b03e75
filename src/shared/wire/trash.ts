/**
 * @module Wire shapes of the trash (docs/product.md "Trash"): what GET /api/trash lists, what a restore takes and
 * answers, and the header a delete names its trash entry in. Types and constants only.
 */

/** One deleted item as GET /api/trash lists it. */
export interface TrashItem {
  /** The entry's id: what restore and delete forever name. */
  readonly id: string;
  /** The item's name when it was deleted. */
  readonly name: string;
  /** Where it was, in the caller's scope ("/docs/a.txt"; a folder ends without "/"). */
  readonly path: string;
  /** The folder it was in, in the caller's scope ("/docs/"). */
  readonly dir: string;
  readonly isDir: boolean;
  /** Bytes of the file, or of every file in the folder; -1 while a folder is still being measured. */
  readonly size: number;
  /** When it was deleted (ISO 8601). */
  readonly deletedAt: string;
  /** The name of the user who deleted it (admins' lists only; "" when that user no longer exists). */
  readonly deletedBy?: string;
}

/** GET /api/trash: the caller's entries, newest first. */
export interface TrashList {
  readonly items: TrashItem[];
  /** Days an entry is kept before it is purged (the global setting). */
  readonly retentionDays: number;
}

/** What a restore does when the name is taken where the item goes back to. */
export const RESTORE_CONFLICTS = ["fail", "replace", "rename"] as const;
/** `fail` answers 409; `replace` puts what has the name now in the trash first; `rename` keeps both ("a (1).txt"). */
export type RestoreConflict = (typeof RESTORE_CONFLICTS)[number];

/** JSON body of POST /api/trash/{id}/restore (every field optional). */
export interface RestoreRequest {
  /** The folder to restore into, in the caller's scope; absent: the folder it was deleted from. */
  readonly destination?: string;
  /** Absent: "fail". */
  readonly conflict?: RestoreConflict;
}

/** Answer of a restore: where the item is now, in the caller's scope. */
export interface RestoreResult {
  readonly path: string;
}

/** Answer of DELETE /api/trash (empty the trash): how many entries were deleted forever. */
export interface EmptyTrashResult {
  readonly removed: number;
}

/** Header of a DELETE /api/resources answer naming the trash entry the item went to (absent when deleted for good). */
export const TRASH_ID_HEADER = "X-Trash-Id";
