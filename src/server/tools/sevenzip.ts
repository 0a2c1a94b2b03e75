/**
 * @module The 7-Zip wrapper (the only module that runs 7-Zip): finds the engine, builds the argument arrays of list, test and extract
 * (pure), and runs them through runTool. Behaviour measured on 7-Zip 26.02 (`7zz`).
 */
import { findTool } from "./available";
import { runTool } from "./run-tool";
import { ToolFailed } from "./spawn";
import { withToolInput, type OpenedInput, type ToolFile } from "./tool-input";
import {
  decodedListing,
  parseProgressLine,
  SltListingReader,
  type ArchiveListing,
  type ListingHeader,
  type RawArchiveEntry,
} from "./sevenzip-listing";

export { decodeEntry, parseProgressLine, parseSltListing, pathDecoder } from "./sevenzip-listing";
export type { ArchiveEntry, ArchiveListing, ListingHeader, RawArchiveEntry } from "./sevenzip-listing";
export { sevenZipListFile } from "./sevenzip-names";

/** Engine names in the order they are tried: the 7zip package installs only 7zz; p7zip-full adds 7z and 7za. */
export const SEVEN_ZIP_NAMES = ["7zz", "7z", "7za"] as const;

/** The stderr line 7-Zip prints when it refuses a symlink whose target leaves the output folder (26.02). */
const DANGEROUS_LINK = /^ERROR: Dangerous link path was ignored : (.*) : (.*)$/;
/** 7-Zip's words for a missing or wrong password: header-encrypted archives fail to open, others fail per file. */
const WRONG_PASSWORD = /Wrong password|Cannot open encrypted archive|Can not open encrypted archive/i;

/** Absolute path of the first installed 7-Zip engine, or null when none is. */
export function findSevenZip(): string | null {
  for (const name of SEVEN_ZIP_NAMES) {
    const found = findTool(name);
    if (found) return found;
  }
  return null;
}

/**
 * Switches every command shares. `-sccUTF-8` prints names as UTF-8 (names in legacy encodings come through as their
 * raw bytes, see sevenzip-names.ts). An empty password is passed as `-p`, so 7-Zip never stops on an interactive
 * prompt; any other goes through stdin (see passwordInput), so it never shows in the process list.
 */
function commonArgs(password: string): string[] {
  return password === "" ? ["-sccUTF-8", "-p"] : ["-sccUTF-8"];
}

/**
 * What the tool reads on stdin: the password and a line end when there is one (7-Zip asks for it on stdin when `-p`
 * is absent and reads it once per run), else nothing.
 */
export function passwordInput(password: string): Uint8Array<ArrayBuffer> | undefined {
  return password === "" ? undefined : new TextEncoder().encode(`${password}\n`);
}

/** Arguments of the technical listing (`l -slt`), kept with its archive header for the type and volume count. */
export function buildListArgs(archive: string, password: string): string[] {
  return ["l", "-slt", ...commonArgs(password), "--", archive];
}

/**
 * The switches that read a list file written by sevenZipListFile: UTF-16LE, the one charset in which 7-Zip takes
 * the escapes of names that are not UTF-8 (`-scsUTF-8` refuses such a list: "Incorrect item in listfile").
 */
function listFileArgs(kind: "i" | "x", listFile: string): string[] {
  return ["-scsUTF-16LE", `-${kind}@${listFile}`];
}

/**
 * Arguments that test (decrypt and check) the entries named exactly in `includeListFile` (written by
 * sevenZipListFile; `-spd`: no wildcards). Names go through a file because an argument cannot hold bytes that are
 * not UTF-8, and a name 7-Zip does not find is no failure ("No files to process").
 */
export function buildTestArgs(archive: string, password: string, includeListFile: string): string[] {
  return ["t", "-bso0", "-bsp0", "-spd", ...commonArgs(password), ...listFileArgs("i", includeListFile), "--", archive];
}

/** What an extraction needs. */
export interface ExtractArgs {
  archive: string;
  /** Folder the entries are written into (created by 7-Zip when missing). */
  outDir: string;
  password: string;
  /** A list file of the entries to leave out, written by sevenZipListFile, matched exactly (`-spd`). */
  excludeListFile?: string;
}

/**
 * Arguments of a full extraction: `-y -aoa` answer every question (the target folder is fresh), `-bso0 -bsp1`
 * leave only the percentage on stdout, `-bb0` keeps the file log off.
 */
export function buildExtractArgs(o: ExtractArgs): string[] {
  const exclude = o.excludeListFile ? listFileArgs("x", o.excludeListFile) : [];
  return [
    "x",
    "-y",
    "-aoa",
    "-bso0",
    "-bsp1",
    "-bb0",
    "-spd",
    ...commonArgs(o.password),
    `-o${o.outDir}`,
    ...exclude,
    "--",
    o.archive,
  ];
}

/** True when a 7-Zip failure says the password is missing or wrong. */
export function isWrongPasswordError(err: unknown): boolean {
  return err instanceof ToolFailed && WRONG_PASSWORD.test(err.stderr);
}

/** The entry path of a 'Dangerous link path was ignored' stderr line, or null for other lines. */
export function parseDangerousLink(line: string): { path: string; target: string } | null {
  const m = DANGEROUS_LINK.exec(line.trim());
  return m ? { path: m[1]!, target: m[2]! } : null;
}

/**
 * An archive as 7-Zip reads it (tool-input.ts): a file, given through a descriptor under its own name (7-Zip picks a
 * type by extension and names a `.gz`'s entry after it); or the first volume of a set (`.7z.001`, `.part1.rar`,
 * `.zip` with `.z01`), whose folder is given as the descriptor, since 7-Zip opens the other volumes by name beside it.
 */
export type SevenZipArchive = ToolFile | { firstVolume: ToolFile };

/** Runs `fn` with `archive` open for 7-Zip (`engine`), as SevenZipArchive says. */
function withArchive<T>(engine: string, archive: SevenZipArchive, fn: (input: OpenedInput) => Promise<T>): Promise<T> {
  if (typeof archive === "object" && "firstVolume" in archive)
    return withToolInput(archive.firstVolume, engine, fn, "in-folder");
  return withToolInput(archive, engine, fn, "named");
}

/** What a streamed listing needs besides the archive. */
export interface ListStreamOptions {
  password: string;
  signal: AbortSignal;
  /** Called with each entry as soon as 7-Zip has printed it, in 7-Zip's order; its path is decoded later. */
  onEntry: (e: RawArchiveEntry) => void;
  /** Bytes of names that are not UTF-8 the encoding is judged on (default: all of them). */
  legacySampleBytes?: number;
  /** Kill 7-Zip and fail after this many ms (default: no limit). */
  timeoutMs?: number;
}

/**
 * Lists `archive` (the first volume of a set) reading 7-Zip's output line by line as it comes: nothing but the
 * entry being read is held here, so memory stays flat whatever the number of entries (the caller keeps what it
 * wants of `onEntry`'s).
 * @returns the archive's type, volumes and the encoding to decode the raw paths with (pathDecoder).
 * @throws ToolFailed when 7-Zip cannot open it (isWrongPasswordError tells a header-encrypted one), its stderr
 * followed by the "ERRORS:" reasons of the listing; ToolAborted.
 */
export async function runSevenZipListStream(
  engine: string,
  archive: SevenZipArchive,
  o: ListStreamOptions,
): Promise<ListingHeader> {
  const reader = new SltListingReader(o.onEntry, o.legacySampleBytes);
  try {
    await withArchive(engine, archive, (input) =>
      runTool({
        cmd: engine,
        args: buildListArgs(input.path, o.password),
        inputFd: input.fd,
        stdin: passwordInput(o.password),
        signal: o.signal,
        timeoutMs: o.timeoutMs,
        onStdoutRawLine: (l) => reader.push(l),
      }),
    );
  } catch (err) {
    // The listing prints the archive's errors on stdout; they join stderr's, where extraction prints them.
    if (err instanceof ToolFailed && reader.errors.length)
      throw new ToolFailed(err.tool, err.exitCode, `${err.stderr}\nERRORS:\n${reader.errors.join("\n")}`);
    throw err;
  }
  return reader.finish();
}

/**
 * Lists `archive` (the first volume of a set) with every entry kept (runSevenZipListStream).
 * @throws ToolFailed when 7-Zip cannot open it (isWrongPasswordError tells a header-encrypted one); ToolAborted.
 */
export async function runSevenZipList(
  engine: string,
  archive: SevenZipArchive,
  password: string,
  signal: AbortSignal,
): Promise<ArchiveListing> {
  const raw: RawArchiveEntry[] = [];
  return decodedListing(
    await runSevenZipListStream(engine, archive, { password, signal, onEntry: (e) => raw.push(e) }),
    raw,
  );
}

/**
 * Tests the entries of `includeListFile` (see buildTestArgs) with `password`; resolves when they decrypt and check.
 * @throws ToolFailed (isWrongPasswordError for a wrong password); ToolAborted.
 */
export async function runSevenZipTest(
  engine: string,
  archive: SevenZipArchive,
  password: string,
  includeListFile: string,
  signal: AbortSignal,
): Promise<void> {
  await withArchive(engine, archive, (input) =>
    runTool({
      cmd: engine,
      args: buildTestArgs(input.path, password, includeListFile),
      inputFd: input.fd,
      stdin: passwordInput(password),
      signal,
    }),
  );
}

/** Callbacks of an extraction. */
export interface ExtractCallbacks {
  /** The percentage (0-100) each time it changes. */
  onProgress?: (pct: number) => void;
  /** Each stderr line (refused links, per-file errors). */
  onStderrLine?: (line: string) => void;
}

/**
 * Extracts `archive` into `o.outDir`; with `o.outputDirFd` (an open folder, fs/beneath.ts pinDir, inherited as the
 * child's descriptor 4), `o.outDir` may be `/proc/self/fd/4/<name>` (tool-input.ts TOOL_OUTPUT_DIR).
 * @throws ToolFailed when the archive cannot be opened, or 7-Zip reports an error (exit 2, also for refused dangerous
 * links); ToolAborted on cancel.
 */
export async function runSevenZipExtract(
  engine: string,
  archive: SevenZipArchive,
  o: Omit<ExtractArgs, "archive"> & { outputDirFd?: number },
  signal: AbortSignal,
  cb: ExtractCallbacks = {},
): Promise<void> {
  let last = -1;
  await withArchive(engine, archive, (input) =>
    runTool({
      cmd: engine,
      args: buildExtractArgs({ ...o, archive: input.path }),
      inputFd: input.fd,
      outputDirFd: o.outputDirFd,
      stdin: passwordInput(o.password),
      signal,
      onStdoutLine: (line) => {
        const pct = parseProgressLine(line);
        if (pct !== null && pct !== last) cb.onProgress?.((last = pct));
      },
      onStderrLine: cb.onStderrLine,
    }),
  );
}
