/**
 * @module The fontconfig wrapper (the only module that runs fc-match): finds a font file for text drawn by ffmpeg (the contact sheet header
 * and frame times) through `fc-match`, one that has glyphs for the text's characters (a CJK file name needs a CJK
 * font). A machine without fontconfig or fonts gets null, and callers draw no text.
 */
import { existsSync } from "node:fs";
import { isToolAvailable } from "./available";
import { runTool } from "./run-tool";

/** The preferred font: DejaVu Sans (Debian's default sans, wide Latin, Greek and Cyrillic coverage). */
export const HEADER_FONT_PATTERN = "DejaVu Sans";

/** Printable ASCII, always asked for: whatever font is chosen must also draw the header's labels and digits. */
const ASCII_RANGE: readonly [number, number] = [0x20, 0x7e];
/** DEL and the C1 controls end at U+009F (Unicode); beyond ASCII only characters after it are drawn. */
const LAST_CONTROL = 0x9f;

/**
 * The fontconfig pattern of a font for `text`: HEADER_FONT_PATTERN with a `charset` of printable ASCII plus every
 * other character of the text (control characters left out), as hex code points and ranges
 * (`DejaVu Sans:charset=20-7e 4e2d-4e2e`). fontconfig ranks charset coverage above the family name, so it picks a
 * font that has the characters when one is installed, and DejaVu Sans when DejaVu covers them or nothing covers more.
 */
export function fontPatternFor(text: string): string {
  const points = new Set<number>();
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp > LAST_CONTROL) points.add(cp);
  }
  const ranges: [number, number][] = [[...ASCII_RANGE]];
  for (const cp of [...points].sort((a, b) => a - b)) {
    const last = ranges[ranges.length - 1];
    if (cp <= last[1]) continue;
    if (cp === last[1] + 1) last[1] = cp;
    else ranges.push([cp, cp]);
  }
  const hex = ranges.map(([a, b]) => (a === b ? a.toString(16) : `${a.toString(16)}-${b.toString(16)}`));
  return `${HEADER_FONT_PATTERN}:charset=${hex.join(" ")}`;
}

/** `fc-match` printing only the best match's file path. */
export function buildFcMatchArgs(pattern: string): string[] {
  return ["--format=%{file}", pattern];
}

const cache = new Map<string, Promise<string | null>>();

/**
 * Absolute path of the installed font that best draws `text` (fontPatternFor), or null when fc-match is missing,
 * fails or names no readable file. Looked up once per pattern and process; a failed lookup is tried again next time.
 */
export function findFontFor(text: string, signal: AbortSignal): Promise<string | null> {
  const pattern = fontPatternFor(text);
  let found = cache.get(pattern);
  if (!found) {
    found = lookUp(pattern, signal);
    cache.set(pattern, found);
    void found.then((f) => f === null && cache.delete(pattern));
  }
  return found;
}

async function lookUp(pattern: string, signal: AbortSignal): Promise<string | null> {
  if (!isToolAvailable("fc-match")) return null;
  let out = "";
  try {
    await runTool({ cmd: "fc-match", args: buildFcMatchArgs(pattern), signal, onStdoutLine: (l) => (out += l) });
  } catch {
    return null;
  }
  const file = out.trim();
  return file && existsSync(file) ? file : null;
}
