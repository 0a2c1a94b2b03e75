/** @module The playback plan of a probed video in this browser, with this server's Video settings. */
import type { ProbedResource, VideoMetainfo } from "../../../api/media";
import { config } from "../../../stores/config";
import { planPlayback, type PlaybackPlan } from "./playback-plan";

/**
 * planPlayback for `probe` (null when the probe failed: the file is then tried as it is) and the file's `extension`
 * (".mkv"), with this browser's user agent and the global Video settings (disableHls, quality).
 */
export function planHere(probe: ProbedResource | null, extension: string): PlaybackPlan {
  const meta = (probe?.metainfo ?? null) as VideoMetainfo | null;
  return planPlayback({
    probe: meta && !Array.isArray(meta) ? meta : null,
    extension,
    userAgent: navigator.userAgent,
    disableHls: config.video.disableHls,
    quality: config.video.quality,
  });
}
