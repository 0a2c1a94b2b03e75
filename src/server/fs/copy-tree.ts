/** @module Recursive copies that keep permission bits and modification times of files and folders (like `cp -a`). */
import { chmod, copyFile, lstat, mkdir, readdir, readlink, rmdir, symlink, unlink, utimes, constants } from "node:fs/promises";
import { join } from "node:path";
import { UPLOAD_TEMP_PREFIX } from "../constants";
import { FsError } from "./fs-error";

/**
 * Copies `src` (file, folder or symlink) to the new path `dest`, which must not exist. Files keep their
 * mode and times; folders get theirs after their content is written (writing into a folder changes its
 * mtime, and a read-only folder could not receive it). Symlinks are copied as links, never followed, so a
 * copy never pulls in data from outside the scope. FIFOs, sockets, devices and upload temp files are skipped.
 * `onItem(bytes)` is called after each item copied (bytes of a file, 0 for folders and links). `keep(rel)`, when
 * given, decides for each item below `src` by its path relative to it ("/a/b.txt"); a refused folder is skipped whole.
 */
export async function copyTree(src: string, dest: string, onItem?: (bytes: number) => void, keep?: (rel: string) => boolean, rel = ""): Promise<void> {
  const st = await lstat(src);
  if (st.isSymbolicLink()) {
    await symlink(await readlink(src), dest);
    onItem?.(0);
    return;
  }
  if (st.isDirectory()) {
    await mkdir(dest, { mode: 0o700 });
    onItem?.(0);
    for (const name of await readdir(src)) {
      if (name.startsWith(UPLOAD_TEMP_PREFIX) || (keep && !keep(`${rel}/${name}`))) continue;
      await copyTree(join(src, name), join(dest, name), onItem, keep, `${rel}/${name}`);
    }
  } else if (st.isFile()) {
    // COPYFILE_EXCL: never replace; the kernel may clone or copy_file_range the data.
    await copyFile(src, dest, constants.COPYFILE_EXCL).catch((err: { code?: string }) => {
      // Bun answers ENOTSUP (Node: EISDIR) when the file was replaced by a folder since it was looked at.
      throw err?.code === "ENOTSUP" ? new FsError("EISDIR", "the file became a folder while it was copied") : err;
    });
    onItem?.(st.size);
  } else {
    return;
  }
  await chmod(dest, st.mode & 0o7777);
  // Seconds with a fraction keep sub-millisecond precision that a Date would drop.
  await utimes(dest, st.atimeMs / 1000, st.mtimeMs / 1000);
}

/**
 * Removes `abs` and everything below it (links removed, never followed), calling `onItem(bytes)` after each item
 * (bytes of a file, 0 otherwise): `rm -r` that can tell how far it is. Missing items below are skipped.
 */
export async function removeTree(abs: string, onItem: (bytes: number) => void): Promise<void> {
  const st = await lstat(abs);
  if (st.isDirectory()) {
    for (const name of await readdir(abs)) {
      await removeTree(join(abs, name), onItem).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
    }
    await rmdir(abs);
  } else await unlink(abs);
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
