/**
 * @module Copy and move inside a scope (docs/product.md "Resource calls"): conflicts answer 409 unless
 * `override` replaces the existing item or `rename` picks a free name; a folder never goes into itself.
 */
import { fsMoved, fsWritten } from "./changes";
import { lstat, readlink, rename } from "node:fs/promises";
import type { Stats } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { posix } from "node:path";
import { BadRequest, Forbidden } from "../errors";
import { ACTIVE_TEMP_FILES } from "./upload";
import { tempName } from "./temp-name";
import { keepVersionOf } from "./version-keeper";
import { FsError } from "./fs-error";
import { normalizeVirtualPath, resolveInScope, staysInScope, type ScopedPath } from "./scope";
import { pickFreeName } from "./free-name";
import { copyTree, removeTree, type CopyHooks, type ItemAt } from "./copy-tree";
import { mkdirsBeneath, pinDir, type PinnedDir } from "./beneath";
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
  /** Receives the virtual paths of the symlinks a copy left out because they lead out of the scope. */
  skippedLinks?: string[];
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

/** The item at the virtual `path` of the scope as a name in its folder, pinned beneath the scope (mkdir -p with `create`). */
function itemAt(scopeAbs: string, path: string, create: boolean): ItemAt & { dir: PinnedDir } {
  const parent = posix.dirname(path);
  return { dir: create ? mkdirsBeneath(scopeAbs, parent) : pinDir(scopeAbs, parent), name: posix.basename(path) };
}

/**
 * The copy's link filter for a copy placed at `destAbs` in the scope `scopeAbs`: a symlink is kept only when, read
 * from its new place, it leads to somewhere inside the scope (a link out, such as an operator's `Movies ->
 * /mnt/media`, would otherwise be duplicated into folders its owner never linked). `onSkip(rel)` hears each one left out.
 */
function linksInside(
  scopeAbs: string,
  destAbs: string,
  onSkip?: (rel: string) => void,
): (rel: string, target: string) => boolean {
  return (rel, target) => {
    const at = rel === "" ? destAbs : join(destAbs, rel);
    const inside = staysInScope(scopeAbs, resolve(dirname(at), target));
    if (!inside) onSkip?.(rel);
    return inside;
  };
}

/**
 * Refuses to copy or move the symlink `src` to `final` when, read from there, it would lead out of the scope.
 * @throws Forbidden (403) for such a link.
 */
async function assertLinkStaysInside(req: TransferRequest, final: ScopedPath): Promise<void> {
  const st = await lstat(req.src.abs);
  if (!st.isSymbolicLink()) return;
  if (!linksInside(req.scopeAbs, final.abs)("", await readlink(req.src.abs)))
    throw new Forbidden("the link would lead out of the scope from there");
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
    const name = await pickFreeName(
      basename(dest.abs),
      srcSt.isDirectory(),
      async (n) => (await lstatOrNull(join(dirname(dest.abs), n))) !== null,
    );
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
 * Renames `from` to `to` (items in folders held open, so both ends stay where they were checked). Without
 * `replace` an item appearing at `to` meanwhile answers 409; with it a file replaces a file in one rename, and
 * otherwise the old item is first moved aside, then removed once the new one is in place (restored if that fails).
 */
async function place(from: ItemAt, to: ItemAt, toAbs: string, replace: boolean): Promise<void> {
  const toPath = `${to.dir.path}/${to.name}`;
  if (!replace) {
    if (await lstatOrNull(toPath)) throw new FsError("EEXIST", "the destination exists");
    await rename(`${from.dir.path}/${from.name}`, toPath);
    return;
  }
  // A file about to be replaced becomes a version (docs/ARCHITECTURE.md "Versions"); a folder goes as before.
  await keepVersionOf(toPath, toAbs);
  const fromPath = `${from.dir.path}/${from.name}`;
  const [fromSt, toSt] = await Promise.all([lstatOrNull(fromPath), lstatOrNull(toPath)]);
  if (fromSt && !fromSt.isDirectory() && toSt && !toSt.isDirectory()) {
    // A file over a file is one atomic rename: readers see the old or the new file, never none.
    await rename(fromPath, toPath);
    return;
  }
  const aside: ItemAt = { dir: to.dir, name: tempName() };
  await rename(toPath, `${aside.dir.path}/${aside.name}`);
  try {
    await rename(`${from.dir.path}/${from.name}`, toPath);
  } catch (err) {
    await rename(`${aside.dir.path}/${aside.name}`, toPath).catch(() => {});
    throw err;
  }
  await removeTree(aside).catch(() => {});
}

/**
 * Copies `from` under a temp name beside `to`, then places it: a failed copy leaves nothing behind. With
 * `progress` the tree is measured first, then each copied item counted. `toAbs` is the destination's path in the
 * tree, under which the temp copy is registered for the shutdown clean-up.
 */
async function copyThenPlace(
  from: ItemAt,
  to: ItemAt,
  toAbs: string,
  replace: boolean,
  hooks: CopyHooks,
  progress?: OpProgress,
  fromAbs?: string,
): Promise<void> {
  const tmp: ItemAt = { dir: to.dir, name: tempName() };
  const tmpAbs = join(dirname(toAbs), tmp.name);
  // Registered so a shutdown mid-copy removes the partial copy too (fs/upload.ts removeActiveTempFiles).
  ACTIVE_TEMP_FILES.add(tmpAbs);
  try {
    if (progress && fromAbs) await measureTree(fromAbs, progress);
    await copyTree(from, tmp, { ...hooks, onItem: itemCounter(progress ?? null) ?? undefined });
    await place(tmp, to, toAbs, replace);
  } catch (err) {
    await removeTree(tmp).catch(() => {});
    throw err;
  } finally {
    ACTIVE_TEMP_FILES.delete(tmpAbs);
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
  await assertLinkStaysInside(req, p.final);
  const from = itemAt(req.scopeAbs, req.src.path, false);
  try {
    const to = itemAt(req.scopeAbs, p.final.path, true);
    try {
      await place(from, to, p.final.abs, p.replace);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
      await copyThenPlace(
        from,
        to,
        p.final.abs,
        p.replace,
        { keepLink: linksInside(req.scopeAbs, p.final.abs) },
        req.progress,
        req.src.abs,
      );
      await removeTree(from);
    } finally {
      to.dir.close();
    }
  } finally {
    from.dir.close();
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
  await assertLinkStaysInside(req, p.final);
  const { src, isAllowed } = req;
  // Items the rules hide stay behind, as they stay out of archives.
  const keep = isAllowed.hidesBelow?.(src.path) ? (rel: string) => isAllowed(`${src.path}${rel}`) : undefined;
  const keepLink = linksInside(req.scopeAbs, p.final.abs, (rel) =>
    req.skippedLinks?.push(posix.join(p.final.path, rel)),
  );
  const from = itemAt(req.scopeAbs, src.path, false);
  try {
    const to = itemAt(req.scopeAbs, p.final.path, true);
    try {
      await copyThenPlace(from, to, p.final.abs, p.replace, { keep, keepLink }, req.progress, src.abs);
    } finally {
      to.dir.close();
    }
  } finally {
    from.dir.close();
  }
  fsWritten(p.final.abs);
  return p.final.path;
}
