/**
 * @module The video's seek bar: a slider over the duration; pointing at it shows the thumbnail of that time (from the
 * thumbnails track) and the time above it. Its arrow keys seek by seekDelta (shift: seekDeltaLong).
 */
import { useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatMediaDuration } from "../../prompts/info/media-format";
import { thumbnailAt, type ThumbnailCue } from "./thumbnail-cues";
import { seekStep } from "./video-control";

/** Where the pointer is: px from the bar's left edge, and the time there. */
interface Hover {
  x: number;
  time: number;
}

/** The slider for `time` of `duration` seconds; `onSeek` hears the new time. */
export function SeekBar({
  time,
  duration,
  cues,
  onSeek,
}: {
  time: number;
  duration: number;
  cues: readonly ThumbnailCue[];
  onSeek: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const [hover, setHover] = useState<Hover | null>(null);
  const onPointerMove = (e: PointerEvent<HTMLInputElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const x = Math.min(box.width, Math.max(0, e.clientX - box.left));
    setHover({ x, time: box.width > 0 ? (x / box.width) * duration : 0 });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Ctrl+arrows stay the preview's (previous/next video); plain and shift arrows seek by the settings' steps.
    if ((e.key !== "ArrowLeft" && e.key !== "ArrowRight") || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const step = seekStep(e.shiftKey) * (e.key === "ArrowLeft" ? -1 : 1);
    onSeek(Math.min(duration, Math.max(0, time + step)));
  };
  const cue = hover ? thumbnailAt(cues, hover.time) : null;
  const clock = `${formatMediaDuration(time)} / ${formatMediaDuration(duration)}`;
  return (
    <div className="player-seek">
      <input
        type="range"
        min={0}
        max={duration || 0}
        step="any"
        value={Math.min(time, duration || 0)}
        aria-label={t("preview.video.seek")}
        aria-valuetext={clock}
        disabled={!duration}
        onChange={(e) => onSeek(Number(e.currentTarget.value))}
        onKeyDown={onKeyDown}
        onPointerMove={onPointerMove}
        onPointerLeave={() => setHover(null)}
      />
      {hover && duration > 0 && (
        <div className="player-seek-preview" style={{ left: hover.x }} aria-hidden>
          {cue && (
            <span
              className="player-seek-thumb"
              style={{
                backgroundImage: `url("${cue.url}")`,
                ...(cue.region
                  ? {
                      width: cue.region.w,
                      height: cue.region.h,
                      backgroundPosition: `-${cue.region.x}px -${cue.region.y}px`,
                    }
                  : { backgroundSize: "cover" }),
              }}
            />
          )}
          <span className="player-seek-time">{formatMediaDuration(hover.time)}</span>
        </div>
      )}
    </div>
  );
}
