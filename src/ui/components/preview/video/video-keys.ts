/** @module The preview's handlers of the video keys (docs/product.md "Video player"), acting on the open player. */
import type { ShortcutAction } from "../../../keyboard/shortcuts";
import { seekBy, seekStep, toggleFullscreen, toggleMute, togglePlay, volumeBy } from "./video-control";

/**
 * Space play/pause, left/right seek by seekDelta (shift: seekDeltaLong), up/down volume by 0.1, m mute, f or Enter
 * full screen of the player. Previous/next (ctrl+left/right) and close stay the preview's.
 */
export function videoKeyHandlers(): Partial<Record<ShortcutAction, () => void>> {
  return {
    videoPlayPause: () => togglePlay(),
    videoSeekBack: () => seekBy(-seekStep(false)),
    videoSeekForward: () => seekBy(seekStep(false)),
    videoSeekBackLong: () => seekBy(-seekStep(true)),
    videoSeekForwardLong: () => seekBy(seekStep(true)),
    videoVolumeUp: () => volumeBy(1),
    videoVolumeDown: () => volumeBy(-1),
    videoMute: () => toggleMute(),
    previewFullscreen: () => toggleFullscreen(),
  };
}
