/**
 * @module Pure readers of 7-Zip's output: the technical listing of `l -slt` (archive blocks, then one block of
 * `Key = Value` lines per entry, each starting with `Path = `) and the `-bsp1` percentages. Shapes measured on
 * 7-Zip 26.02 for 7z, zip, split (`.001`), zip spanned (`.z01`) and tar archives. The listing is read as raw bytes:
 * 7-Zip prints names stored in a legacy encoding (zip without the UTF-8 flag) byte for byte, and those names are
 * decoded here with the one encoding that fits them all (archive/name-encoding.ts).
 */
import { chooseNameEncoding, decodeName, isUtf8 } from "../archive/name-encoding";

/** One entry of an archive (SPEC section 3 Archive entry, plus what extraction checks need). */
export interface ArchiveEntry {
  /**
   * Path inside the archive for people to read ("/"-separated; may hold `..` or a leading "/" in hostile archives):
   * valid UTF-8 as it is, other names decoded with the listing's nameEncoding. Safety checks use rawPath.
   */
  path: string;
  /** The path exactly as 7-Zip printed it (the stored bytes); sevenzip-names.ts names it to 7-Zip again. */
  rawPath: Uint8Array;
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
  /** The encoding (an iconv-lite name) the paths that are not valid UTF-8 were decoded with, or null when none. */
  nameEncoding: string | null;
  entries: ArchiveEntry[];
}

/** The line 7-Zip prints between the archive blocks and the entry blocks of `l -slt`. */
const ENTRIES_START = "----------";

/** The values of one block as text (UTF-8), with the raw bytes of its Path value. */
class Block extends Map<string, string> {
  constructor(readonly rawPath: Uint8Array) {
    super();
  }
}

const utf8 = new TextDecoder();

/** Index of the first " = " in `line`, or -1 (ASCII bytes: never inside a multi-byte character of a name). */
const separatorAt = (line: Uint8Array) => Buffer.from(line.buffer, line.byteOffset, line.byteLength).indexOf(" = ");

/** Splits `l -slt` lines into blocks, each starting at a `Path = ` line; blank lines are optional. */
function readBlocks(lines: readonly Uint8Array[]): { archive: Block[]; entries: Block[] } {
  const archive: Block[] = [];
  const entries: Block[] = [];
  let inEntries = false;
  let current: Block | null = null;
  for (const line of lines) {
    const eq = separatorAt(line);
    if (eq < 0) {
      if (utf8.decode(line) === ENTRIES_START) {
        inEntries = true;
        current = null;
      }
      continue;
    }
    const key = utf8.decode(line.subarray(0, eq));
    const value = line.subarray(eq + 3);
    if (key === "Path") {
      current = new Block(value);
      (inEntries ? entries : archive).push(current);
    }
    current?.set(key, utf8.decode(value));
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

/** One entry from its block; `decode` turns its raw path into text. */
function toEntry(b: Block, decode: (raw: Uint8Array) => string): ArchiveEntry {
  const mode = unixMode(b);
  const attrs = b.get("Attributes") ?? "";
  const link = b.get("Symbolic Link") ?? "";
  const hard = b.get("Hard Link") ?? "";
  return {
    path: decode(b.rawPath),
    rawPath: b.rawPath,
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

/**
 * Reads the lines of `7zz l -slt` (with its archive header, i.e. without `-ba`) into a listing. Lines are the raw
 * bytes 7-Zip printed (runTool's onStdoutRawLine); a string line is taken as its UTF-8 bytes.
 */
export function parseSltListing(lines: readonly (Uint8Array | string)[]): ArchiveListing {
  const raw = lines.map((l) => (typeof l === "string" ? new TextEncoder().encode(l.replace(/\r$/, "")) : l));
  const { archive, entries } = readBlocks(raw);
  const typed = archive.filter((b) => b.has("Type"));
  const volumes = Math.max(1, ...archive.map((b) => num(b.get("Volumes"))));
  // One encoding for all the names that are not UTF-8, judged on them together (more text, better guess).
  const nameEncoding = chooseNameEncoding(entries.map((b) => b.rawPath));
  const decode = (p: Uint8Array) => (nameEncoding === null || isUtf8(p) ? utf8.decode(p) : decodeName(p, nameEncoding));
  return { type: typed.at(-1)?.get("Type") ?? "", volumes, nameEncoding, entries: entries.map((b) => toEntry(b, decode)) };
}

/** The percentage at the start of a `-bsp1` progress line ("  42% 3 - name" gives 42), or null for other lines. */
export function parseProgressLine(line: string): number | null {
  const m = /^\s*(\d{1,3})%/.exec(line);
  if (!m) return null;
  const pct = Number(m[1]);
  return pct <= 100 ? pct : null;
}
