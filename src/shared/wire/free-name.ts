/**
 * @module How a kept-both copy is numbered, `name (1).ext` and `dir (1)`: the server picks such names for moves and
 * copies, and the upload's "Keep both" gives the same ones, so both sides number alike.
 */

/** Compound extensions kept whole, so "logs.tar.gz" becomes "logs (1).tar.gz", not "logs.tar (1).gz". */
const COMPOUND_EXTENSIONS = [".tar.gz", ".tar.bz2", ".tar.xz", ".tar.lz4", ".tar.sz", ".tar.zst"];

/**
 * Splits a file name into stem and extension for numbering. Dotfiles (".env") and names without a dot have
 * no extension; folders never have one ("v1.2" stays whole).
 */
export function splitForNumbering(name: string, isDir: boolean): [stem: string, ext: string] {
  if (isDir) return [name, ""];
  const lower = name.toLowerCase();
  const compound = COMPOUND_EXTENSIONS.find((e) => lower.endsWith(e) && lower.length > e.length);
  if (compound) return [name.slice(0, -compound.length), name.slice(-compound.length)];
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return [name, ""];
  return [name.slice(0, dot), name.slice(dot)];
}

/** The n-th numbered variant of `name`: ("report.pdf", 2) gives "report (2).pdf"; ("photos", 1, dir) gives "photos (1)". */
export function numberedName(name: string, n: number, isDir: boolean): string {
  const [stem, ext] = splitForNumbering(name, isDir);
  return `${stem} (${n})${ext}`;
}
