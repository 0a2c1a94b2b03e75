/**
 * @module The current track's tags in the audio preview (`audioinfo`, docs/product.md "Audio player"), and the codec
 * warning of docs/product.md "Playable codecs".
 */
import { Music } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../../api/resources";
import { audioCodecOf, isAudioCodecPlayable, trackTags } from "./audio-tags";
import type { TrackProbe } from "../../../stores/audio-player";

/** Title, artist, album and year of `track` from its `probe` (the file name until it arrives or when it fails). */
export function TrackTagsView({ track, probe }: { track: Resource; probe: TrackProbe | undefined }) {
  const { t } = useTranslation();
  const probed = probe && typeof probe === "object" ? probe : null;
  const tags = trackTags(probed, track.name);
  const codec = audioCodecOf(probed);
  const rows = [
    { label: t("preview.audio.artist"), value: tags.artist },
    { label: t("preview.audio.album"), value: tags.album },
    { label: t("preview.audio.year"), value: tags.year },
  ].filter((row) => row.value);
  return (
    <div className="audio-now">
      <Music className="audio-cover" size={56} aria-hidden />
      <div className="audio-tags" aria-live="polite">
        <h2 className="audio-title">{tags.title}</h2>
        {rows.length > 0 && (
          <dl className="audio-tag-list">
            {rows.map((row) => (
              <div key={row.label}>
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {!isAudioCodecPlayable(codec, navigator.userAgent) && (
          <p className="audio-warning" role="alert">
            {t("preview.audio.codecUnsupported", { codec })}
          </p>
        )}
      </div>
    </div>
  );
}
