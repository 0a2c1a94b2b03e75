/**
 * @module The subtitle tracks a video offers (docs/product.md "Video player"; `subtitles` of "Resource"): its sidecar
 * files and its embedded text streams, each named by language and with a WebVTT URL for a <track>, and the one shown by
 * default. Pure.
 */
import type { VideoUrls } from "./video-urls";
import { isUiLanguage, languageName } from "./track-language";
import { PICTURE_SUBTITLE_CODECS } from "../../../../shared/wire/subtitle-codecs";
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

/** How tracks are named: the interface language, and the name of embedded stream `n` (1-based) without any. */
export interface TrackNaming {
  readonly uiLanguage: string;
  readonly embeddedLabel: (n: number) => string;
}

/**
 * The tracks of a video: sidecars first, then the embedded text streams (`index` counts every subtitle stream,
 * picture ones included, as the server does); `urls` gives each track's WebVTT URL. Each is named by its language in
 * the interface language ("English", docs/video.md "Subtitles"), an embedded one with its title when it has one
 * ("English (Commentary)"); a track without a known language by its title, file name or number. Tracks that would
 * share a name add their number or file name ("English · Track 3").
 */
export function subtitleTracks(
  sidecars: readonly SidecarSubtitle[],
  embedded: readonly SubtitleEmbedded[],
  urls: Pick<VideoUrls, "sidecarSubtitle" | "embeddedSubtitle">,
  naming: TrackNaming,
): SubtitleTrack[] {
  const files = sidecars.map((s) => {
    const label = languageName(s.Lang ?? "", naming.uiLanguage) || s.Name;
    // Two sidecars of one name lie in different folders (beside the video, in subs/): the path tells them apart.
    const detail = label === s.Name ? s.Path : s.Name;
    return { id: `file:${s.Path}`, label, detail, lang: s.Lang ?? "", src: urls.sidecarSubtitle(s.Path) };
  });
  const streams = embedded.flatMap((s, index) => {
    if (PICTURE_SUBTITLE_CODECS.includes(s.CodecName)) return [];
    const number = naming.embeddedLabel(index + 1);
    const label = embeddedName(languageName(s.Lang, naming.uiLanguage), s.Name.trim()) || number;
    return [
      { id: `embedded:${index}`, label, detail: number, lang: s.Lang, src: urls.embeddedSubtitle(index, s.Lang) },
    ];
  });
  const all = [...files, ...streams];
  const shared = (label: string) => all.filter((t) => t.label === label).length > 1;
  return all.map(({ detail, ...t }) => (shared(t.label) ? { ...t, label: `${t.label} · ${detail}` } : t));
}

/** The id of the first of `tracks` in the interface language `uiLanguage`, shown by default; null when none is. */
export function defaultSubtitle(tracks: readonly SubtitleTrack[], uiLanguage: string): string | null {
  return tracks.find((t) => isUiLanguage(t.lang, uiLanguage))?.id ?? null;
}

/** "English", "English (Commentary)", "Commentary", or "" from a stream's `language` name and `title` tag. */
function embeddedName(language: string, title: string): string {
  if (!language || !title) return language || title;
  // A title that already names the language ("English SDH") says it all.
  return title.toLocaleLowerCase().includes(language.toLocaleLowerCase()) ? title : `${language} (${title})`;
}
