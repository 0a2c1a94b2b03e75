/**
 * @module Pure formatting of the File info metadata (docs/product.md "File info"): bit rates, media durations,
 * frame rates, channels, subtitles, and which files have metadata to probe.
 */
import type { SidecarSubtitle, SubtitleEmbedded } from "../../../../shared/wire/metainfo";

/** File info shows bit rates divided by this and with 2 decimals as kb/s (docs/product.md "File info"). */
const BIT_RATE_DIVISOR = 1024;
/**
 * H.264 encoders of ffmpeg that run on the CPU; any other encoder the server picked is a hardware one (docs/product.md
 * "About").
 */
const SOFTWARE_H264_ENCODERS: readonly string[] = ["libx264", "libx264rgb", "libopenh264"];

/** The metadata a file has, from its type and name; archives are left to the preview's table. */
export type MetainfoKind = "video" | "audio" | "image" | "torrent" | "firmware";

/** Which metadata section `file` gets, or null when it has none to probe. */
export function metainfoKind(file: { name: string; type: string; isDir: boolean }): MetainfoKind | null {
  if (file.isDir) return null;
  if (file.type === "video" || file.type === "audio" || file.type === "image") return file.type;
  const name = file.name.toLowerCase();
  if (name.endsWith(".torrent")) return "torrent";
  if (name.endsWith(".trx")) return "firmware";
  return null;
}

/**
 * Bits per second as "123.45 kb/s": divided by 1024 with 2 decimals (docs/product.md "File info"); "" for 0 or unknown.
 */
export function formatBitRate(bitsPerSecond: number): string {
  if (!Number.isFinite(bitsPerSecond) || bitsPerSecond <= 0) return "";
  return `${(bitsPerSecond / BIT_RATE_DIVISOR).toFixed(2)} kb/s`;
}

/** Seconds as a clock "m:ss" or "h:mm:ss", rounded down to whole seconds; "" for unknown. */
export function formatMediaDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "";
  const s = Math.floor(seconds);
  const pad = (n: number) => String(n).padStart(2, "0");
  const [h, m, rest] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  return h > 0 ? `${h}:${pad(m)}:${pad(rest)}` : `${m}:${pad(rest)}`;
}

/** Frames per second with at most 3 decimals and no trailing zeros ("25 fps", "29.97 fps"); "" for 0 or unknown. */
export function formatFrameRate(fps: number): string {
  if (!Number.isFinite(fps) || fps <= 0) return "";
  return `${Number(fps.toFixed(3))} fps`;
}

/** A sampling rate in Hz as "44100 Hz"; "" for 0 or unknown. */
export function formatSamplingRate(hz: number): string {
  return Number.isFinite(hz) && hz > 0 ? `${hz} Hz` : "";
}

/** The channel count with its layout when ffprobe named one: "2 (stereo)", "6"; "" for 0. */
export function formatChannels(channels: number, layout: string): string {
  if (!channels) return "";
  return layout ? `${channels} (${layout})` : String(channels);
}

/** Width × height in pixels ("1920 × 1080"); "" when either is unknown. */
export function formatResolution(width: number, height: number): string {
  return width > 0 && height > 0 ? `${width} × ${height}` : "";
}

/** A short name with its long name after it ("h264 (H.264 / AVC)"), or whichever of the two is there. */
export function withLongName(name: string, long: string): string {
  if (name && long && long !== name) return `${name} (${long})`;
  return name || long;
}

/**
 * One line per subtitle: the sidecar file names first, then each embedded stream as its title (or codec) and its
 * language after " - " ("mov_text - eng"); a stream without language shows no dash.
 */
export function subtitleLines(sidecar: readonly SidecarSubtitle[], embedded: readonly SubtitleEmbedded[]): string[] {
  const inside = embedded.map((s) => {
    const name = s.Name || s.CodecName;
    return s.Lang ? `${name} - ${s.Lang}` : name;
  });
  return [...sidecar.map((s) => s.Name), ...inside];
}

/** A Unix time in seconds as an ISO string for the date formatters; "" for 0 (no creation date in the torrent). */
export function unixToIso(seconds: number): string {
  return seconds > 0 ? new Date(seconds * 1000).toISOString() : "";
}

/** Whether the server's H.264 encoder (config.videoEncoder) is a software or hardware one; "unknown" for "". */
export function encoderKind(encoder: string): "software" | "hardware" | "unknown" {
  if (!encoder) return "unknown";
  return SOFTWARE_H264_ENCODERS.includes(encoder) ? "software" : "hardware";
}
