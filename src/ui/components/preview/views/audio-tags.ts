/**
 * @module What the audio player shows of a track (docs/product.md "Preview" `audioinfo`): its tags and whether the
 * browser plays its codec. Pure.
 */
import type { AudioInfo, AudioMetainfo, ProbedResource } from "../../../api/media";

/** Audio codecs every browser plays (docs/product.md "Playable codecs"). */
const AUDIO_CODECS_ALWAYS = ["mp3", "opus", "vorbis", "aac", "flac"] as const;
/** Audio codecs only the Edge browser plays (docs/product.md "Playable codecs"). */
const AUDIO_CODECS_EDGE_ONLY = ["ac3", "eac3", "dts", "dolby_e"] as const;

/** The tags shown for the current track; `title` is never empty. */
export interface TrackTags {
  readonly title: string;
  readonly artist: string;
  readonly album: string;
  readonly year: string;
}

/** The file name without its extension ("01 Intro.mp3" -> "01 Intro"), the title of an untagged track. */
export function titleFromName(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}

/**
 * The tags of a track from its `probe=yes` answer: `audioinfo` first, then the tags in `metainfo`; a missing title
 * falls back to the file name, other missing tags are "". `probe` null (not fetched or failed) gives the name only.
 */
export function trackTags(probe: Pick<ProbedResource, "audioinfo" | "metainfo"> | null, fileName: string): TrackTags {
  const info: Partial<AudioInfo> = probe?.audioinfo ?? {};
  const meta = (probe?.metainfo && !Array.isArray(probe.metainfo) ? probe.metainfo : {}) as Partial<AudioMetainfo>;
  const pick = (a: string | undefined, b: string | undefined) => (a ?? "").trim() || (b ?? "").trim();
  return {
    title: pick(info.title, meta.Title) || titleFromName(fileName),
    artist: pick(info.artist, meta.Artist),
    album: pick(info.album, meta.Album),
    year: pick(info.year, meta.Year),
  };
}

/** The audio codec ffprobe named in `probe`'s metainfo ("mp3", "pcm_s16le"), or "" when unknown. */
export function audioCodecOf(probe: Pick<ProbedResource, "metainfo"> | null): string {
  const meta = probe?.metainfo;
  if (!meta || Array.isArray(meta)) return "";
  return String((meta as Partial<AudioMetainfo>).ACodecName ?? "");
}

/**
 * Whether a browser with `userAgent` plays the audio codec `codec` (docs/product.md "Preview"): mp3, opus, vorbis, aac
 * and flac always; pcm variants except pcm_bluray; ac3, eac3, dts and dolby_e only on Edge ("Edg/" in the user agent);
 * no others. An unknown codec ("") is given the benefit of the doubt.
 */
export function isAudioCodecPlayable(codec: string, userAgent: string): boolean {
  const c = codec.toLowerCase();
  if (c === "") return true;
  if ((AUDIO_CODECS_ALWAYS as readonly string[]).includes(c)) return true;
  if (c.startsWith("pcm_")) return c !== "pcm_bluray";
  if ((AUDIO_CODECS_EDGE_ONLY as readonly string[]).includes(c)) return /\bEdg(e|A|iOS)?\//.test(userAgent);
  return false;
}
