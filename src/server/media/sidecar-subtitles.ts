/**
 * @module Finds the subtitle files that belong to a video (the resource field `subtitles`, docs/product.md "Resource"):
 * files named after the video without its extension (`clip.srt`, `clip.eng.ass`) with a text subtitle extension, beside
 * the video and in its `sub/`, `subs/` or `Subs/` folder, the places players look, with the language the name carries
 * (`clip.en.srt` is "en", `clip.chs.ass` "chs").
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
  /** Language tag from the name (sidecarLanguage), "" when the name has none. */
  lang: string;
}

/** A language part of a subtitle name: an ISO 639 code or a player's short name (en, eng, chs, zh-CN, pt_BR). */
const LANGUAGE_PART = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,4})?$/i;

/**
 * The language of the subtitle file `fileName` of the video named `base` (without extension): the last dot part
 * between them when it looks like a language tag (`clip.forced.en.srt` is "en"), else "" (`clip.srt`,
 * `clip.forced.srt`).
 */
export function sidecarLanguage(fileName: string, base: string): string {
  const stem = fileName.slice(0, -extname(fileName).length);
  if (!stem.startsWith(`${base}.`)) return "";
  const last =
    stem
      .slice(base.length + 1)
      .split(".")
      .pop() ?? "";
  return LANGUAGE_PART.test(last) ? last : "";
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
    return readdirSync(abs, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

/**
 * Subtitle files of the video `videoName` in the folder `dirAbs` (virtual path `dirPath`, ending in "/"), those
 * beside it first, each group in name order; `isVisible` (the user's rules) and the hidden-name rule filter them.
 */
export function findSidecarSubtitles(
  dirAbs: string,
  dirPath: string,
  videoName: string,
  showHidden: boolean,
  isVisible: (virtualPath: string) => boolean,
): SidecarFile[] {
  const base = videoName.slice(0, videoName.length - extname(videoName).length);
  const found: SidecarFile[] = [];
  for (const sub of ["", ...SIDECAR_SUBTITLE_FOLDERS]) {
    const prefix = sub ? `${dirPath}${sub}/` : dirPath;
    for (const name of fileNames(sub ? join(dirAbs, sub) : dirAbs).sort()) {
      const path = `${prefix}${name}`;
      if (isSidecarOf(name, base) && (showHidden || !name.startsWith(".")) && isVisible(path))
        found.push({ name, path, lang: sidecarLanguage(name, base) });
    }
  }
  return found;
}
