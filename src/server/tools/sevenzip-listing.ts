/**
 * @module Pure readers of 7-Zip's output: the technical listing of `l -slt` (archive blocks, then one block of
 * `Key = Value` lines per entry, each starting with `Path = `) and the `-bsp1` percentages. Shapes measured on
 * 7-Zip 26.02 for 7z, zip, split (`.001`), zip spanned (`.z01`) and tar archives.
 */

/** One entry of an archive (SPEC section 3 Archive entry, plus what extraction checks need). */
export interface ArchiveEntry {
  /** Path inside the archive as 7-Zip prints it ("/"-separated; may hold `..` or a leading "/" in hostile archives). */
  path: string;
  isDir: boolean;
  /** Unpacked size in bytes (0 for folders). */
  size: number;
  /** Packed size in bytes; 0 when 7-Zip does not say (later files of a solid block). */
  packedSize: number;
  /** Modification time as 7-Zip prints it ("2026-11-23 15:14:36.6517827", local time of the archive), or "". */
  modified: string;
  encrypted: boolean;
  isSymlink: boolean;
  /** The link target when the format stores it in the header (tar, 7z with -snl); null when unknown. */
  linkTarget: string | null;
  /** The entry a hard link points at, a path from the archive's root (tar), or null. */
  hardLinkTarget: string | null;
}

/** The whole listing. */
export interface ArchiveListing {
  /** Format of the innermost archive ("7z", "zip", "tar", ...); the outer blocks of a split set say "Split". */
  type: string;
  /** Number of volumes (1 for a single file). */
  volumes: number;
  entries: ArchiveEntry[];
}

/** The line 7-Zip prints between the archive blocks and the entry blocks of `l -slt`. */
const ENTRIES_START = "----------";

type Block = Map<string, string>;

/** Splits `l -slt` lines into blocks, each starting at a `Path = ` line; blank lines are optional. */
function readBlocks(lines: readonly string[]): { archive: Block[]; entries: Block[] } {
  const archive: Block[] = [];
  const entries: Block[] = [];
  let inEntries = false;
  let current: Block | null = null;
  for (const line of lines) {
    if (line === ENTRIES_START) {
      inEntries = true;
      current = null;
      continue;
    }
    const eq = line.indexOf(" = ");
    if (eq < 0) continue;
    const key = line.slice(0, eq);
    const value = line.slice(eq + 3);
    if (key === "Path") {
      current = new Map();
      (inEntries ? entries : archive).push(current);
    }
    current?.set(key, value);
  }
  return { archive, entries };
}

/** The unix mode string of an entry: `Mode` (tar) or the part after the DOS flags in `Attributes` (7z, zip). */
function unixMode(b: Block): string {
  const mode = b.get("Mode");
  if (mode) return mode;
  const m = /[-dlcbps][-r][-w][-xsS][-r][-w][-xsS][-r][-w][-xtT]/.exec(b.get("Attributes") ?? "");
  return m ? m[0] : "";
}

const num = (v: string | undefined): number => (v && /^\d+$/.test(v) ? Number(v) : 0);

/** One entry from its block. */
function toEntry(b: Block): ArchiveEntry {
  const mode = unixMode(b);
  const attrs = b.get("Attributes") ?? "";
  const link = b.get("Symbolic Link") ?? "";
  const hard = b.get("Hard Link") ?? "";
  return {
    path: b.get("Path") ?? "",
    isDir: b.get("Folder") === "+" || attrs.startsWith("D") || mode.startsWith("d"),
    size: num(b.get("Size")),
    packedSize: num(b.get("Packed Size")),
    modified: b.get("Modified") ?? "",
    encrypted: b.get("Encrypted") === "+",
    isSymlink: mode.startsWith("l") || link !== "",
    linkTarget: link !== "" ? link : null,
    hardLinkTarget: hard !== "" ? hard : null,
  };
}

/** Reads the lines of `7zz l -slt` (with its archive header, i.e. without `-ba`) into a listing. */
export function parseSltListing(lines: readonly string[]): ArchiveListing {
  const { archive, entries } = readBlocks(lines.map((l) => l.replace(/\r$/, "")));
  const typed = archive.filter((b) => b.has("Type"));
  const volumes = Math.max(1, ...archive.map((b) => num(b.get("Volumes"))));
  return { type: typed.at(-1)?.get("Type") ?? "", volumes, entries: entries.map(toEntry) };
}

/** The percentage at the start of a `-bsp1` progress line ("  42% 3 - name" gives 42), or null for other lines. */
export function parseProgressLine(line: string): number | null {
  const m = /^\s*(\d{1,3})%/.exec(line);
  if (!m) return null;
  const pct = Number(m[1]);
  return pct <= 100 ? pct : null;
}
