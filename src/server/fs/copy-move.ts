/**
 * @module Copy and move inside a scope (SPEC section 7 PATCH action=copy|rename): conflicts answer 409 unless
 * `override` replaces the existing item or `rename` picks a free name; a folder never goes into itself.
 */
import { fsMoved, fsWritten } from "../search/changes";
import { lstat, mkdir, rename, rm } from "node:fs/promises";
import type { Stats } from "node:fs";
import { randomBytes } from "node:crypto";
import { basename, dirname, join } from "node:path";
import { posix } from "node:path";
import { BadRequest, Forbidden } from "../errors";
import { UPLOAD_TEMP_PREFIX } from "../constants";
import { ACTIVE_TEMP_FILES } from "./upload";
import { FsError } from "./fs-error";
import { normalizeVirtualPath, resolveInScope, staysInScope, type ScopedPath } from "./scope";
import { pickFreeName } from "./free-name";
import { copyTree } from "./copy-tree";
import { assertNothingHiddenBelow } from "./hidden-below";
import type { PathFilter } from "./rules";
import { itemCounter, measureTree, type OpProgress } from "./op-progress";

/** The refusals of an `override` the user may not make (assertMayReplace). */
export const REPLACE_FILE_NEEDS = "replacing a file needs the modify permission";
export const REPLACE_FOLDER_NEEDS = "replacing a folder needs the delete permission";

/** What to do when the destination exists: answer 409, replace it, or pick `name (1).ext`. */
export type ConflictPolicy = "fail" | "override" | "rename";

export interface TransferRequest {
  /** The user's scope folder on disk; a picked free name is resolved in it too. */
  scopeAbs: string;
  src: ScopedPath;
  /** The full new path (folder + name), already resolved in the scope. */
  dest: ScopedPath;
  conflict: ConflictPolicy;
  /**
   * The user's allow/deny rules over virtual paths (routes' userPathFilter). The final path must pass them too (a
   * free name picked for a conflict is a path the caller never checked), and no item the rules hide below a
   * folder may come out from under its rule: a copy leaves such items out, a move is refused.
   */
  isAllowed: PathFilter;
  /** Counts to keep up to date while the items are copied (see op-progress.ts). */
  progress?: OpProgress;
  /**
   * What `override` may replace for this user (docs/security.md "Replacing with override"): a file needs the modify
   * permission, a folder the delete permission. Absent: nothing is replaced.
   */
  mayReplace?: { file: boolean; folder: boolean };
}

interface Plan {
  final: ScopedPath;
  /** The destination exists and is replaced. */
  replace: boolean;
  /** Nothing to do: a move onto itself with override. */
  noop: boolean;
}

function isBelow(parent: string, child: string): boolean {
  return parent === "/" ? child !== "/" : child.startsWith(`${parent}/`);
}

async function lstatOrNull(abs: string): Promise<Stats | null> {
  return lstat(abs).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return null;
    throw err;
  });
}

/** A hidden temp name in the folder of `abs` (upload temp files are hidden from listings and archives). */
function tempBeside(abs: string): string {
  return join(dirname(abs), `${UPLOAD_TEMP_PREFIX}${randomBytes(8).toString("hex")}`);
}

/** Checks the request and settles the final destination. */
async function plan(req: TransferRequest, action: "copy" | "move"): Promise<Plan> {
  const { src, dest } = req;
  if (src.path === "/") throw new FsError("OUTSIDE_SCOPE", "the scope root cannot be moved or copied");
  if (dest.path === "/") throw new BadRequest("the destination must name the new file or folder");
  const srcSt = await lstat(src.abs);
  // Into itself, by path or through a symlinked folder on the way.
  if (srcSt.isDirectory() && (isBelow(src.path, dest.path) || staysInScope(src.abs, dirname(dest.abs)))) {
    throw new BadRequest(`cannot ${action} a folder into itself`);
  }
  if (action === "move") await assertNothingHiddenBelow(src, req.isAllowed, "move");
  const destSt = await lstatOrNull(dest.abs);
  if (!destSt) return { final: dest, replace: false, noop: false };
  if (req.conflict === "fail") throw new FsError("EEXIST", "the destination exists");
  if (req.conflict === "rename") {
    const name = await pickFreeName(basename(dest.abs), srcSt.isDirectory(), async (n) => (await lstatOrNull(join(dirname(dest.abs), n))) !== null);
    const final = resolveInScope(req.scopeAbs, normalizeVirtualPath(posix.join(posix.dirname(dest.path), name)));
    if (!req.isAllowed(final.path)) throw new FsError("OUTSIDE_SCOPE", "the free name is denied by the rules");
    return { final, replace: false, noop: false };
  }
  if (dest.path === src.path) {
    if (action === "move") return { final: dest, replace: false, noop: true };
    throw new BadRequest("cannot copy an item onto itself");
  }
  if (isBelow(dest.path, src.path) || (destSt.isDirectory() && staysInScope(dest.abs, src.abs))) {
    throw new BadRequest(`cannot replace a folder that holds what you ${action}`);
  }
  await assertMayReplace(req, destSt);
  return { final: dest, replace: true, noop: false };
}

/**
 * Replacing destroys what is at the destination: a file's content needs `mayReplace.file`, a whole folder
 * `mayReplace.folder`, and a folder holding items the user's rules hide is never replaced (they would go unseen).
 * @throws Forbidden (403) naming what is missing.
 */
async function assertMayReplace(req: TransferRequest, destSt: Stats): Promise<void> {
  if (!destSt.isDirectory()) {
    if (!req.mayReplace?.file) throw new Forbidden(REPLACE_FILE_NEEDS);
    return;
  }
  if (!req.mayReplace?.folder) throw new Forbidden(REPLACE_FOLDER_NEEDS);
  await assertNothingHiddenBelow(req.dest, req.isAllowed, "replace");
}

/**
 * Renames `from` to `to`. Without `replace` an item appearing at `to` meanwhile answers 409; with it the
 * old item is first moved aside, then removed once the new one is in place (restored if that fails).
 */
async function place(from: string, to: string, replace: boolean): Promise<void> {
  if (!replace) {
    if (await lstatOrNull(to)) throw new FsError("EEXIST", "the destination exists");
    await rename(from, to);
    return;
  }
  const aside = tempBeside(to);
  await rename(to, aside);
  try {
    await rename(from, to);
  } catch (err) {
    await rename(aside, to).catch(() => {});
    throw err;
  }
  await rm(aside, { recursive: true, force: true });
}

/**
 * Copies `from` under a temp name beside `to`, then places it: a failed copy leaves nothing behind. With
 * `progress` the tree is measured first, then each copied item counted.
 */
async function copyThenPlace(from: string, to: string, replace: boolean, progress?: OpProgress, keep?: (rel: string) => boolean): Promise<void> {
  const tmp = tempBeside(to);
  // Registered so a shutdown mid-copy removes the partial copy too (fs/upload.ts removeActiveTempFiles).
  ACTIVE_TEMP_FILES.add(tmp);
  try {
    if (progress) await measureTree(from, progress);
    await copyTree(from, tmp, itemCounter(progress ?? null), keep);
    await place(tmp, to, replace);
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  } finally {
    ACTIVE_TEMP_FILES.delete(tmp);
  }
}

/**
 * Moves (renames) a file or folder to `dest`, creating missing parent folders. Across file systems (EXDEV)
 * it copies (keeping modes and times) and then deletes the source. Returns the final virtual path.
 * @throws FsError ENOENT (404) for a missing source, EEXIST (409) on a conflict with policy "fail",
 * OUTSIDE_SCOPE (403) for the scope root; Forbidden (403) for a folder holding items the rules hide; BadRequest
 * (400) for a folder moved into itself.
 */
export async function movePath(req: TransferRequest): Promise<string> {
  const p = await plan(req, "move");
  if (p.noop) return req.src.path;
  await mkdir(dirname(p.final.abs), { recursive: true });
  try {
    await place(req.src.abs, p.final.abs, p.replace);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    await copyThenPlace(req.src.abs, p.final.abs, p.replace, req.progress);
    await rm(req.src.abs, { recursive: true, force: true });
  }
  fsMoved(req.src.abs, p.final.abs);
  return p.final.path;
}

/**
 * Copies a file or folder (recursively, keeping modes and modification times, links as links, without the items
 * the rules hide) to `dest`, creating missing parent folders. Returns the final virtual path.
 * @throws FsError ENOENT (404) for a missing source, EEXIST (409) on a conflict with policy "fail",
 * OUTSIDE_SCOPE (403) for the scope root; BadRequest (400) for a folder copied into itself or onto itself.
 */
export async function copyPath(req: TransferRequest): Promise<string> {
  const p = await plan(req, "copy");
  await mkdir(dirname(p.final.abs), { recursive: true });
  const { src, isAllowed } = req;
  // Items the rules hide stay behind, as they stay out of archives.
  const keep = isAllowed.hidesBelow?.(src.path) ? (rel: string) => isAllowed(`${src.path}${rel}`) : undefined;
  await copyThenPlace(src.abs, p.final.abs, p.replace, req.progress, keep);
  fsWritten(p.final.abs);
  return p.final.path;
}
