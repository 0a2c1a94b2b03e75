/** @module Recursive copies that keep permission bits and modification times of files and folders (like `cp -a`). */
import { chmod, copyFile, lstat, mkdir, readdir, readlink, symlink, utimes, constants } from "node:fs/promises";
import { join } from "node:path";
import { UPLOAD_TEMP_PREFIX } from "../constants";

/**
 * Copies `src` (file, folder or symlink) to the new path `dest`, which must not exist. Files keep their
 * mode and times; folders get theirs after their content is written (writing into a folder changes its
 * mtime, and a read-only folder could not receive it). Symlinks are copied as links, never followed, so a
 * copy never pulls in data from outside the scope. FIFOs, sockets, devices and upload temp files are skipped.
 */
export async function copyTree(src: string, dest: string): Promise<void> {
  const st = await lstat(src);
  if (st.isSymbolicLink()) {
    await symlink(await readlink(src), dest);
    return;
  }
  if (st.isDirectory()) {
    await mkdir(dest, { mode: 0o700 });
    for (const name of await readdir(src)) {
      if (name.startsWith(UPLOAD_TEMP_PREFIX)) continue;
      await copyTree(join(src, name), join(dest, name));
    }
  } else if (st.isFile()) {
    // COPYFILE_EXCL: never replace; the kernel may clone or copy_file_range the data.
    await copyFile(src, dest, constants.COPYFILE_EXCL);
  } else {
    return;
  }
  await chmod(dest, st.mode & 0o7777);
  // Seconds with a fraction keep sub-millisecond precision that a Date would drop.
  await utimes(dest, st.atimeMs / 1000, st.mtimeMs / 1000);
}
