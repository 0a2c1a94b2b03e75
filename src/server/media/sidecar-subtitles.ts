/**
 * @module Finds the subtitle files that belong to a video (the resource field `subtitles`, SPEC section 3): files
 * named after the video without its extension (`clip.srt`, `clip.eng.ass`) with a text subtitle extension, beside
 * the video and in its `sub/`, `subs/` or `Subs/` folder, the places players look.
 */
import { readdirSync } from "node:fs";
import { extname, join } from "node:path";

/** Extensions of subtitle files a player loads beside a video (lower case, with the dot). */
export const SIDECAR_SUBTITLE_EXTENSIONS: readonly string[] = [".srt", ".ass", ".ssa", ".vtt"];
/** Folders beside a video searched too, as named on disk (Linux names are case-sensitive). */
export const SIDECAR_SUBTITLE_FOLDERS: readonly string[] = ["sub", "subs", "Subs"];

/** One subtitle file found. */
export interface SidecarFile {
  name: string;
  /** Virtual path in the user's scope. */
  path: string;
}

/** True when `fileName` is a subtitle file of the video whose name without extension is `base`. */
export function isSidecarOf(fileName: string, base: string): boolean {
  const ext = extname(fileName);
  if (!SIDECAR_SUBTITLE_EXTENSIONS.includes(ext.toLowerCase())) return false;
  const stem = fileName.slice(0, -ext.length);
  return stem === base || stem.startsWith(`${base}.`);
}

/** Names of the regular files in `abs` (links are left out: they might lead outside the scope); none when unreadable. */
function fileNames(abs: string): string[] {
  try {
    return readdirSync(abs, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
  } catch {
    return [];
  }
}

/**
 * Subtitle files of the video `videoName` in the folder `dirAbs` (virtual path `dirPath`, ending in "/"), those
 * beside it first, each group in name order; `isVisible` (the user's rules) and the hidden-name rule filter them.
 */
export function findSidecarSubtitles(
  dirAbs: string, dirPath: string, videoName: string, showHidden: boolean, isVisible: (virtualPath: string) => boolean,
): SidecarFile[] {
  const base = videoName.slice(0, videoName.length - extname(videoName).length);
  const found: SidecarFile[] = [];
  for (const sub of ["", ...SIDECAR_SUBTITLE_FOLDERS]) {
    const prefix = sub ? `${dirPath}${sub}/` : dirPath;
    for (const name of fileNames(sub ? join(dirAbs, sub) : dirAbs).sort()) {
      const path = `${prefix}${name}`;
      if (isSidecarOf(name, base) && (showHidden || !name.startsWith(".")) && isVisible(path)) found.push({ name, path });
    }
  }
  return found;
}
