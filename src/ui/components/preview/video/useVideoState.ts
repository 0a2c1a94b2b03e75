/** @module The player's <video> state for its controls: position, duration, paused, volume and muted, kept current. */
import { useEffect, useState, type RefObject } from "react";

/** What the controls show. Times in seconds; volume 0..1. */
export interface VideoState {
  time: number;
  duration: number;
  paused: boolean;
  volume: number;
  muted: boolean;
}

const EVENTS = [
  "timeupdate",
  "durationchange",
  "loadedmetadata",
  "play",
  "pause",
  "ended",
  "volumechange",
  "emptied",
  "seeking",
];

const read = (v: HTMLVideoElement | null): VideoState => ({
  time: v?.currentTime ?? 0,
  duration: v && Number.isFinite(v.duration) ? v.duration : 0,
  paused: v?.paused ?? true,
  volume: v?.volume ?? 1,
  muted: v?.muted ?? false,
});

/** Follows the media events of `videoRef`'s element. */
export function useVideoState(videoRef: RefObject<HTMLVideoElement | null>): VideoState {
  const [state, setState] = useState<VideoState>(() => read(videoRef.current));
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => setState(read(video));
    update();
    for (const e of EVENTS) video.addEventListener(e, update);
    return () => {
      for (const e of EVENTS) video.removeEventListener(e, update);
    };
  }, []);
  return state;
}
