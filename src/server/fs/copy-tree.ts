/** @module Recursive copies that keep permission bits and modification times of files and folders (like `cp -a`). */
import {
  chmodSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  readlinkSync,
  symlinkSync,
  utimesSync,
} from "node:fs";
import { copyFile, lstat, readdir, rmdir, unlink, constants as fsConstants } from "node:fs/promises";
import { fdPath, O_PATH, openChildNoFollow } from "./beneath";
import { join } from "node:path";
import { UPLOAD_TEMP_PREFIX } from "../constants";
import { FsError } from "./fs-error";

/** An item named `name` in the folder held open as `dir` (fs/beneath.ts PinnedDir or a folder opened during a walk). */
export interface ItemAt {
  dir: { fd: number; path: string };
  name: string;
}

/** What a copy may be told about each item: its bytes, whether to keep it, and which links it left out. */
export interface CopyHooks {
  /** Called after each item copied (bytes of a file, 0 for folders and links). */
  onItem?: (bytes: number) => void;
  /** Decides for each item below the source by its path relative to it ("/a/b.txt"); a refused folder is skipped whole. */
  keep?: (rel: string) => boolean;
  /**
   * Decides whether a symlink (its path relative to the source, "" for the source itself, and its target as
   * written) may be copied; a refused one is left out. By default every link is copied.
   */
  keepLink?: (rel: string, target: string) => boolean;
}

/**
 * Copies the item `src` (file, folder or symlink) to the new item `dest`, which must not exist. Files keep their
 * mode and times; folders get theirs after their content is written (writing into a folder changes its
 * mtime, and a read-only folder could not receive it). Symlinks are copied as links, never followed, so a
 * copy never pulls in data from outside the scope. FIFOs, sockets, devices and upload temp files are skipped.
 * The walk goes down through opened folders, each child opened without following links (beneath.ts
 * openChildNoFollow), so a folder of the tree swapped for a symlink while it is copied cannot pull in another tree.
 */
export async function copyTree(src: ItemAt, dest: ItemAt, hooks: CopyHooks = {}, rel = ""): Promise<void> {
  const from = `${src.dir.path}/${src.name}`;
  const to = `${dest.dir.path}/${dest.name}`;
  // The small metadata calls are synchronous (a few µs each through the thread pool's hop would be most of a small
  // file's copy); the data copy and folder reads stay asynchronous, so other requests are answered meanwhile.
  const st = lstatSync(from);
  if (st.isSymbolicLink()) {
    const target = readlinkSync(from);
    if (hooks.keepLink && !hooks.keepLink(rel, target)) return;
    symlinkSync(target, to);
    hooks.onItem?.(0);
    return;
  }
  if (st.isDirectory()) {
    mkdirSync(to, { mode: 0o700 });
    hooks.onItem?.(0);
    const srcFd = openChildNoFollow(src.dir.fd, src.name, constants.O_RDONLY | constants.O_DIRECTORY);
    try {
      const destFd = openChildNoFollow(dest.dir.fd, dest.name, O_PATH | constants.O_DIRECTORY);
      try {
        const srcDir = { fd: srcFd, path: fdPath(srcFd) };
        const destDir = { fd: destFd, path: fdPath(destFd) };
        for (const name of await readdir(srcDir.path)) {
          if (name.startsWith(UPLOAD_TEMP_PREFIX) || (hooks.keep && !hooks.keep(`${rel}/${name}`))) continue;
          await copyTree({ dir: srcDir, name }, { dir: destDir, name }, hooks, `${rel}/${name}`);
        }
      } finally {
        closeSync(destFd);
      }
    } finally {
      closeSync(srcFd);
    }
  } else if (st.isFile()) {
    // O_NONBLOCK: a FIFO swapped in meanwhile does not hold the open; fstat then tells it is no file.
    const fd = openChildNoFollow(src.dir.fd, src.name, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      if (!fstatSync(fd).isFile()) throw new FsError("EISDIR", "the file became a folder while it was copied");
      // COPYFILE_EXCL: never replace; the kernel may clone or copy_file_range the data.
      await copyFile(fdPath(fd), to, fsConstants.COPYFILE_EXCL).catch((err: { code?: string }) => {
        // Bun answers ENOTSUP (Node: EISDIR) when the file was replaced by a folder since it was looked at.
        throw err?.code === "ENOTSUP" ? new FsError("EISDIR", "the file became a folder while it was copied") : err;
      });
    } finally {
      closeSync(fd);
    }
    hooks.onItem?.(st.size);
  } else {
    return;
  }
  chmodSync(to, st.mode & 0o7777);
  // Seconds with a fraction keep sub-millisecond precision that a Date would drop.
  utimesSync(to, st.atimeMs / 1000, st.mtimeMs / 1000);
}

/**
 * Removes the item `at` and everything below it (links removed, never followed), calling `onItem(bytes)` after
 * each item (bytes of a file, 0 otherwise): `rm -r` that can tell how far it is. Missing items below are skipped.
 * Folders are walked through opened descriptors, never through a path that a swapped folder could redirect.
 */
export async function removeTree(at: ItemAt, onItem: (bytes: number) => void = () => {}): Promise<void> {
  const path = `${at.dir.path}/${at.name}`;
  const st = await lstat(path);
  if (st.isDirectory()) {
    let fd: number;
    try {
      fd = openChildNoFollow(at.dir.fd, at.name, constants.O_RDONLY | constants.O_DIRECTORY);
    } catch (err) {
      // A folder swapped for a link or a file since the lstat: remove that instead.
      if ((err as NodeJS.ErrnoException).code !== "ELOOP" && (err as NodeJS.ErrnoException).code !== "ENOTDIR")
        throw err;
      await unlink(path);
      onItem(0);
      return;
    }
    try {
      const dir = { fd, path: fdPath(fd) };
      for (const name of await readdir(dir.path)) {
        await removeTree({ dir, name }, onItem).catch((err: NodeJS.ErrnoException) => {
          if (err.code !== "ENOENT") throw err;
        });
      }
    } finally {
      closeSync(fd);
    }
    await rmdir(path);
  } else await unlink(path);
  onItem(st.isFile() ? st.size : 0);
}

/**
 * True when some item below the folder `abs` (links not followed) makes `test(rel)` true, `rel` being its path
 * relative to `abs` ("/a/b.txt"). Stops at the first one.
 */
export async function someItemBelow(abs: string, test: (rel: string) => boolean, rel = ""): Promise<boolean> {
  for (const entry of await readdir(abs, { withFileTypes: true })) {
    const child = `${rel}/${entry.name}`;
    if (test(child)) return true;
    if (entry.isDirectory() && (await someItemBelow(join(abs, entry.name), test, child))) return true;
  }
  return false;
}
