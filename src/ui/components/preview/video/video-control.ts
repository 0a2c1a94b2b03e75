/**
 * @module The open video player's element and the actions of the video keys (docs/product.md "Video player"):
 * play/pause, seek by seekDelta (seekDeltaLong with shift), volume by 0.1 within 0..1, mute, fullscreen ('fullscreen
 * not Enabled' when the browser refuses). The player registers its elements; the preview's keys and the player's
 * buttons act here.
 */
import i18next from "i18next";
import { config } from "../../../stores/config";
import { notifyError } from "../../../notify";

/**
 * The volume keys change the video's volume by this much, within 0..1 (docs/product.md "Slideshow and video defaults":
 * video volume step 0.1).
 */
const VIDEO_VOLUME_STEP = 0.1;

/** The elements of the open player. */
export interface VideoElements {
  readonly video: HTMLVideoElement;
  /** What goes full screen: the video with its controls. */
  readonly frame: HTMLElement;
}

let current: VideoElements | null = null;

/** Makes `elements` the open player's; returns the function that withdraws them (on unmount). */
export function registerVideo(elements: VideoElements): () => void {
  current = elements;
  return () => {
    if (current === elements) current = null;
  };
}

/** Plays or pauses `video` (the open player's by default). */
export function togglePlay(video = current?.video): void {
  if (!video) return;
  if (video.paused || video.ended) void video.play().catch(() => {});
  else video.pause();
}

/** Moves the position by `seconds` (negative: back), kept within 0 and the duration. */
export function seekBy(seconds: number, video = current?.video): void {
  if (!video) return;
  const end = Number.isFinite(video.duration) ? video.duration : Number.POSITIVE_INFINITY;
  video.currentTime = Math.min(end, Math.max(0, video.currentTime + seconds));
}

/** The seek step of the arrow keys in seconds: the seekDelta setting, seekDeltaLong with `long` (shift). */
export function seekStep(long: boolean): number {
  return long ? config.video.seekDeltaLong : config.video.seekDelta;
}

/** The volume after `steps` steps of 0.1 from `volume`, within 0..1 and rounded to the step (no 0.30000000004). */
export function steppedVolume(volume: number, steps: number): number {
  const next = Math.round((volume + steps * VIDEO_VOLUME_STEP) * 10) / 10;
  return Math.min(1, Math.max(0, next));
}

/** Turns the volume up (1) or down (-1) by one step; a change unmutes. */
export function volumeBy(steps: number, video = current?.video): void {
  if (!video) return;
  video.volume = steppedVolume(video.volume, steps);
  video.muted = false;
}

/** Mutes or unmutes. */
export function toggleMute(video = current?.video): void {
  if (video) video.muted = !video.muted;
}

/**
 * Enters full screen, or leaves it when on; a refusal shows 'fullscreen not Enabled' (docs/product.md "Playback
 * messages").
 */
export function toggleFullscreen(frame = current?.frame): void {
  if (!frame) return;
  if (document.fullscreenElement) {
    void document.exitFullscreen().catch(() => {});
    return;
  }
  const refused = () => notifyError(i18next.t("preview.video.fullscreenRefused"));
  if (typeof frame.requestFullscreen !== "function" || !document.fullscreenEnabled) refused();
  else frame.requestFullscreen().catch(refused);
}
