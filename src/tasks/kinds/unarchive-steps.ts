/**
 * @module The 7-Zip steps of the unarchive kind with their failures turned into the messages users see: listing
 * (encryption and hostile entries found before anything is written), the password probe, the extraction into a
 * temporary folder, and where the output folder is.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import type { UnarchiveParams } from "../../shared/wire/task";
import { entryEscapes, linkEscapes } from "../../server/archive/entry-safety";
import { archiveBaseName } from "../../server/archive/volume-set";
import {
  isWrongPasswordError,
  parseDangerousLink,
  runSevenZipExtract,
  runSevenZipList,
  runSevenZipTest,
  sevenZipListFile,
  type ArchiveEntry,
  type ArchiveListing,
  type SevenZipArchive,
} from "../../server/tools/sevenzip";
import { ToolFailed } from "../../server/tools/spawn";
import { isTempName, TEMP_NAME_REFUSED } from "../../server/fs/temp-name";
import { mkdirsBeneath, type PinnedDir } from "../../server/fs/beneath";
import { TOOL_OUTPUT_DIR } from "../../server/tools/tool-input";
import { TaskInputError, type TaskContext } from "../types";
import { ARCHIVE_LIST_FAILED } from "../../shared/wire/archive-list-refusal";

/** An archive whose listing is empty or needs a password it did not get: the same sentence as the preview's refusal. */
export const WRONG_PASSWORD_MESSAGE = ARCHIVE_LIST_FAILED;
/** An output folder given with `..`. */
export const OUTPUT_OUTSIDE_MESSAGE = "the output directory can not contain '..'";
/** An output directory that names a file. */
export const OUTPUT_NOT_FOLDER_MESSAGE = "the output directory is a file";
/** docs/product.md "Task refusals": what unarchive says about a file that is not an archive. */
export const NOT_ARCHIVE_MESSAGE = "hey man, are you sure this is an archive file?";

/** Writes a list file naming the entries stored as `rawNames` exactly (sevenzip-names.ts) in the task's temp folder. */
function writeListFile(ctx: TaskContext, name: string, rawNames: readonly Uint8Array[]): string {
  const file = join(ctx.tempDir, name);
  mkdirSync(ctx.tempDir, { recursive: true });
  writeFileSync(file, sevenZipListFile(rawNames));
  return file;
}

/** 7-Zip's verdict on a file it cannot open as an archive of any type it knows (26.02: "ERRORS:" then this line). */
const NOT_ARCHIVE_VERDICT = /^Is not archive$|Cannot open the file as archive/m;

/**
 * The reason of a 7-Zip failure for a task message: the line after "ERRORS:" ("Unexpected end of archive"), else the
 * first "ERROR: <what> : <entry>" line without its prefix, else the exit code. 7-Zip's lines about the archive
 * itself ("ERROR: <path> : <name>", "Open ERROR: ...") name its path on disk and say nothing the user can act on.
 */
function toolMessage(err: ToolFailed): string {
  const lines = err.stderr
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const summary = lines.indexOf("ERRORS:");
  const entryError = lines.find((l) => /^ERROR: [^/].* : /.test(l));
  const reason = summary >= 0 ? lines[summary + 1] : entryError?.replace(/^ERROR:\s*/, "");
  return `7-Zip: ${(reason ?? `failed with exit code ${err.exitCode ?? "(killed)"}`).slice(0, 200)}`;
}

/**
 * Lists the archive; an archive that cannot be listed for want of the password, or lists nothing, fails with the
 * message of docs/product.md "Search and archive messages"; a file 7-Zip cannot open fails with the not-an-archive
 * message.
 * @throws Error with the message to show; ToolAborted on cancel.
 */
export async function listArchive(
  engine: string,
  archive: SevenZipArchive,
  password: string,
  signal: AbortSignal,
): Promise<ArchiveListing> {
  let listing: ArchiveListing;
  try {
    listing = await runSevenZipList(engine, archive, password, signal);
  } catch (err) {
    if (isWrongPasswordError(err)) throw new Error(WRONG_PASSWORD_MESSAGE);
    if (err instanceof ToolFailed && NOT_ARCHIVE_VERDICT.test(err.stderr)) throw new Error(NOT_ARCHIVE_MESSAGE);
    throw err instanceof ToolFailed ? new Error(toolMessage(err)) : err;
  }
  if (listing.entries.length === 0) throw new Error(WRONG_PASSWORD_MESSAGE);
  return listing;
}

/**
 * detectPwd: before extracting anything, an archive with encrypted entries needs a password that opens them; it is
 * tried on the smallest encrypted file only, so a big archive is not decrypted twice.
 * @throws Error(WRONG_PASSWORD_MESSAGE) when the password is missing or wrong; ToolAborted on cancel.
 */
export async function probePassword(
  engine: string,
  archive: SevenZipArchive,
  listing: ArchiveListing,
  password: string,
  ctx: TaskContext,
): Promise<void> {
  const encrypted = listing.entries.filter((e) => e.encrypted && !e.isDir);
  if (encrypted.length === 0) return;
  if (password === "") throw new Error(WRONG_PASSWORD_MESSAGE);
  const smallest = encrypted.reduce((a, b) => (b.size < a.size ? b : a));
  try {
    // Named by its stored bytes: a name that is not UTF-8 is tested too, never silently matched by nothing.
    await runSevenZipTest(engine, archive, password, writeListFile(ctx, "probe.lst", [smallest.rawPath]), ctx.signal);
  } catch (err) {
    if (err instanceof ToolFailed) throw new Error(WRONG_PASSWORD_MESSAGE);
    throw err;
  }
}

const lossyUtf8 = new TextDecoder();

/**
 * Entries that would land outside the output folder: `..` or absolute names, symlinks whose stored target leaves,
 * hard links to a `..` or absolute path. They are left out of the extraction by their exact stored names (also
 * those that are not UTF-8), so 7-Zip never writes them under a trimmed name.
 */
export function hostileEntries(listing: ArchiveListing): ArchiveEntry[] {
  return listing.entries.filter((e) => {
    // Judged on the stored bytes as 7-Zip sees them ("/", "\" and "." are ASCII in every encoding it prints) and on
    // the decoded name alike, so a guessed decoding can never hide a `..`.
    const stored = lossyUtf8.decode(e.rawPath);
    return (
      entryEscapes(stored) ||
      entryEscapes(e.path) ||
      (e.linkTarget !== null && linkEscapes(stored, e.linkTarget)) ||
      (e.hardLinkTarget !== null && entryEscapes(e.hardLinkTarget))
    );
  });
}

/**
 * Extracts into the folder `dir.name` of the pinned folder `dir.parent` (7-Zip gets that folder as its descriptor 4,
 * tool-input.ts TOOL_OUTPUT_DIR, so it writes into that very folder whatever its path became) leaving out the entries stored as `exclude` (a list file in the task's temp folder),
 * reporting 7-Zip's percentage scaled into `span` of the task's progress. 7-Zip's
 * own refusals of symlinks that point out (zip stores link targets as data, so the listing cannot see them) are not
 * a failure: their paths are returned.
 * @throws Error(WRONG_PASSWORD_MESSAGE) for a missing or wrong password; Error for other 7-Zip errors; ToolAborted.
 */
export async function extractArchive(
  engine: string,
  archive: SevenZipArchive,
  dir: ExtractInto,
  password: string,
  exclude: readonly Uint8Array[],
  ctx: TaskContext,
  span: ProgressSpan = [0, 100],
): Promise<string[]> {
  const excludeListFile = exclude.length ? writeListFile(ctx, "refused.lst", exclude) : undefined;
  const dangerous: string[] = [];
  const otherErrors: string[] = [];
  const onStderrLine = (line: string) => {
    const link = parseDangerousLink(line);
    if (link) dangerous.push(link.path);
    else if (/^ERROR:/.test(line.trim())) otherErrors.push(line);
  };
  try {
    await runSevenZipExtract(
      engine,
      archive,
      { outDir: `${TOOL_OUTPUT_DIR}/${dir.name}`, outputDirFd: dir.parent.fd, password, excludeListFile },
      ctx.signal,
      {
        onProgress: (pct) => ctx.report(`${percentWithin(pct, span)}%`),
        onStderrLine,
      },
    );
  } catch (err) {
    if (isWrongPasswordError(err)) throw new Error(WRONG_PASSWORD_MESSAGE);
    if (!(err instanceof ToolFailed) || otherErrors.length || !dangerous.length)
      throw err instanceof ToolFailed ? new Error(toolMessage(err)) : err;
  }
  return dangerous;
}

/**
 * The output folder of the task as a virtual path: archiveOutput "." is the archive's folder, `{{FileBasename}}` is
 * replaced by the archive's name without its extensions, a relative folder is taken from the archive's folder and
 * an absolute one from the scope root.
 * @throws TaskInputError for a `..` segment (the output never climbs, even inside the scope) or a temp name.
 */
export function outputVirtualPath(targetPath: string, targetName: string, archiveOutput: string): string {
  const out = (archiveOutput.trim() || ".").replaceAll("{{FileBasename}}", archiveBaseName(targetName));
  const full = out.startsWith("/") ? out : `${posix.dirname(targetPath)}/${out}`;
  const segments = full.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.includes("..")) throw new TaskInputError(OUTPUT_OUTSIDE_MESSAGE);
  if (segments.some(isTempName)) throw new TaskInputError(TEMP_NAME_REFUSED);
  return "/" + segments.join("/");
}

/** The part of a task's progress (percent from, to) one extraction covers. */
export type ProgressSpan = readonly [number, number];

/** 7-Zip's percentage `pct` of one extraction as the task's percentage, when that extraction covers `span` of the task. */
export function percentWithin(pct: number, [from, to]: ProgressSpan): number {
  return Math.round(from + (pct * (to - from)) / 100);
}

/** The stream formats 7-Zip unpacks into one file (its listing's Type), whose file may itself be an archive. */
const STREAM_TYPES = new Set(["gzip", "bzip2", "xz", "zstd", "lzma", "lz4", "lzip", "Z"]);

/** Names of compressed tars whose one entry 7-Zip may list without a name (bzip2): `x.tar.bz2`, `x.tbz2`, `x.tgz`... */
const COMPRESSED_TAR_NAME = /\.tar\.[^.]+$|\.t(gz|bz2?|xz|zst|lz)$/i;

/**
 * True when `listing` of the archive `archiveName` is a compressed tar: a stream format holding one file whose name
 * ends in `.tar` (7-Zip names the entry of `x.tgz` or `x.tar.gz` `x.tar`), or, unnamed, in an archive named as a
 * compressed tar. A plain `notes.txt.gz` is not: its one layer is the whole work.
 */
export function isCompressedTar(listing: ArchiveListing, archiveName: string): boolean {
  const entry = listing.entries.length === 1 ? listing.entries[0]!.path : null;
  if (!STREAM_TYPES.has(listing.type) || entry === null) return false;
  return entry === "" ? COMPRESSED_TAR_NAME.test(archiveName) : /\.tar$/i.test(entry);
}

/** Where 7-Zip extracts to: the folder `name` inside the folder held open as `parent`. */
export interface ExtractInto {
  parent: PinnedDir;
  name: string;
}

/**
 * Resolves the output folder inside the scope and creates it when missing (reported to ctx.trackOutput, so a
 * failed run removes it), pinned beneath the scope (fs/beneath.ts mkdirsBeneath): `dir` is held open until the
 * caller closes it, and everything the task writes into the folder goes through `dir.path`.
 * @throws TaskInputError when the folder leaves the scope, the owner's rules deny it, or it is a file; FsError
 *   OUTSIDE_SCOPE when a folder on its path was swapped for a link out of the scope since the check.
 */
export function prepareOutputDir(
  ctx: TaskContext,
  p: UnarchiveParams,
  targetName: string,
): { virtual: string; abs: string; dir: PinnedDir } {
  const virtual = outputVirtualPath(ctx.target.path, targetName, p.archiveOutput);
  const abs = ctx.scope.resolve(virtual);
  if (existsSync(abs) && !statSync(abs).isDirectory()) throw new TaskInputError(OUTPUT_NOT_FOLDER_MESSAGE);
  if (!existsSync(abs)) {
    let top = abs;
    while (!existsSync(dirname(top))) top = dirname(top);
    ctx.trackOutput(top);
  }
  const dir = mkdirsBeneath(ctx.scope.root, virtual);
  return { virtual: ctx.scope.virtualOf(abs) ?? virtual, abs, dir };
}
