/**
 * @module The fontconfig wrapper (STYLE rule 5): finds a font file for text drawn by ffmpeg (the contact sheet
 * header) through `fc-match`. A machine without fontconfig or fonts gets null, and callers draw no text.
 */
import { existsSync } from "node:fs";
import { isToolAvailable } from "./available";
import { runTool } from "./run-tool";

/** The font asked for: DejaVu Sans (Debian's default sans, wide Latin, Greek and Cyrillic coverage). */
export const HEADER_FONT_PATTERN = "DejaVu Sans";

/** `fc-match` printing only the best match's file path. */
export function buildFcMatchArgs(pattern: string): string[] {
  return ["--format=%{file}", pattern];
}

let cached: Promise<string | null> | null = null;

/**
 * Absolute path of the best installed match for HEADER_FONT_PATTERN, or null when fc-match is missing, fails or
 * names no readable file. Looked up once per process.
 */
export function findHeaderFont(signal: AbortSignal): Promise<string | null> {
  cached ??= lookUp(signal);
  return cached;
}

async function lookUp(signal: AbortSignal): Promise<string | null> {
  if (!isToolAvailable("fc-match")) return null;
  let out = "";
  try {
    await runTool({ cmd: "fc-match", args: buildFcMatchArgs(HEADER_FONT_PATTERN), signal, onStdoutLine: (l) => (out += l) });
  } catch {
    cached = null; // an aborted or failed lookup is retried by the next task
    return null;
  }
  const file = out.trim();
  return file && existsSync(file) ? file : null;
}
