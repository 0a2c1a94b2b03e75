/**
 * @module Loads a source into the player's <video>: the original file directly, or an HLS playlist through hls.js
 * (loaded on first use) where the browser has no native HLS. A new source resumes at the position and in the
 * playing state of the one it replaces (switching quality keeps playing).
 */
import { useEffect, useRef, type RefObject } from "react";
import type HlsType from "hls.js";
import { usesNativeHls } from "./playback-plan";

/** What to play: a URL, and whether it is an HLS playlist. */
export interface VideoSource {
  readonly url: string;
  readonly hls: boolean;
}

/** Where playback resumes on the next source. */
interface Resume {
  time: number;
  playing: boolean;
}

/**
 * Plays `source` in `videoRef`'s element (none while null); `autoplay` starts the first source. `onError` hears a
 * fatal playback failure (the browser or hls.js could not play it).
 */
export function useVideoSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  source: VideoSource | null,
  autoplay: boolean,
  onError: () => void,
): void {
  // null until a source was loaded: the first one starts at 0, playing when `autoplay` says so at that moment.
  const resume = useRef<Resume | null>(null);
  const report = useRef(onError);
  report.current = onError;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !source) return;
    const at = resume.current ? { ...resume.current } : { time: 0, playing: autoplay };
    resume.current = at;
    let hls: HlsType | null = null;
    let gone = false;
    // The browser may refuse to start sound without a click (autoplay policy): muted playback is allowed.
    const play = () =>
      at.playing &&
      void video.play().catch((err: DOMException) => {
        if (err.name !== "NotAllowedError") return;
        video.muted = true;
        void video.play().catch(() => {});
      });
    const seekAndPlay = () => {
      if (at.time > 0) video.currentTime = at.time;
      play();
    };
    const failed = () => report.current();
    if (!source.hls || usesNativeHls(navigator.userAgent)) {
      video.addEventListener("loadedmetadata", seekAndPlay, { once: true });
      video.addEventListener("error", failed);
      video.src = source.url;
    } else {
      void import("hls.js").then(({ default: Hls }) => {
        if (gone) return;
        hls = new Hls({ startPosition: at.time > 0 ? at.time : -1 });
        hls.on(Hls.Events.MANIFEST_PARSED, play);
        hls.on(Hls.Events.ERROR, (_event, data) => data.fatal && failed());
        hls.attachMedia(video);
        hls.loadSource(source.url);
      }, failed);
    }
    return () => {
      gone = true;
      // The next source starts where this one was (a quality switch), playing if this one was.
      if (video.readyState > 0) resume.current = { time: video.currentTime, playing: !video.paused };
      video.removeEventListener("loadedmetadata", seekAndPlay);
      video.removeEventListener("error", failed);
      hls?.destroy();
      video.removeAttribute("src");
      video.load();
    };
  }, [source?.url, source?.hls]);
}
