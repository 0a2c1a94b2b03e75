/** @module Trash entries → the wire's TrashItem (src/shared/wire/trash.ts). */
import { posix } from "node:path";
import type { VisibleTrash } from "../fs/trash";
import type { TrashItem } from "../../shared/wire/trash";

/**
 * The wire form of an entry as its caller sees it; `deletedBy` (the deleting user's name, "" when gone) is given
 * for admins' lists only.
 */
export function presentTrash(v: VisibleTrash, deletedBy?: string): TrashItem {
  const dir = posix.dirname(v.path);
  return {
    id: v.row.id,
    name: posix.basename(v.row.path),
    path: v.path,
    dir: dir === "/" ? "/" : `${dir}/`,
    isDir: v.row.isDir,
    size: v.row.size,
    deletedAt: new Date(v.row.deletedAt).toISOString(),
    ...(deletedBy === undefined ? {} : { deletedBy }),
  };
}
