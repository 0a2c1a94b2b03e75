/**
 * @module PATCH ?action=imageProcess (docs/product.md "Resource calls"): the JPEGs of a file or folder turned upright
 * from their EXIF orientation (media/auto-orient.ts), one file at a time. A folder means the files directly in it, or
 * everything below with `recursive`; only names ending in .jpg or .jpeg are touched (docs/product.md "Selection
 * counts": image processing takes jpg files only).
 */
import { opendir, realpath, stat } from "node:fs/promises";
import { join } from "node:path";
import { autoOrientJpeg } from "../media/auto-orient";
import type { ScopedFile } from "../tools/tool-input";
import { UPLOAD_TEMP_PREFIX } from "../constants";
import { BadRequest } from "../errors";
import { fsWritten } from "./changes";

/** What processImages needs. */
export interface ImageProcessRequest {
  /** The file or folder (absolute, resolved and checked in the scope) and its virtual path. */
  abs: string;
  path: string;
  /** The scope folder on disk the path was resolved in (jpegtran opens each file beneath it). */
  scope: string;
  recursive: boolean;
  /** Names starting with "." are processed only when the user shows hidden files (the tree as the user sees it). */
  showHidden: boolean;
  /** The user's rules over virtual paths: a denied entry is neither processed nor entered. */
  isVisible: (virtualPath: string) => boolean;
  signal: AbortSignal;
}

/** Counts of a run: JPEGs turned, JPEGs already upright, and the virtual paths of JPEGs that could not be read. */
export interface ImageProcessReport {
  turned: number;
  upright: number;
  failed: string[];
}

/** True for a name the image fix handles: .jpg or .jpeg in any case. */
export function isJpegName(name: string): boolean {
  return /\.jpe?g$/i.test(name);
}

/** The JPEG files (absolute and virtual paths) below `folder`, symlinks never followed. */
async function* jpegsIn(
  folder: { abs: string; base: string },
  req: ImageProcessRequest,
): AsyncGenerator<{ abs: string; path: string }> {
  const dir = await opendir(folder.abs).catch(() => null);
  if (!dir) return;
  const below: { abs: string; base: string }[] = [];
  for await (const ent of dir) {
    if (ent.name.startsWith(UPLOAD_TEMP_PREFIX) || (!req.showHidden && ent.name.startsWith("."))) continue;
    const path = `${folder.base}/${ent.name}`;
    if (!req.isVisible(path)) continue;
    const abs = join(folder.abs, ent.name);
    if (ent.isDirectory()) below.push({ abs, base: path });
    else if (ent.isFile() && isJpegName(ent.name)) yield { abs, path };
  }
  if (!req.recursive) return;
  for (const f of below) yield* jpegsIn(f, req);
}

/**
 * Turns every JPEG the request names upright; other files stay byte-identical. A JPEG that cannot be decoded is
 * left as it is and named in `failed`.
 * @throws FsError ENOENT (404) when the target is missing; BadRequest (400) when a single JPEG asked for cannot be
 * read; the signal's reason once the client goes away.
 */
export async function processImages(req: ImageProcessRequest): Promise<ImageProcessReport> {
  const report: ImageProcessReport = { turned: 0, upright: 0, failed: [] };
  // The resolver already checked where a link leads; the real file is what gets replaced.
  const real = await realpath(req.abs);
  if (!(await stat(real)).isDirectory()) {
    if (!isJpegName(req.path)) return report;
    await processOne({ abs: real, path: req.path, scope: req.scope }, req.signal, report);
    if (report.failed.length) throw new BadRequest("the image could not be read as a JPEG");
    return report;
  }
  for await (const file of jpegsIn({ abs: real, base: req.path.replace(/\/+$/, "") }, req)) {
    req.signal.throwIfAborted();
    await processOne({ ...file, scope: req.scope }, req.signal, report);
  }
  return report;
}

async function processOne(file: ScopedFile, signal: AbortSignal, report: ImageProcessReport): Promise<void> {
  const { abs, path } = file;
  try {
    const result = await autoOrientJpeg(file, signal);
    if (result === "upright") report.upright++;
    else {
      report.turned++;
      // The turned file has a new size and time: the index learns them now.
      fsWritten(abs);
    }
  } catch (err) {
    if (signal.aborted) throw err;
    report.failed.push(path);
  }
}
