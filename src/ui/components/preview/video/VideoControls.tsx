/**
 * @module The bar under the video: play/pause, the seek bar with its thumbnails, the time, mute and volume, the
 * quality and subtitle menus, full screen. Every control is a named button, slider or menu.
 */
import { Captions, Gauge, Maximize, Pause, Play, Volume2, VolumeX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatMediaDuration } from "../../prompts/info/media-format";
import { PlayerMenu, type MenuChoice } from "./PlayerMenu";
import { SeekBar } from "./SeekBar";
import type { ThumbnailCue } from "./thumbnail-cues";
import type { VideoState } from "./useVideoState";
import { toggleFullscreen, toggleMute, togglePlay } from "./video-control";

/** A menu's choices and selection; null hides the menu. */
export interface MenuModel {
  readonly choices: readonly MenuChoice[];
  readonly selected: string;
  readonly onSelect: (id: string) => void;
  /** A short text beside the icon (the current quality). */
  readonly badge?: string;
}

/**
 * The controls of `video` (state `state`), with the quality and subtitle menus when given; `knownDuration` (seconds,
 * 0 when unknown) is the length the clock shows while the video has not loaded (an HLS quality waiting for Play).
 */
export function VideoControls({
  video,
  frame,
  state,
  cues,
  quality,
  subtitles,
  knownDuration = 0,
}: {
  video: HTMLVideoElement | null;
  frame: HTMLElement | null;
  state: VideoState;
  cues: readonly ThumbnailCue[];
  quality: MenuModel | null;
  subtitles: MenuModel | null;
  knownDuration?: number;
}) {
  const { t } = useTranslation();
  const button = (label: string, icon: React.ReactNode, onClick: () => void) => (
    <button type="button" className="player-btn" aria-label={label} title={label} onClick={onClick}>
      {icon}
    </button>
  );
  const silent = state.muted || state.volume === 0;
  // A mouse leaves no focus behind on a control (an open menu keeps it): Space, the arrows and m go back to the
  // video keys instead of the last clicked button or slider. Keyboard focus stays where the keyboard put it.
  const releaseFocus = (e: React.PointerEvent<HTMLDivElement>) => {
    const bar = e.currentTarget;
    if (e.pointerType !== "mouse") return;
    requestAnimationFrame(() => {
      const el = document.activeElement as HTMLElement | null;
      if (el && bar.contains(el) && !el.closest("[role=menu]") && el.getAttribute("aria-expanded") !== "true")
        el.blur();
    });
  };
  return (
    <div className="player-controls" onPointerUp={releaseFocus}>
      <SeekBar
        time={state.time}
        duration={state.duration}
        cues={cues}
        onSeek={(s) => video && (video.currentTime = s)}
      />
      <div className="player-row">
        {state.paused
          ? button(t("preview.video.play"), <Play aria-hidden />, () => togglePlay(video ?? undefined))
          : button(t("preview.video.pause"), <Pause aria-hidden />, () => togglePlay(video ?? undefined))}
        <span className="player-time">
          {formatMediaDuration(state.time)} / {formatMediaDuration(state.duration || knownDuration)}
        </span>
        <span className="player-spacer" />
        {button(
          t(state.muted ? "preview.video.unmute" : "preview.video.mute"),
          silent ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />,
          () => toggleMute(video ?? undefined),
        )}
        <input
          className="player-volume"
          type="range"
          min={0}
          max={1}
          step={0.1}
          value={state.muted ? 0 : state.volume}
          aria-label={t("preview.video.volume")}
          aria-valuetext={`${Math.round((state.muted ? 0 : state.volume) * 100)} %`}
          onChange={(e) => {
            if (!video) return;
            video.volume = Number(e.currentTarget.value);
            video.muted = false;
          }}
        />
        {subtitles && (
          <PlayerMenu label={t("preview.video.subtitles")} icon={<Captions aria-hidden />} {...subtitles} />
        )}
        {quality && (
          <PlayerMenu
            label={t("preview.video.quality")}
            icon={
              <>
                <Gauge aria-hidden />
                <span className="player-badge">{quality.badge}</span>
              </>
            }
            {...quality}
          />
        )}
        {button(t("preview.video.fullscreen"), <Maximize aria-hidden />, () => toggleFullscreen(frame ?? undefined))}
      </div>
    </div>
  );
}
