/**
 * @module The audio preview's playlist (docs/product.md "Preview", "Sizes and paging"): one button per track of the
 * folder.
 */
import { useEffect, useRef, type CSSProperties } from "react";
import { Play, Volume2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../api/errors";
import { selectTrack, useAudioPlayer } from "../../../stores/audio-player";

/**
 * Height of one row of the audio player's playlist, px (docs/product.md "Sizes and paging": audio list item height 32
 * px).
 */
const AUDIO_LIST_ITEM_HEIGHT_PX = 32;

/** The folder's audio files in listing order; the current one is marked, a click plays another. */
export function AudioPlaylist() {
  const { t } = useTranslation();
  const player = useAudioPlayer();
  const list = useRef<HTMLOListElement>(null);
  // The current track stays in sight as the folder plays on (the list scrolls inside the preview).
  useEffect(() => {
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: "nearest" });
  }, [player.index, player.tracks]);
  if (player.list === "failed") {
    const { err } = player.listError as { err: unknown };
    return (
      <p className="audio-playlist-error" role="alert">
        {t("preview.audio.playlistFailed", { reason: errorMessage(err) })}
      </p>
    );
  }
  const style = { "--audio-item-height": `${AUDIO_LIST_ITEM_HEIGHT_PX}px` } as CSSProperties;
  return (
    <ol
      ref={list}
      className="audio-playlist"
      aria-label={t("preview.audio.playlist")}
      aria-busy={player.list === "loading"}
      style={style}
    >
      {player.tracks.map((track, i) => {
        const current = i === player.index;
        return (
          <li key={track.path}>
            <button
              type="button"
              className="audio-track"
              aria-current={current ? "true" : undefined}
              onClick={() => selectTrack(i, true)}
            >
              <span className="audio-track-mark" aria-hidden>
                {current ? <TrackMark playing={player.playing} /> : i + 1}
              </span>
              <span className="audio-track-name">{track.name}</span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/** The current track's mark: a speaker while it plays, a play sign while paused. */
function TrackMark({ playing }: { playing: boolean }) {
  return playing ? <Volume2 size={16} /> : <Play size={16} />;
}
