/**
 * @module The header of a video contact sheet (mkthumb, SPEC section 2 Make thumbnail): its text lines (file name,
 * size, duration, resolution, codecs, the comment) and the size of the band and font for a sheet of a given width.
 */
import type { ProbeResult } from "../../server/tools/ffprobe";

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
