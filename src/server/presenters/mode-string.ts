/** @module `ls -l` style mode strings from the wire's numeric mode. */

/** "drwxr-xr-x" for a folder with 0755, "-rw-r--r--" for a file with 0644, "L..." for a symlink (Go FileMode style). */
export function modeStringOf(mode: number, isDir: boolean, isSymlink: boolean): string {
  const kind = isDir ? "d" : isSymlink ? "L" : "-";
  const rwx = "rwx";
  let out = kind;
  for (let i = 8; i >= 0; i--) out += mode & (1 << i) ? rwx[(8 - i) % 3] : "-";
  return out;
}
