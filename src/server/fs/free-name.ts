/** @module Free names for copies and moves that must not replace what is there: `name (1).ext`, `dir (1)`. */

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

/**
 * The first of `name`, `name (1).ext`, `name (2).ext`... for which `taken` is false. `taken` is asked
 * in that order, so a caller can check the disk lazily.
 */
export async function pickFreeName(name: string, isDir: boolean, taken: (candidate: string) => Promise<boolean>): Promise<string> {
  if (!(await taken(name))) return name;
  for (let n = 1; ; n++) {
    const candidate = numberedName(name, n, isDir);
    if (!(await taken(candidate))) return candidate;
  }
}
