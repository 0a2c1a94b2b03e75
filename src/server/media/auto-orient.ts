/**
 * @module Turns one JPEG upright from its EXIF Orientation (docs/product.md "Selection counts"): losslessly with
 * jpegtran when the size allows, else re-encoded with sharp at high quality; the tag is reset to 1, so a second run
 * finds nothing to do and leaves the file byte-identical. The result replaces the file atomically, keeping its mode.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readOrientation, resetOrientation } from "./exif-orientation";
import { loadSharp } from "./thumbnails";
import { buildJpegtranArgs, hasJpegtran, runJpegtran } from "../tools/jpegtran";
import { TOOL_INPUT_PATH, type ScopedFile } from "../tools/tool-input";
import { writeFileAtomically } from "../fs/upload";
import { readFileBeneath } from "../fs/read-text";
import { realVirtualPath, type ScopedPath } from "../fs/scope";
import { FsError } from "../fs/fs-error";
import { openBeneath } from "../fs/beneath";
import { closeSync, constants, readSync } from "node:fs";

/** Image fix: bytes read from a JPEG's head to find its EXIF orientation (APP1 holds at most 64 KiB and comes first). */
const AUTO_ORIENT_HEAD_BYTES = 128 * 1024;
/** Image fix: JPEG quality of a re-encode when jpegtran cannot turn the picture losslessly (95: no visible loss). */
const AUTO_ORIENT_JPEG_QUALITY = 95;

/** What autoOrientJpeg did: nothing (already upright), a lossless turn, or a re-encode. */
export type AutoOrientResult = "upright" | "lossless" | "reencoded";

/** The EXIF orientation of the user's JPEG `file` (opened beneath its scope), read from its first bytes only. */
function orientationOf(file: ScopedPath): number {
  const fd = openBeneath(file.scope, file.path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const head = new Uint8Array(AUTO_ORIENT_HEAD_BYTES);
    return readOrientation(head.subarray(0, readSync(fd, head, 0, head.length, 0)));
  } finally {
    closeSync(fd);
  }
}

/**
 * The upright JPEG through jpegtran, which reads `file` through a descriptor opened beneath its scope, or null when
 * jpegtran is missing or the turn would not be perfect.
 */
async function losslessUpright(file: ScopedFile, orientation: number, signal: AbortSignal): Promise<Uint8Array | null> {
  if (!hasJpegtran()) return null;
  const dir = await mkdtemp(join(tmpdir(), "fbe-orient-"));
  try {
    const out = join(dir, "upright.jpg");
    if (!(await runJpegtran(buildJpegtranArgs(orientation, TOOL_INPUT_PATH, out), signal, file))) return null;
    return resetOrientation(await readFile(out), orientation);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The upright JPEG re-encoded by sharp (rotate() applies and clears the orientation), every metadata block kept,
 * the chroma subsampling of the original kept when it is 4:4:4.
 * @throws Error when sharp cannot load or cannot decode the file.
 */
async function reencodedUpright(bytes: Uint8Array): Promise<Uint8Array> {
  const sharp = loadSharp();
  if (!sharp) throw new Error("sharp is not available to turn the image");
  const meta = await sharp(bytes).metadata();
  const chromaSubsampling = meta.chromaSubsampling === "4:4:4" ? "4:4:4" : "4:2:0";
  const data = await sharp(bytes)
    .rotate()
    .keepMetadata()
    .jpeg({ quality: AUTO_ORIENT_JPEG_QUALITY, chromaSubsampling })
    .toBuffer();
  return resetOrientation(data, 1);
}

/**
 * Turns the user's JPEG `file` upright when its EXIF Orientation is 2-8; an upright file or one without the tag is
 * left untouched. A link's target is what gets turned. The file is read once beneath its scope and the result
 * replaces it inside its folder held open beneath the scope (docs/security.md "Paths and races").
 * @throws ToolAborted when `signal` aborts during jpegtran; FsError OUTSIDE_SCOPE (403) when the path leads out of
 *   the scope; Error when neither way can turn it.
 */
export async function autoOrientJpeg(file: ScopedFile, signal: AbortSignal): Promise<AutoOrientResult> {
  const realPath = realVirtualPath(file.scope, file.abs);
  if (realPath === null) throw new FsError("OUTSIDE_SCOPE", "path escapes the scope");
  const real: ScopedPath = { scope: file.scope, path: realPath, abs: join(file.scope, realPath), wantsDir: false };
  // Most files are upright: their first bytes alone are read to tell.
  if (orientationOf(real) === 1) return "upright";
  const { bytes, st } = readFileBeneath(real, (s) => {
    if (!s.isFile()) throw new Error("not a file");
  });
  const orientation = readOrientation(bytes.subarray(0, AUTO_ORIENT_HEAD_BYTES));
  if (orientation === 1) return "upright";
  const lossless = await losslessUpright(real, orientation, signal);
  const data = lossless ?? (await reencodedUpright(bytes));
  signal.throwIfAborted();
  await writeFileAtomically(real, new Blob([data as Uint8Array<ArrayBuffer>]).stream(), true, st.mode & 0o7777);
  return lossless ? "lossless" : "reencoded";
}
