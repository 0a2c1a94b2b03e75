/**
 * @module The unarchive task (docs/product.md "Unarchive", "Task targets", "Sockets";
 * docs/interfaces.md "Task outputs"): lists the archive first
 * (password, hostile entries, free space and the unpack ratio limit checked before anything is written), extracts it with 7-Zip into a fresh hidden folder
 * beside the output, removes links that lead out, fixes legacy name encodings, then moves the entries into place
 * with the one-top-level and overwrite rules. A compressed tar is extracted through both its layers in the same run.
 * A failure or cancel leaves the archive and the output folder as they
 * were; the archive and all its volumes are removed only after full success (nothing refused).
 * detectPwd adds a probe before extracting (the password tried on the smallest encrypted file), so a wrong one fails
 * fast; without it a wrong password still fails, once 7-Zip reaches an encrypted file, and nothing is placed.
 * Volume sets are recognised by their names from any member whether or not isMultiVolume is ticked, so a removal
 * never leaves volumes behind.
 */
import { fsRemoved } from "../../server/fs/changes";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { basename, dirname, join, posix } from "node:path";
import { TASK_DEFAULTS, type UnarchiveParams } from "../../shared/wire/task";
import { UPLOAD_TEMP_PREFIX } from "../../server/constants";
import { pinDir, type PinnedDir } from "../../server/fs/beneath";
import { hasTempName } from "../../server/fs/temp-name";
import { entryEscapes } from "../../server/archive/entry-safety";
import { fixEntryNames, removeEntriesWhere, removeEscapingLinks } from "../../server/archive/extracted-tree";
import { placeEntries, wrapFolderOf } from "../../server/archive/place-entries";
import { archiveBaseName, findVolumeSet, isVolumeName, type VolumeSet } from "../../server/archive/volume-set";
import {
  findSevenZip,
  type ArchiveEntry,
  type ArchiveListing,
  type SevenZipArchive,
} from "../../server/tools/sevenzip";
import { ToolAborted } from "../../server/tools/run-tool";
import { PARAM_TEXT_MAX, boolParam, paramsObject, stringParam } from "../params";
import { TaskInputError, type TaskContext, type TaskKind, type TaskTarget } from "../types";
import {
  NOT_ARCHIVE_MESSAGE,
  extractArchive,
  hostileEntries,
  isCompressedTar,
  listArchive,
  outputVirtualPath,
  prepareOutputDir,
  probePassword,
  type ProgressSpan,
} from "./unarchive-steps";
import { assertUnpackFits } from "./unarchive-limits";
import { keepVersionOf } from "../../server/fs/version-keeper";

/** The on/off params of the dialog (docs/product.md "Task params"). */
const BOOL_PARAMS = [
  "archiveRm",
  "isMultiVolume",
  "archiveOneTopLevel",
  "archiveOverwrite",
  "detectPwd",
  "autoFixFilename",
] as const;

/** Progress of a one-layer archive, and of the outer and inner layers of a compressed tar (each about as long). */
const WHOLE_PROGRESS: ProgressSpan = [0, 100];
const OUTER_PROGRESS: ProgressSpan = [0, 50];
const INNER_PROGRESS: ProgressSpan = [50, 100];

/** docs/product.md "Task targets": the file types unarchive refuses (and folders). */
const NOT_ARCHIVE_TYPES = new Set(["video", "audio", "image", "text", "textImmutable"]);

/**
 * Params with TASK_DEFAULTS for the missing ones; the password is kept exactly as typed (spaces count).
 * @throws TaskInputError when Params is not an object or a param has the wrong type.
 */
export function parseUnarchiveParams(raw: unknown): UnarchiveParams {
  const p = paramsObject(raw);
  const d = TASK_DEFAULTS.unarchive;
  const passwd = p.archivePasswd ?? d.archivePasswd;
  if (typeof passwd !== "string" || passwd.length > PARAM_TEXT_MAX)
    throw new TaskInputError("archivePasswd must be a string");
  return {
    archivePasswd: passwd,
    archiveOutput: stringParam(p, "archiveOutput", d.archiveOutput),
    ...Object.fromEntries(BOOL_PARAMS.map((k) => [k, boolParam(p, k, d[k])])),
  } as UnarchiveParams;
}

/** The message of a finished run: where the entries went, and what was refused or kept. */
function doneMessage(outVirtual: string, top: string[], refused: string[], skipped: number, kept: boolean): string {
  // kept: archiveRm was asked but the archive stays (entries refused, or one took the archive's name).
  const where = top.length === 1 ? `${outVirtual.replace(/\/$/, "")}/${top[0]}` : outVirtual;
  const parts = [where];
  if (skipped) parts.push(`${skipped} existing kept`);
  if (refused.length) parts.push(`refused (outside the output folder or not allowed): ${refused.join(", ")}`);
  if (kept) parts.push("archive kept");
  return parts.join("; ");
}

/**
 * The folder several top entries are wrapped in: the archive's name without its extensions, or with `.extracted`
 * added when that is the archive itself (a name without extension, beside the output).
 */
function wrapFolderName(volumes: VolumeSet, folder: string, outDir: string): string {
  const base = archiveBaseName(volumes.open);
  return outDir === folder && volumes.members.includes(base) ? `${base}.extracted` : base;
}

/** Runs the whole unarchive; see the module comment. */
async function runUnarchive(ctx: TaskContext, p: UnarchiveParams): Promise<string> {
  const engine = findSevenZip();
  if (!engine) throw new Error("7-Zip is not installed (7zz, 7z or 7za)");
  const folder = dirname(ctx.target.abs);
  const volumes = findVolumeSet(basename(ctx.target.abs), readdirSync(folder));
  // 7-Zip reads the archive through a descriptor opened beneath the owner's scope (tool-input.ts); a set of volumes
  // through its folder so opened, since 7-Zip opens the other volumes by name.
  const first = { scope: ctx.scope.root, path: posix.join(posix.dirname(ctx.target.path), volumes.open) };
  const archive: SevenZipArchive = volumes.members.length > 1 ? { firstVolume: first } : first;
  const listing = await listArchive(engine, archive, p.archivePasswd, ctx.signal);
  const outAbs = ctx.scope.resolve(outputVirtualPath(ctx.target.path, volumes.open, p.archiveOutput));
  const fits = (l: ArchiveListing) =>
    assertUnpackFits({
      entries: l.entries,
      folder,
      volumes: volumes.members,
      maxRatio: ctx.settings.unarchiveMaxRatio,
      outAbs,
    });
  const layered = isCompressedTar(listing, volumes.open);
  if (p.detectPwd && !layered) await probePassword(engine, archive, listing, p.archivePasswd, ctx);
  fits(listing);
  const out = prepareOutputDir(ctx, p, volumes.open);
  try {
    if (layered) return await unarchiveCompressedTar(ctx, p, engine, archive, volumes, out, fits);
    return await unarchiveInto(ctx, p, engine, archive, volumes, hostileEntries(listing), out, WHOLE_PROGRESS);
  } finally {
    out.dir.close();
  }
}

/** The output folder of a run, held open as `dir` (prepareOutputDir). */
type OutputDir = { virtual: string; abs: string; dir: PinnedDir };

/** A fresh hidden folder name in the output: named like an upload in progress, so listings, copies and downloads skip it. */
const hiddenTempName = (what: string) => `${UPLOAD_TEMP_PREFIX}${what}-${randomBytes(6).toString("hex")}`;

/**
 * The two layers of a compressed tar (`.tar.gz`, `.tgz`, `.tar.bz2`, `.tar.xz`...) in one run: the outer stream is
 * decompressed into a hidden folder of the output (the first half of the progress), the tar in it is checked as any
 * archive is (hostile entries, free space now that the tar takes its room, the ratio to the compressed file) and
 * extracted (the second half), and the intermediate tar is removed whatever happens. "Remove archive" removes the
 * compressed file, once both layers succeeded.
 */
async function unarchiveCompressedTar(
  ctx: TaskContext,
  p: UnarchiveParams,
  engine: string,
  archive: SevenZipArchive,
  volumes: VolumeSet,
  out: OutputDir,
  fits: (l: ArchiveListing) => void,
): Promise<string> {
  const layerName = hiddenTempName("layer");
  const layer = `${out.dir.path}/${layerName}`;
  ctx.trackOutput(join(out.abs, layerName));
  mkdirSync(layer);
  try {
    await extractArchive(
      engine,
      archive,
      { parent: out.dir, name: layerName },
      p.archivePasswd,
      [],
      ctx,
      OUTER_PROGRESS,
    );
    const names = readdirSync(layer);
    if (names.length !== 1) throw new Error(NOT_ARCHIVE_MESSAGE);
    // The tar 7-Zip just wrote, named through the output folder's descriptor: no path of the user is resolved again.
    const tar = `${layer}/${names[0]}`;
    const listing = await listArchive(engine, tar, "", ctx.signal);
    fits(listing);
    return await unarchiveInto(
      ctx,
      { ...p, archivePasswd: "" },
      engine,
      tar,
      volumes,
      hostileEntries(listing),
      out,
      INNER_PROGRESS,
    );
  } finally {
    rmSync(layer, { recursive: true, force: true });
  }
}

/**
 * The extraction and placing of runUnarchive into the output folder `out`, held open as `out.dir`: 7-Zip writes into
 * a fresh hidden folder of it through its descriptor, and every check, rename and removal after goes through
 * `out.dir.path` (docs/security.md "Paths and races"). Tracked outputs keep their absolute paths for the clean-up.
 */
async function unarchiveInto(
  ctx: TaskContext,
  p: UnarchiveParams,
  engine: string,
  archive: SevenZipArchive,
  volumes: VolumeSet,
  hostile: ArchiveEntry[],
  out: OutputDir,
  progress: ProgressSpan,
): Promise<string> {
  const folder = dirname(ctx.target.abs);
  const refused = hostile.map((e) => e.path);
  const exclude = hostile.map((e) => e.rawPath);
  // Hidden (hiddenTempName); same filesystem, so moves are renames.
  const tempName = hiddenTempName("unarchive");
  const temp = `${out.dir.path}/${tempName}`;
  ctx.trackOutput(join(out.abs, tempName));
  mkdirSync(temp);
  try {
    const linksOut = await extractArchive(
      engine,
      archive,
      { parent: out.dir, name: tempName },
      p.archivePasswd,
      exclude,
      ctx,
      progress,
    );
    for (const path of linksOut) if (!entryEscapes(path)) rmSync(join(temp, path), { force: true });
    refused.push(...linksOut);
    if (p.autoFixFilename) fixEntryNames(temp);
    refused.push(...removeEscapingLinks(temp).filter((path) => !refused.includes(path)));
    const wrap = wrapFolderOf(temp, p.archiveOneTopLevel, wrapFolderName(volumes, folder, out.abs));
    const base = wrap === null ? out.virtual : posix.join(out.virtual, wrap);
    // docs/product.md "Roles and permissions": nothing lands where the owner's rules deny, even inside the output
    // folder; nor under a temp
    // name, which listings hide and the temp sweeper deletes (fs/temp-name.ts).
    refused.push(...removeEntriesWhere(temp, (rel) => hasTempName(rel) || !ctx.scope.allows(posix.join(base, rel))));
    if (ctx.signal.aborted) throw new ToolAborted("unarchive");
    ctx.report("100%");
    // An entry named like a volume beside it takes that name: removing "the archive" then would remove the entry.
    const named = out.abs === folder && wrap === null && volumes.members.some((m) => existsSync(join(temp, m)));
    const placed = placeEntries(temp, out.dir.path, {
      wrap,
      overwrite: p.archiveOverwrite,
      onCreate: (rel) => ctx.trackOutput(join(out.abs, rel)),
    });
    // The files an overwrite replaced are kept as versions before the temp folder holding them goes.
    for (const { at, rel } of placed.aside) await keepVersionOf(at, join(out.abs, rel));
    const removeArchive = p.archiveRm && refused.length === 0 && !named;
    if (removeArchive) removeVolumes(ctx, volumes, folder);
    return doneMessage(out.virtual, placed.top, refused, placed.skipped, p.archiveRm && !removeArchive);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** Removes the archive's volumes from their folder, pinned beneath the owner's scope so a swap cannot redirect it. */
function removeVolumes(ctx: TaskContext, volumes: VolumeSet, folder: string): void {
  const dir = pinDir(ctx.scope.root, posix.dirname(ctx.target.path));
  try {
    for (const name of volumes.members) {
      rmSync(`${dir.path}/${name}`, { force: true });
      fsRemoved(join(folder, name));
    }
  } finally {
    dir.close();
  }
}

/** The unarchive kind. */
export const unarchiveKind: TaskKind<UnarchiveParams> = {
  type: "unarchive",
  // The engine is any of 7zz, 7z or 7za, found at run time (tools/sevenzip.ts findSevenZip).
  tools: [],
  parseParams: parseUnarchiveParams,
  checkTarget(target: TaskTarget): void {
    // A middle volume of a stored set sniffs as text or blob; its name says what it is.
    if (target.isDir || (NOT_ARCHIVE_TYPES.has(target.type) && !isVolumeName(basename(target.abs)))) {
      throw new TaskInputError(NOT_ARCHIVE_MESSAGE);
    }
  },
  run: runUnarchive,
};
