/**
 * @module Pure readers of 7-Zip's output: the technical listing of `l -slt` (archive blocks, then one block of
 * `Key = Value` lines per entry, each starting with `Path = `) and the `-bsp1` percentages. Shapes measured on
 * 7-Zip 26.02 for 7z, zip, split (`.001`), zip spanned (`.z01`) and tar archives. The listing is read as raw bytes:
 * 7-Zip prints names stored in a legacy encoding (zip without the UTF-8 flag) byte for byte, and those names are
 * decoded here with the one encoding that fits them all (archive/name-encoding.ts). The listing is read line by line
 * as it comes (SltListingReader), never held whole: 300,000 entries print about 84 MB of it.
 */
import { chooseNameEncoding, decodeName, isUtf8 } from "../archive/name-encoding";

/** One entry of an archive (docs/product.md "Archive entry", plus what extraction checks need). */
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
export interface ArchiveListing extends ListingHeader {
  entries: ArchiveEntry[];
}

/** What the listing says besides its entries. */
export interface ListingHeader {
  /** Format of the innermost archive ("7z", "zip", "tar", ...); the outer blocks of a split set say "Split". */
  type: string;
  /** Number of volumes (1 for a single file). */
  volumes: number;
  /** The encoding (an iconv-lite name) the paths that are not valid UTF-8 were decoded with, or null when none. */
  nameEncoding: string | null;
}

/** An entry as it is read, before its path is decoded (the encoding is known only once all names are seen). */
export type RawArchiveEntry = Omit<ArchiveEntry, "path">;

/** The line 7-Zip prints between the archive blocks and the entry blocks of `l -slt`. */
const ENTRIES_START = "----------";

/** The keys of a block that are read; the others (CRC, Method, Offset...) are not kept. */
const KEPT_KEYS = new Set([
  "Type",
  "Volumes",
  "Folder",
  "Size",
  "Packed Size",
  "Modified",
  "Encrypted",
  "Attributes",
  "Mode",
  "Symbolic Link",
  "Hard Link",
]);
/** Length and first letter of "Path" and the kept keys: other lines are passed over without making their key a string. */
const KEY_SHAPES = new Set(["Path", ...KEPT_KEYS].map((k) => keyShape(k.length, k.charCodeAt(0))));

function keyShape(length: number, first: number): number {
  return length * 256 + first;
}

/** The values of one block as text (UTF-8), with the raw bytes of its Path value. */
class Block extends Map<string, string> {
  constructor(readonly rawPath: Uint8Array) {
    super();
  }
}

const utf8 = new TextDecoder();

/** The longest key of a block (7-Zip 26.02's is "Characteristics"), with room: " = " is looked for this far. */
const KEY_MAX = 40;

/**
 * Index of the first " = " in `line` within KEY_MAX bytes, or -1 (ASCII bytes: never inside a multi-byte character
 * of a name). A plain loop: the listing has millions of lines, and a Buffer view per line cost 2.5 µs each.
 */
function separatorAt(line: Uint8Array): number {
  const end = Math.min(line.length - 1, KEY_MAX); // "Size = " (an empty value) ends with the separator
  for (let i = 1; i < end; i++) if (line[i] === 0x3d && line[i - 1] === 0x20 && line[i + 1] === 0x20) return i - 1;
  return -1;
}

/**
 * Bytes `start` to `end` of `line` as text: ASCII by a plain loop, else UTF-8. A TextDecoder call, and even a
 * subarray, costs more than a short line's loop.
 */
function text(line: Uint8Array, start = 0, end = line.length): string {
  let out = "";
  for (let i = start; i < end; i++) {
    const b = line[i]!;
    if (b >= 0x80) return utf8.decode(line.subarray(start, end));
    out += String.fromCharCode(b);
  }
  return out;
}

/** The unix mode string of an entry: `Mode` (tar) or the part after the DOS flags in `Attributes` (7z, zip). */
function unixMode(b: Block): string {
  const mode = b.get("Mode");
  if (mode) return mode;
  const m = /[-dlcbps][-r][-w][-xsS][-r][-w][-xsS][-r][-w][-xtT]/.exec(b.get("Attributes") ?? "");
  return m ? m[0] : "";
}

const num = (v: string | undefined): number => (v && /^\d+$/.test(v) ? Number(v) : 0);

/** One entry from its block, its path still raw. */
function toRawEntry(b: Block): RawArchiveEntry {
  const mode = unixMode(b);
  const attrs = b.get("Attributes") ?? "";
  const link = b.get("Symbolic Link") ?? "";
  const hard = b.get("Hard Link") ?? "";
  return {
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
 * Reads `7zz l -slt` (with its archive header, i.e. without `-ba`) one line at a time, as 7-Zip prints it, so a
 * listing of any length costs the memory of one entry block plus what the caller keeps: each entry goes to `onEntry`
 * as soon as its block ends (at the next `Path = ` line, or at finish). Blocks start at a `Path = ` line; blank lines
 * are optional. Names that are not UTF-8 are kept (up to `legacySampleBytes` of them) to choose one encoding for all.
 */
export class SltListingReader {
  private inEntries = false;
  private current: Block | null = null;
  private readonly archive: Block[] = [];
  private readonly legacy: Uint8Array[] = [];
  private legacyBytes = 0;
  private afterErrors = false;
  /** The reasons 7-Zip printed under "ERRORS:" in the listing ("Unexpected end of archive"), for messages. */
  readonly errors: string[] = [];

  /**
   * @param onEntry called with each entry, in 7-Zip's order.
   * @param legacySampleBytes how many bytes of names that are not UTF-8 the encoding is judged on (default: all).
   */
  constructor(
    private readonly onEntry: (e: RawArchiveEntry) => void,
    private readonly legacySampleBytes = Infinity,
  ) {}

  /** Takes one line: its raw bytes (runTool's onStdoutRawLine), without the line end. */
  push(line: Uint8Array): void {
    const eq = separatorAt(line);
    if (eq < 0) {
      const plain = line.length <= KEY_MAX ? text(line) : "";
      if (this.afterErrors) this.errors.push(plain);
      this.afterErrors = plain === "ERRORS:";
      if (plain === ENTRIES_START) {
        this.endBlock();
        this.inEntries = true;
      }
      return;
    }
    if (!KEY_SHAPES.has(keyShape(eq, line[0]!))) return;
    const key = text(line, 0, eq);
    if (key === "Path") {
      this.endBlock();
      this.current = new Block(line.subarray(eq + 3));
      if (!this.inEntries) this.archive.push(this.current);
    } else if (KEPT_KEYS.has(key)) {
      // A bzip2 stream's one entry has no Path line (7-Zip 26.02): its block starts at its first key.
      if (!this.current && this.inEntries) this.current = new Block(new Uint8Array(0));
      this.current?.set(key, text(line, eq + 3));
    }
  }

  /** Ends the listing: the last entry goes out; returns the archive's type, volumes and the names' encoding. */
  finish(): ListingHeader {
    this.endBlock();
    const typed = this.archive.filter((b) => b.has("Type"));
    const volumes = Math.max(1, ...this.archive.map((b) => num(b.get("Volumes"))));
    // One encoding for all the names that are not UTF-8, judged on them together (more text, better guess).
    return { type: typed.at(-1)?.get("Type") ?? "", volumes, nameEncoding: chooseNameEncoding(this.legacy) };
  }

  private endBlock(): void {
    const b = this.current;
    this.current = null;
    if (!b || !this.inEntries) return;
    if (this.legacyBytes < this.legacySampleBytes && !isUtf8(b.rawPath)) {
      this.legacy.push(b.rawPath);
      this.legacyBytes += b.rawPath.length;
    }
    this.onEntry(toRawEntry(b));
  }
}

/** The function that turns raw paths into text: valid UTF-8 as it is, other names with `nameEncoding`. */
export function pathDecoder(nameEncoding: string | null): (raw: Uint8Array) => string {
  return (p) => (nameEncoding === null || isUtf8(p) ? utf8.decode(p) : decodeName(p, nameEncoding));
}

/** An entry with its path decoded by `decode` (pathDecoder). */
export function decodeEntry(e: RawArchiveEntry, decode: (raw: Uint8Array) => string): ArchiveEntry {
  return { path: decode(e.rawPath), ...e };
}

/**
 * Reads the lines of `7zz l -slt` into a listing (SltListingReader, every entry kept). Lines are the raw bytes
 * 7-Zip printed; a string line is taken as its UTF-8 bytes.
 */
export function parseSltListing(lines: readonly (Uint8Array | string)[]): ArchiveListing {
  const raw: RawArchiveEntry[] = [];
  const reader = new SltListingReader((e) => raw.push(e));
  for (const l of lines) reader.push(typeof l === "string" ? new TextEncoder().encode(l.replace(/\r$/, "")) : l);
  return decodedListing(reader.finish(), raw);
}

/** The listing of `header` with the `raw` entries' paths decoded. */
export function decodedListing(header: ListingHeader, raw: readonly RawArchiveEntry[]): ArchiveListing {
  const decode = pathDecoder(header.nameEncoding);
  return { ...header, entries: raw.map((e) => decodeEntry(e, decode)) };
}

/** The percentage at the start of a `-bsp1` progress line ("  42% 3 - name" gives 42), or null for other lines. */
export function parseProgressLine(line: string): number | null {
  const m = /^\s*(\d{1,3})%/.exec(line);
  if (!m) return null;
  const pct = Number(m[1]);
  return pct <= 100 ? pct : null;
}
