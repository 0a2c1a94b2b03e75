/**
 * @module The subtitle tracks a video offers (SPEC §2 Preview, §3 `subtitles`): its sidecar files and its embedded
 * text streams, each as a WebVTT URL for a <track>. Pure.
 */
import type { VideoUrls } from "./video-urls";
import { PICTURE_SUBTITLE_CODECS } from "../../../constants";
import type { SidecarSubtitle, SubtitleEmbedded } from "../../../../shared/wire/metainfo";

/** One track of the subtitles menu. */
export interface SubtitleTrack {
  /** Stable id: "file:{path}" or "embedded:{index}". */
  readonly id: string;
  readonly label: string;
  /** The language tag ("eng", "en"), "" when unknown. */
  readonly lang: string;
  readonly src: string;
}

/**
 * The tracks of a video: sidecars first (labelled by file name), then the embedded text streams (labelled by
 * title, language and codec; `index` counts every subtitle stream, picture ones included, as the server does).
 * `embeddedLabel(n)` names an embedded stream without title or language; `urls` gives each track's WebVTT URL.
 */
export function subtitleTracks(
  sidecars: readonly SidecarSubtitle[],
  embedded: readonly SubtitleEmbedded[],
  urls: Pick<VideoUrls, "sidecarSubtitle" | "embeddedSubtitle">,
  embeddedLabel: (n: number) => string,
): SubtitleTrack[] {
  const files = sidecars.map((s) => ({
    id: `file:${s.Path}`,
    label: s.Name,
    lang: s.Lang ?? "",
    src: urls.sidecarSubtitle(s.Path),
  }));
  const streams = embedded.flatMap((s, index) => {
    if (PICTURE_SUBTITLE_CODECS.includes(s.CodecName)) return [];
    const named = [s.Name, s.Lang].filter(Boolean).join(" · ");
    const label = `${named || embeddedLabel(index + 1)} (${s.CodecName})`;
    return [{ id: `embedded:${index}`, label, lang: s.Lang, src: urls.embeddedSubtitle(index, s.Lang) }];
  });
  return [...files, ...streams];
}
