/**
 * @module Audio preview (docs/product.md "Audio player": playlist player): the current track's tags, the player, track
 * buttons and the folder's playlist.
 */
import { useLayoutEffect, useRef } from "react";
import { SkipBack, SkipForward } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { Resource } from "../../api/resources";
import { filesRoute } from "../../format/encode-path";
import {
  attachPlayer,
  detachPlayer,
  openTrack,
  selectTrack,
  setPlayerToken,
  useAudioPlayer,
} from "../../stores/audio-player";
import { TrackTagsView } from "./views/TrackTagsView";
import { AudioPlaylist } from "./views/AudioPlaylist";

/**
 * Plays the audio `file` and the rest of its folder. The <audio> element lives in stores/audio-player.ts: when this
 * preview is replaced by the one of the next track in the same folder, the new one takes the element over and
 * playback goes on.
 */
export function AudioPreview({ file, token }: { file: Resource; token: string }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const host = useRef<HTMLDivElement>(null);
  const player = useAudioPlayer();
  // Layout effects: the element moves into the new preview in the same commit that removed the old one.
  useLayoutEffect(() => {
    if (host.current) attachPlayer(host.current, (path) => navigate(filesRoute(path), { replace: true }));
    return detachPlayer;
  }, []);
  useLayoutEffect(() => setPlayerToken(token), [token]);
  useLayoutEffect(() => openTrack(file), [file.path]);
  const current = player.tracks[player.index] ?? file;
  const step = (by: number) => (
    <button
      type="button"
      className="icon-btn"
      aria-label={t(by < 0 ? "preview.audio.previousTrack" : "preview.audio.nextTrack")}
      title={t(by < 0 ? "preview.audio.previousTrack" : "preview.audio.nextTrack")}
      disabled={player.index + by < 0 || player.index + by >= player.tracks.length}
      onClick={() => selectTrack(player.index + by, true)}
    >
      {by < 0 ? <SkipBack aria-hidden /> : <SkipForward aria-hidden />}
    </button>
  );
  return (
    <div className="audio-preview" role="group" aria-label={t("preview.audio.player")}>
      <TrackTagsView track={current} probe={player.probes[current.path]} />
      <div className="audio-transport">
        {step(-1)}
        <div className="audio-element-host" ref={host} />
        {step(1)}
      </div>
      <AudioPlaylist />
    </div>
  );
}
