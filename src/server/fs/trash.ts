/**
 * @module The trash (docs/ARCHITECTURE.md "Trash"): a delete moves the item with one rename into the trash folder of
 * its file system (`<top>/TRASH_DIR_NAME/<id>/<name>`), recorded in the store first; restore renames it back, delete
 * forever and the purge remove it. A restart finishes or undoes what a killed server left half done.
 */
import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, statfsSync } from "node:fs";
import { lstat, readdir, readlink, rename } from "node:fs/promises";
import { basename, dirname, join, posix, resolve } from "node:path";
import {
  allTrashRows,
  deleteTrashRow,
  findTrash,
  insertTrash,
  listTrash,
  markTrashed,
  setTrashSize,
  trashBytesByUser,
  trashOfUserOldestFirst,
  trashOlderThan,
  type TrashRow,
} from "../db/trash-table";
import { versionBytesByUser, versionsOfUserOldestFirst, type VersionRow } from "../db/versions-table";
import { Forbidden, NotFound } from "../errors";
import type { Clock } from "../deps";
import { FsError } from "./fs-error";
import type { PathFilter } from "./rules";
import { assertNothingHiddenBelow } from "./hidden-below";
import { normalizeVirtualPath, realVirtualPath, resolveInScope, staysInScope, type ScopedPath } from "./scope";
import { mkdirsBeneath, pinDir, type PinnedDir } from "./beneath";
import { copyTree, removeTree } from "./copy-tree";
import { fsRemoved, fsWritten } from "./changes";
import { pickFreeName } from "./free-name";
import { TRASH_DIR_NAME, tempName } from "./temp-name";
import { keptDirFor } from "./kept-dir";

/** How often the purge looks for entries past the retention or over a user's cap (ms). */
const PURGE_INTERVAL_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/** The settings the trash follows, read at each use (they can change while the server runs). */
export interface TrashPolicy {
  retentionDays: number;
  /** Percent of the free space of the files root one user's trash may hold; 0: no cap. */
  capPercent: number;
}

/** What a trash is built with. */
export interface TrashOptions {
  db: Database;
  /** Real path of the files root. */
  rootReal: string;
  clock: Clock;
  policy: () => TrashPolicy;
  /** Hears what the purge and the start-up check did, and their errors. */
  log: (line: string) => void;
  /** Hears each entry the purge deletes for good (the activity log). */
  onPurge?: (row: TrashRow) => void;
}

/** Who asks: the user's id, whether an admin, and the absolute folder of their scope. */
export interface TrashCaller {
  id: number;
  isAdmin: boolean;
  scopeAbs: string;
}

/** An entry as one caller sees it: the row, and where it was in the caller's scope. */
export interface VisibleTrash {
  row: TrashRow;
  /** Virtual path in the caller's scope ("/docs/a.txt"). */
  path: string;
}

/** What `recover` found at start. */
export interface TrashRecovery {
  /** Rows of an item caught on its way in, now marked in the trash. */
  finished: number;
  /** Rows whose item is not in the trash (a delete that never happened, a restore or purge that did): removed. */
  dropped: number;
  /** Items in a trash folder without a row: recorded (no owner; admins see them). */
  adopted: number;
}

/** The trash of one files root; see the module comment. */
export class Trash {
  /** The versions that share each user's size cap with their trash (countVersions). */
  private versions: { forget(row: VersionRow): Promise<void> } | null = null;

  constructor(private readonly o: TrashOptions) {}

  /** Counts the versions `v` keeps in each user's size cap, purging the oldest of trash and versions alike. */
  countVersions(v: { forget(row: VersionRow): Promise<void> }): void {
    this.versions = v;
  }

  /** The path of `abs` from the files root ("/docs/a.txt"), its own name kept as is (a link is not followed). */
  private rootPath(abs: string): string {
    const dir = realVirtualPath(this.o.rootReal, dirname(abs));
    if (dir === null) throw new FsError("OUTSIDE_SCOPE", "path escapes the files root");
    return posix.join(dir, basename(abs));
  }

  /**
   * Moves `target` into the trash for user `userId` and returns the entry's id. The row is written first ('moving'),
   * then the item is renamed through its folder held open beneath the scope, then the row is marked; the size of a
   * folder is measured afterwards, off the answer.
   * @throws FsError OUTSIDE_SCOPE (403) for the scope root; ENOENT (404) when missing; Forbidden (403) for a folder
   *   holding items the rules `isAllowed` hide.
   */
  async put(target: ScopedPath, userId: number | null, isAllowed: PathFilter): Promise<string> {
    if (target.path === "/") throw new FsError("OUTSIDE_SCOPE", "the scope root cannot be deleted");
    const st = await lstat(target.abs);
    await assertNothingHiddenBelow(target, isAllowed, "delete");
    const name = basename(target.path);
    const dir = pinDir(target.scope, posix.dirname(target.path));
    try {
      const trashDir = keptDirFor(this.o.rootReal, target.abs, st.dev, TRASH_DIR_NAME);
      const id = randomBytes(16).toString("hex");
      const row: TrashRow = {
        id,
        userId,
        path: this.rootPath(target.abs),
        trashDir,
        isDir: st.isDirectory(),
        size: st.isDirectory() ? -1 : st.size,
        deletedAt: this.o.clock.now(),
        state: "moving",
      };
      insertTrash(this.o.db, row);
      try {
        mkdirSync(join(trashDir, id), 0o700);
        await rename(`${dir.path}/${name}`, join(trashDir, id, name));
      } catch (err) {
        deleteTrashRow(this.o.db, id);
        try {
          rmdirSync(join(trashDir, id));
        } catch {
          // not made
        }
        throw err;
      }
      markTrashed(this.o.db, id);
      fsRemoved(target.abs);
      if (row.isDir) void this.measure(row);
      return id;
    } finally {
      dir.close();
    }
  }

  /** Records the size of a folder entry: the bytes of every file below it (links not followed). */
  private async measure(row: TrashRow): Promise<void> {
    const bytesBelow = async (abs: string): Promise<number> => {
      let sum = 0;
      for (const e of await readdir(abs, { withFileTypes: true }).catch(() => [])) {
        const child = join(abs, e.name);
        if (e.isDirectory()) sum += await bytesBelow(child);
        else if (e.isFile()) sum += (await lstat(child).catch(() => null))?.size ?? 0;
      }
      return sum;
    };
    try {
      const size = await bytesBelow(this.itemAbs(row));
      if (findTrash(this.o.db, row.id)) setTrashSize(this.o.db, row.id, size);
    } catch (err) {
      this.o.log(`trash: measuring ${row.id}: ${String(err)}`);
    }
  }

  /** Where the item of `row` lies in its trash folder. */
  private itemAbs(row: TrashRow): string {
    return join(row.trashDir, row.id, posix.basename(row.path));
  }

  /** The files-root path of a caller's scope ("" for the root itself, "/users/bob" otherwise). */
  private scopePrefix(caller: TrashCaller): string | null {
    if (caller.scopeAbs === this.o.rootReal) return "";
    const p = realVirtualPath(this.o.rootReal, caller.scopeAbs);
    return p === null ? null : p === "/" ? "" : p;
  }

  /** Where the files-root path `rootPath` is in the caller's scope, or null when outside it. */
  private inScope(caller: TrashCaller, rootPath: string): string | null {
    const prefix = this.scopePrefix(caller);
    if (prefix === null) return null;
    if (prefix === "") return rootPath;
    return rootPath.startsWith(`${prefix}/`) ? rootPath.slice(prefix.length) : null;
  }

  /**
   * The entries `caller` sees, newest first: their own (an admin: everyone's, and those of no user), inside their
   * scope, at paths their rules `isAllowed` let them see.
   */
  list(caller: TrashCaller, isAllowed: PathFilter): VisibleTrash[] {
    const rows = caller.isAdmin ? listTrash(this.o.db) : listTrash(this.o.db, caller.id);
    const out: VisibleTrash[] = [];
    for (const row of rows) {
      const path = this.inScope(caller, row.path);
      if (path !== null && isAllowed(path)) out.push({ row, path });
    }
    return out;
  }

  /**
   * The entry `id` as `caller` sees it.
   * @throws NotFound (404) when there is none, or the caller may not see it (list's rules).
   */
  find(caller: TrashCaller, id: string, isAllowed: PathFilter): VisibleTrash {
    const row = findTrash(this.o.db, id);
    if (!row || row.state !== "trashed" || (!caller.isAdmin && row.userId !== caller.id)) throw new NotFound();
    const path = this.inScope(caller, row.path);
    if (path === null || !isAllowed(path)) throw new NotFound();
    return { row, path };
  }

  /**
   * Restores the entry into `folder` (virtual, in the caller's scope; created when missing) under its own name, and
   * returns its new virtual path. On a taken name, `conflict` "fail" answers 409, "rename" picks `name (1).ext`,
   * "replace" first moves what has the name into the trash (so nothing is lost). The entry's row goes once the item
   * is back.
   * @throws FsError EEXIST (409) on a conflict with "fail"; OUTSIDE_SCOPE (403) when the place leads out of the
   *   scope; Forbidden (403) when the rules deny the new path, or for a link that would lead out of the scope from
   *   there; NotFound (404) when the item is gone from the trash.
   */
  async restore(
    caller: TrashCaller,
    entry: VisibleTrash,
    folder: string,
    conflict: "fail" | "replace" | "rename",
    isAllowed: PathFilter,
  ): Promise<string> {
    const { row } = entry;
    const from = this.itemAbs(row);
    const st = await lstat(from).catch(() => null);
    if (!st) {
      // Gone from a trash folder that is there; a trash folder missing altogether is an unmounted drive.
      if (lstatSync(row.trashDir, { throwIfNoEntry: false })) deleteTrashRow(this.o.db, row.id);
      throw new NotFound("the item is no longer in the trash");
    }
    let dest = resolveInScope(caller.scopeAbs, normalizeVirtualPath(posix.join(folder, posix.basename(row.path))));
    const taken = await lstat(dest.abs).catch(() => null);
    if (taken) {
      if (conflict === "fail") throw new FsError("EEXIST", "the name is taken");
      if (conflict === "rename") {
        const name = await pickFreeName(
          basename(dest.abs),
          st.isDirectory(),
          async (n) => (await lstat(join(dirname(dest.abs), n)).catch(() => null)) !== null,
        );
        dest = resolveInScope(caller.scopeAbs, normalizeVirtualPath(posix.join(posix.dirname(dest.path), name)));
      }
    }
    if (!isAllowed(dest.path)) throw new Forbidden();
    if (st.isSymbolicLink() && !staysInScope(caller.scopeAbs, resolve(dirname(dest.abs), await readlink(from))))
      throw new Forbidden("the link would lead out of the scope from there");
    if (taken && conflict === "replace") await this.put(dest, caller.id, isAllowed);
    const to = mkdirsBeneath(caller.scopeAbs, posix.dirname(dest.path));
    const src = pinDir(row.trashDir, `/${row.id}`);
    try {
      await this.placeBack(src, posix.basename(row.path), to, posix.basename(dest.path));
    } finally {
      src.close();
      to.close();
    }
    deleteTrashRow(this.o.db, row.id);
    try {
      rmdirSync(join(row.trashDir, row.id));
    } catch {
      // something else in it: the start-up check adopts it
    }
    fsWritten(dest.abs);
    return dest.path;
  }

  /** Renames `name` of `from` to `to`/`toName`; across file systems, copies it beside the target, then renames. */
  private async placeBack(from: PinnedDir, name: string, to: PinnedDir, toName: string): Promise<void> {
    const target = `${to.path}/${toName}`;
    if (await lstat(target).catch(() => null)) throw new FsError("EEXIST", "the name is taken");
    try {
      await rename(`${from.path}/${name}`, target);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
    }
    const tmp = { dir: to, name: tempName() };
    try {
      await copyTree({ dir: from, name }, tmp);
      await rename(`${to.path}/${tmp.name}`, target);
    } catch (err) {
      await removeTree(tmp).catch(() => {});
      throw err;
    }
    await removeTree({ dir: from, name });
  }

  /** Deletes the entry's item for good, then its row (a crash between leaves a row the start-up check drops). */
  async forget(row: TrashRow): Promise<void> {
    let dir: PinnedDir;
    try {
      dir = pinDir(row.trashDir, "/");
    } catch (err) {
      // The trash folder is gone (an unmounted drive, removed by hand): its entries go with it.
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      deleteTrashRow(this.o.db, row.id);
      return;
    }
    try {
      await removeTree({ dir, name: row.id }).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
    } finally {
      dir.close();
    }
    deleteTrashRow(this.o.db, row.id);
  }

  /**
   * Deletes for good the entries past the retention days, then each user's oldest entries (and versions, with
   * countVersions) while they hold more than the cap (capPercent of the free space of the files root). Returns how many went. Runs from the timer
   * (startPurger), never on a request.
   */
  async purge(): Promise<number> {
    const { retentionDays, capPercent } = this.o.policy();
    let purged = 0;
    for (const row of trashOlderThan(this.o.db, this.o.clock.now() - retentionDays * DAY_MS)) {
      await this.forget(row);
      this.o.onPurge?.(row);
      purged++;
    }
    if (capPercent > 0) {
      const fs = statfsSync(this.o.rootReal);
      const cap = Math.floor((fs.bavail * fs.bsize * capPercent) / 100);
      // One cap per user over their trash and the versions their writes replaced, oldest of either going first.
      const used = new Map<number | null, number>();
      for (const { userId, bytes } of trashBytesByUser(this.o.db)) used.set(userId, (used.get(userId) ?? 0) + bytes);
      if (this.versions)
        for (const { userId, bytes } of versionBytesByUser(this.o.db))
          used.set(userId, (used.get(userId) ?? 0) + bytes);
      for (const [userId, bytes] of used) {
        if (bytes <= cap) continue;
        let over = bytes - cap;
        const oldestFirst = [
          ...trashOfUserOldestFirst(this.o.db, userId).map((row) => ({ at: row.deletedAt, trash: row })),
          ...(this.versions ? versionsOfUserOldestFirst(this.o.db, userId) : []).map((row) => ({
            at: row.replacedAt,
            version: row,
          })),
        ].sort((a, b) => a.at - b.at);
        for (const item of oldestFirst) {
          if (over <= 0) break;
          if ("trash" in item && item.trash) {
            await this.forget(item.trash);
            this.o.onPurge?.(item.trash);
            over -= Math.max(item.trash.size, 0);
          } else if ("version" in item && item.version) {
            await this.versions!.forget(item.version);
            over -= item.version.size;
          }
          purged++;
        }
      }
    }
    if (purged > 0) this.o.log(`trash: purged ${purged} entries`);
    return purged;
  }

  /** Runs purge() every PURGE_INTERVAL_MS; the timer never keeps the process alive. Returns a stop function. */
  startPurger(): () => void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      this.purge()
        .catch((err) => this.o.log(`trash purge: ${String(err)}`))
        .finally(() => {
          running = false;
        });
    }, PURGE_INTERVAL_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * The start-up check: a row caught 'moving' is marked in the trash when its item got there, dropped otherwise; a
   * 'trashed' row whose item is gone is dropped; an entry folder of a trash folder without a row is adopted (its
   * one item recorded at the files root's top, with no owner) or removed when empty.
   */
  recover(): TrashRecovery {
    const out: TrashRecovery = { finished: 0, dropped: 0, adopted: 0 };
    const known = new Set<string>();
    const dirs = new Set<string>([join(this.o.rootReal, TRASH_DIR_NAME)]);
    for (const row of allTrashRows(this.o.db)) {
      // A trash folder missing altogether is a drive not mounted now: its rows wait for it.
      if (!lstatSync(row.trashDir, { throwIfNoEntry: false })) continue;
      dirs.add(row.trashDir);
      const there = lstatSync(this.itemAbs(row), { throwIfNoEntry: false });
      if (!there) {
        deleteTrashRow(this.o.db, row.id);
        try {
          rmdirSync(join(row.trashDir, row.id));
        } catch {
          // missing, or something else in it: adopted below
        }
        out.dropped++;
        continue;
      }
      known.add(join(row.trashDir, row.id));
      if (row.state === "moving") {
        markTrashed(this.o.db, row.id);
        if (row.isDir) void this.measure({ ...row, state: "trashed" });
        out.finished++;
      }
    }
    for (const dir of dirs) {
      let ids: string[];
      try {
        ids = readdirSync(dir);
      } catch {
        continue;
      }
      for (const id of ids) {
        const entryDir = join(dir, id);
        if (known.has(entryDir)) continue;
        const items = (() => {
          try {
            return readdirSync(entryDir);
          } catch {
            return null;
          }
        })();
        if (items === null) continue;
        if (items.length === 0) {
          rmdirSync(entryDir);
          continue;
        }
        for (const name of items) {
          const st = lstatSync(join(entryDir, name));
          const adoptedId = items.length === 1 && /^[0-9a-f]{32}$/.test(id) ? id : randomBytes(16).toString("hex");
          if (adoptedId !== id) {
            mkdirSync(join(dir, adoptedId), 0o700);
            renameSync(join(entryDir, name), join(dir, adoptedId, name));
          }
          insertTrash(this.o.db, {
            id: adoptedId,
            userId: null,
            path: `/${name}`,
            trashDir: dir,
            isDir: st.isDirectory(),
            size: st.isDirectory() ? -1 : st.size,
            deletedAt: Math.floor(st.ctimeMs),
            state: "trashed",
          });
          if (st.isDirectory()) void this.measure(findTrash(this.o.db, adoptedId)!);
          out.adopted++;
        }
        if (items.length > 1) rmdirSync(entryDir);
      }
    }
    return out;
  }
}
