/**
 * @module Turns one JPEG upright from its EXIF Orientation (SPEC section 5 "Image fix"): losslessly with jpegtran
 * when the size allows, else re-encoded with sharp at high quality; the tag is reset to 1, so a second run finds
 * nothing to do and leaves the file byte-identical. The result replaces the file atomically, keeping its mode.
 */
import { mkdtemp, open, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readOrientation, resetOrientation } from "./exif-orientation";
import { loadSharp } from "./thumbnails";
import { buildJpegtranArgs, hasJpegtran, runJpegtran } from "../tools/jpegtran";
import { TOOL_INPUT_PATH, type ScopedFile } from "../tools/tool-input";
import { writeFileAtomically } from "../fs/upload";
import { AUTO_ORIENT_HEAD_BYTES, AUTO_ORIENT_JPEG_QUALITY } from "../constants";

/** What autoOrientJpeg did: nothing (already upright), a lossless turn, or a re-encode. */
export type AutoOrientResult = "upright" | "lossless" | "reencoded";

/** The EXIF orientation of the JPEG at `abs`, read from its first bytes only. */
async function orientationOf(abs: string): Promise<number> {
  const fh = await open(abs, "r");
  try {
    const head = new Uint8Array(AUTO_ORIENT_HEAD_BYTES);
    const { bytesRead } = await fh.read(head, 0, head.length, 0);
    return readOrientation(head.subarray(0, bytesRead));
  } finally {
    await fh.close();
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
async function reencodedUpright(abs: string): Promise<Uint8Array> {
  const sharp = loadSharp();
  if (!sharp) throw new Error("sharp is not available to turn the image");
  const meta = await sharp(abs).metadata();
  const chromaSubsampling = meta.chromaSubsampling === "4:4:4" ? "4:4:4" : "4:2:0";
  const data = await sharp(abs).rotate().keepMetadata().jpeg({ quality: AUTO_ORIENT_JPEG_QUALITY, chromaSubsampling }).toBuffer();
  return resetOrientation(data, 1);
}

/**
 * Turns the JPEG at `abs` (a real path, no symlink) upright when its EXIF Orientation is 2-8; an upright file or
 * one without the tag is left untouched.
 * @throws ToolAborted when `signal` aborts during jpegtran; Error when neither way can turn it.
 */
export async function autoOrientJpeg(file: ScopedFile, signal: AbortSignal): Promise<AutoOrientResult> {
  const { abs } = file;
  const orientation = await orientationOf(abs);
  if (orientation === 1) return "upright";
  const mode = (await stat(abs)).mode & 0o7777;
  const lossless = await losslessUpright(file, orientation, signal);
  const data = lossless ?? (await reencodedUpright(abs));
  signal.throwIfAborted();
  await writeFileAtomically(abs, new Blob([data as Uint8Array<ArrayBuffer>]).stream(), true, mode);
  return lossless ? "lossless" : "reencoded";
}
