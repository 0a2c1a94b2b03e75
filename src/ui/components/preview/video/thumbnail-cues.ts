/**
 * @module The seek-bar thumbnails track (MEDIA_QUERY `?thumbnails=vtt`): a WebVTT file whose cues name an image, or
 * a region of a sprite sheet with the media fragment `#xywh=x,y,w,h`. Parsing and lookup; pure.
 */

/** One thumbnail: shown for times in [start, end) seconds; `url` is absolute; the region is in sheet pixels. */
export interface ThumbnailCue {
  readonly start: number;
  readonly end: number;
  readonly url: string;
  /** The region of the sheet, or null for a whole image. */
  readonly region: { x: number; y: number; w: number; h: number } | null;
}

/** "01:02:03.500" or "02:03.500" -> seconds; NaN when malformed. */
function vttTime(text: string): number {
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{2})(?:[.,](\d{1,3}))?$/.exec(text.trim());
  if (!m) return Number.NaN;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number((m[4] ?? "0").padEnd(3, "0")) / 1000;
}

/**
 * Reads the cues of a thumbnails WebVTT `text` fetched from `baseUrl` (relative image URLs resolve against it).
 * Malformed cues are skipped; the result is sorted by start time.
 */
export function parseThumbnailCues(text: string, baseUrl: string): ThumbnailCue[] {
  const cues: ThumbnailCue[] = [];
  for (const block of text.replace(/\r\n?/g, "\n").split(/\n{2,}/)) {
    const lines = block.split("\n").filter((l) => l.trim() !== "");
    const at = lines.findIndex((l) => l.includes("-->"));
    const target = lines[at + 1];
    if (at < 0 || !target) continue;
    const [from, to] = lines[at].split("-->");
    const start = vttTime(from);
    const end = vttTime(to.trim().split(/\s+/)[0]);
    if (Number.isNaN(start) || Number.isNaN(end)) continue;
    const [href, fragment = ""] = target.trim().split("#");
    const xywh = /^xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(fragment);
    const region = xywh ? { x: Number(xywh[1]), y: Number(xywh[2]), w: Number(xywh[3]), h: Number(xywh[4]) } : null;
    cues.push({ start, end, url: new URL(href, baseUrl).href, region });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The cue showing at `seconds`, or null (binary search over the sorted cues). */
export function thumbnailAt(cues: readonly ThumbnailCue[], seconds: number): ThumbnailCue | null {
  let lo = 0;
  let hi = cues.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cues[mid].end <= seconds) lo = mid + 1;
    else if (cues[mid].start > seconds) hi = mid - 1;
    else return cues[mid];
  }
  return null;
}
