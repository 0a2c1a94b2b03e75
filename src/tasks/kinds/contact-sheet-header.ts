/**
 * @module The text of a video contact sheet (mkthumb, docs/product.md "Make thumbnail"): the header's lines (file name,
 * size, duration, resolution, codecs, the comment), the size of its band and font for a sheet of a given width, the
 * fonts of the header and of the frames' time labels (sheetText, used by the kind and by bench/contact-sheet.ts).
 */
import { writeFile } from "node:fs/promises";
import { timeLabelFontSize, type FrameTimeLabel, type SheetHeader } from "../../server/tools/ffmpeg-frames";
import type { ProbeResult } from "../../server/tools/ffprobe";
import { findFontFor } from "../../server/tools/fontconfig";

const UNITS = ["B", "KiB", "MiB", "GiB", "TiB"];

/** "1.5 GiB" style size (binary units, one decimal from KiB up). */
export function formatBytes(bytes: number): string {
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${v} B` : `${v.toFixed(1)} ${UNITS[u]}`;
}

/** "01:02:03" from seconds (whole seconds, hours always shown). */
export function formatDuration(seconds: number): string {
  const s = Math.floor(Math.max(0, seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** The header lines: file name; size, duration and resolution; codecs; the comment when there is one (one line). */
export function headerLines(fileName: string, sizeBytes: number, probe: ProbeResult, comment: string): string[] {
  const codecs = [`Video: ${probe.videoCodec || "-"}`, `Audio: ${probe.audioCodec || "-"}`].join("   ");
  const lines = [
    `File: ${fileName}`,
    `Size: ${formatBytes(sizeBytes)}   Duration: ${formatDuration(probe.durationS)}   Resolution: ${probe.width}x${probe.height}`,
    codecs,
  ];
  const oneLine = comment.replace(/\s+/g, " ").trim();
  if (oneLine) lines.push(oneLine);
  return lines;
}

/** Font px for a sheet `sheetWidth` px wide: about 70 characters per line, between 12 and 36 px. */
export function headerFontSize(sheetWidth: number): number {
  return Math.max(12, Math.min(36, Math.round(sheetWidth / 70)));
}

/**
 * Px of the band holding `lineCount` lines at `fontSize`: a line is about 1.2 em of glyphs plus the 1/3 em spacing
 * buildContactSheetArgs asks drawtext for, with half an em of margin above and below. Kept even for yuv420 output.
 */
export function headerHeight(lineCount: number, fontSize: number): number {
  const h = Math.ceil(lineCount * fontSize * (1.2 + 1 / 3) + fontSize);
  return h + (h % 2);
}

/** What a sheet draws besides its frames: the header band and the frames' time labels, each null without a font. */
export interface SheetText {
  header: SheetHeader | null;
  timeLabel: FrameTimeLabel | null;
}

/** What sheetText needs. */
export interface SheetTextOptions {
  fileName: string;
  sizeBytes: number;
  probe: ProbeResult;
  comment: string;
  /** Px of each frame and of the whole sheet. */
  frameWidth: number;
  sheetWidth: number;
  /** Where the header's text is written (drawtext reads it from there, so the text needs no escaping). */
  textFile: string;
  signal: AbortSignal;
}

/**
 * The header (its text written to `o.textFile`) in a font that has glyphs for its characters (a CJK name or comment
 * gets a CJK font when one is installed), and the time labels in the font of their digits. Without fontconfig or
 * fonts both are null: the sheet still gets its frames.
 */
export async function sheetText(o: SheetTextOptions): Promise<SheetText> {
  const lines = headerLines(o.fileName, o.sizeBytes, o.probe, o.comment);
  const text = lines.join("\n");
  const [headerFont, digitsFont] = await Promise.all([findFontFor(text, o.signal), findFontFor("00:00:00", o.signal)]);
  const timeLabel = digitsFont ? { fontFile: digitsFont, fontSize: timeLabelFontSize(o.frameWidth) } : null;
  if (!headerFont) return { header: null, timeLabel };
  await writeFile(o.textFile, text);
  const fontSize = headerFontSize(o.sheetWidth);
  return {
    header: { fontFile: headerFont, textFile: o.textFile, fontSize, height: headerHeight(lines.length, fontSize) },
    timeLabel,
  };
}
