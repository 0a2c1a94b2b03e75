/**
 * @module File versions (docs/ARCHITECTURE.md "Versions"): before a write replaces a file's bytes (a save, an upload
 * or tus upload over a name, a copy or move with override), the old content is hard-linked into the versions
 * folder of its file system (a copy where a link is refused), then recorded. A version that cannot be kept never
 * stops the write. Restore writes a version's bytes back the same atomic way, so the content it replaces becomes a
 * version too.
 */
import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { constants, lstatSync, readdirSync, unlinkSync } from "node:fs";
import { copyFile, link, lstat, unlink } from "node:fs/promises";
import { basename, dirname, join, posix } from "node:path";
import {
  allVersions,
  deleteVersionRow,
  findVersion,
  insertVersion,
  versionsOf,
  versionsOlderThan,
  type VersionRow,
} from "../db/versions-table";
import { NotFound } from "../errors";
import type { Clock } from "../deps";
import { currentActor } from "./actor";
import { keptDirFor } from "./kept-dir";
import { mkdirsBeneath } from "./beneath";
import type { PathFilter } from "./rules";
import { normalizeVirtualPath, realVirtualPath, resolveInScope, type ScopedPath } from "./scope";
import { tempName, VERSIONS_DIR_NAME } from "./temp-name";
import { placeTempFile } from "./upload";
import type { VersionKeeper } from "./version-keeper";

const DAY_MS = 86_400_000;

/** The settings versions follow, read at each use. */
export interface VersionPolicy {
  /** Versions kept per file; 0 keeps none. */
  keep: number;
  /** Days a version is kept. */
  days: number;
}

/** What a Versions is built with. */
export interface VersionsOptions {
  db: Database;
  rootReal: string;
  clock: Clock;
  policy: () => VersionPolicy;
  log: (line: string) => void;
  /** Hears each file whose old content could not be kept (its path from the files root, and why). */
  onLost?: (path: string, reason: string) => void;
}

/** A version as one caller sees it: the row, and the file's path in the caller's scope. */
export interface VisibleVersion {
  row: VersionRow;
  path: string;
}

/** The versions of one files root; see the module comment. */
export class Versions implements VersionKeeper {
  private purging: Promise<number> | null = null;

  constructor(private readonly o: VersionsOptions) {}

  /** The path of `abs` from the files root, its own name kept (a link is not followed). */
  private rootPath(abs: string): string | null {
    const dir = realVirtualPath(this.o.rootReal, dirname(abs));
    return dir === null ? null : posix.join(dir, basename(abs));
  }

  /** Where a version's content lies. */
  private contentAbs(row: VersionRow): string {
    return join(row.storeDir, row.id);
  }

  /** See VersionKeeper.keep: the content is linked (or copied), recorded, then older versions are pruned. */
  async keep(at: string, treeAbs: string): Promise<void> {
    const { keep } = this.o.policy();
    if (keep === 0) return;
    const st = await lstat(at).catch(() => null);
    if (!st?.isFile()) return;
    const path = this.rootPath(treeAbs);
    if (path === null) return;
    let stored: string | null = null;
    try {
      const dir = keptDirFor(this.o.rootReal, treeAbs, st.dev, VERSIONS_DIR_NAME);
      const id = randomBytes(16).toString("hex");
      stored = join(dir, id);
      try {
        await link(at, stored);
      } catch {
        // A file system without hard links (or a full link count): a copy, as a reflink where it can.
        await copyFile(at, stored, constants.COPYFILE_FICLONE);
      }
      insertVersion(this.o.db, {
        id,
        path,
        userId: currentActor()?.userId ?? null,
        storeDir: dir,
        size: st.size,
        modifiedAt: Math.trunc(st.mtimeMs),
        replacedAt: this.o.clock.now(),
      });
      stored = null;
      await this.prune(path);
    } catch (err) {
      if (stored) await unlink(stored).catch(() => {});
      const reason = (err as NodeJS.ErrnoException).code ?? String(err);
      this.o.log(`versions: no version of ${path} was kept: ${reason}`);
      this.o.onLost?.(path, reason);
    }
  }

  /** Deletes the versions of `path` beyond the newest `keep` and those older than `days`. */
  private async prune(path: string): Promise<void> {
    const { keep, days } = this.o.policy();
    const oldest = this.o.clock.now() - days * DAY_MS;
    const rows = versionsOf(this.o.db, path);
    for (const [i, row] of rows.entries()) if (i >= keep || row.replacedAt < oldest) await this.forget(row);
  }

  /** Deletes a version: its content, then its row. */
  async forget(row: VersionRow): Promise<void> {
    await unlink(this.contentAbs(row)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== "ENOENT") throw err;
    });
    deleteVersionRow(this.o.db, row.id);
  }

  /** The files-root path of a scope folder ("" for the root). */
  private scopePrefix(scopeAbs: string): string | null {
    if (scopeAbs === this.o.rootReal) return "";
    const p = realVirtualPath(this.o.rootReal, scopeAbs);
    return p === null ? null : p === "/" ? "" : p;
  }

  /** The files-root path of `target` (a file of a scope), or null outside the files root. */
  pathOf(target: ScopedPath): string | null {
    const prefix = this.scopePrefix(target.scope);
    return prefix === null ? null : `${prefix}${target.path}`;
  }

  /** The versions of `target`, newest first. */
  list(target: ScopedPath): VersionRow[] {
    const path = this.pathOf(target);
    return path === null ? [] : versionsOf(this.o.db, path);
  }

  /**
   * The version `id` of a file in the scope `scopeAbs` at a path the rules `isAllowed` let the caller see.
   * @throws NotFound (404) otherwise.
   */
  find(scopeAbs: string, id: string, isAllowed: PathFilter): VisibleVersion {
    const row = findVersion(this.o.db, id);
    const prefix = this.scopePrefix(scopeAbs);
    if (!row || prefix === null) throw new NotFound();
    const path = prefix === "" ? row.path : row.path.startsWith(`${prefix}/`) ? row.path.slice(prefix.length) : null;
    if (path === null || !isAllowed(path)) throw new NotFound();
    return { row, path };
  }

  /** Absolute path of a version's content, to answer it. @throws NotFound (404) when it is gone. */
  async contentOf(v: VisibleVersion): Promise<string> {
    const abs = this.contentAbs(v.row);
    if (!(await lstat(abs).catch(() => null))) throw new NotFound("the version's content is gone");
    return abs;
  }

  /**
   * Writes the version's bytes back to its file (in the scope `scopeAbs`; made again when deleted meanwhile): a
   * copy beside it, then the atomic rename of any save, so the content it replaces is kept as a version in turn.
   * The restored version stays listed. Returns the file's virtual path.
   * @throws NotFound (404) when the content is gone; FsError OUTSIDE_SCOPE (403) when the path now leads out.
   */
  async restore(scopeAbs: string, v: VisibleVersion): Promise<string> {
    const content = await this.contentOf(v);
    const target = resolveInScope(scopeAbs, normalizeVirtualPath(v.path));
    const dir = mkdirsBeneath(scopeAbs, posix.dirname(target.path));
    const tmp = `${dir.path}/${tempName()}`;
    try {
      await copyFile(content, tmp, constants.COPYFILE_FICLONE);
      await placeTempFile(tmp, `${dir.path}/${posix.basename(target.path)}`, true, target.abs);
    } catch (err) {
      await unlink(tmp).catch(() => {});
      throw err;
    } finally {
      dir.close();
    }
    return target.path;
  }

  /** Deletes the versions older than the policy's days; returns how many went. Runs from a timer. */
  purge(): Promise<number> {
    this.purging ??= (async () => {
      let purged = 0;
      for (const row of versionsOlderThan(this.o.db, this.o.clock.now() - this.o.policy().days * DAY_MS)) {
        await this.forget(row);
        purged++;
      }
      return purged;
    })().finally(() => {
      this.purging = null;
    });
    return this.purging;
  }

  /**
   * The start-up check: drops rows whose content is gone, and removes contents without a row (a write killed
   * between the link and the row). Returns how many of each.
   */
  recover(): { dropped: number; removed: number } {
    const out = { dropped: 0, removed: 0 };
    const known = new Set<string>();
    const dirs = new Set<string>([join(this.o.rootReal, VERSIONS_DIR_NAME)]);
    for (const row of allVersions(this.o.db)) {
      // A versions folder missing altogether is a drive not mounted now: its rows wait for it.
      if (!lstatSync(row.storeDir, { throwIfNoEntry: false })) continue;
      dirs.add(row.storeDir);
      if (lstatSync(this.contentAbs(row), { throwIfNoEntry: false })) known.add(this.contentAbs(row));
      else {
        deleteVersionRow(this.o.db, row.id);
        out.dropped++;
      }
    }
    for (const dir of dirs) {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const name of names) {
        if (known.has(join(dir, name))) continue;
        unlinkSync(join(dir, name));
        out.removed++;
      }
    }
    return out;
  }
}
