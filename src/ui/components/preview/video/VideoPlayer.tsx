/**
 * @module The video player (docs/product.md "Video player": quality choice, subtitles and thumbnails): the
 * <video> with its subtitle tracks, the controls, the quality switch (keeping position and playing state), the
 * settings' autoplay and volume, and the audio-codec warning. An HLS quality loads when playback is asked for, the
 * poster shown until then.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProbedResource, VideoMetainfo } from "../../../api/media";
import { config } from "../../../stores/config";
import { notifyError } from "../../../notify";
import { VIDEO_QUALITIES } from "../../../../shared/wire/video";
import { qualityLabel, type PlaybackPlan } from "./playback-plan";
import { defaultSubtitle, subtitleTracks } from "./subtitle-tracks";
import { useVideoSource, type VideoSource } from "./useVideoSource";
import { useVideoState } from "./useVideoState";
import { useThumbnailCues } from "./useThumbnailCues";
import { registerVideo, toggleFullscreen, togglePlay } from "./video-control";
import { VideoControls } from "./VideoControls";
import type { VideoUrls } from "./video-urls";

const OFF = "off";

/** Plays `file` (its name) as `plan` says from `urls`; `probe` gives its subtitles. */
export function VideoPlayer({
  file,
  probe,
  plan,
  urls,
}: {
  file: { name: string };
  probe: ProbedResource | null;
  plan: PlaybackPlan;
  urls: VideoUrls;
}) {
  const { t, i18n } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [quality, setQuality] = useState(plan.start);
  const meta = (probe?.metainfo ?? null) as Partial<VideoMetainfo> | null;
  const tracks = useMemo(
    () =>
      subtitleTracks(probe?.subtitles ?? [], meta?.SubtitleEmbedded ?? [], urls, {
        uiLanguage: i18n.language,
        embeddedLabel: (n) => t("preview.video.embeddedTrack", { n }),
      }),
    [probe, urls, i18n.language],
  );
  // The track in the interface's language shows from the start (docs/video.md "Subtitles").
  const [subtitle, setSubtitle] = useState(() => defaultSubtitle(tracks, i18n.language) ?? OFF);
  const [failed, setFailed] = useState(false);
  const [wantThumbnails, setWantThumbnails] = useState(false);
  // Playback asked for (Play, Space, a click on the picture, or autoplay). Until then an HLS quality is not loaded:
  // its segments are encoded on demand, which costs a core for someone who only looks (docs/video.md "Starting").
  const [started, setStarted] = useState(config.video.autoplay);
  const hlsQuality = VIDEO_QUALITIES[quality];
  const source = useMemo<VideoSource>(
    () => (hlsQuality ? { url: urls.playlist(hlsQuality), hls: true } : { url: urls.original, hls: false }),
    [urls, quality],
  );
  const transcoded = plan.offered.filter((i) => VIDEO_QUALITIES[i] !== null);
  // The original file failing to play (a codec the probe did not flag) moves on to a transcoded quality when any.
  const onError = () => (quality === 0 && transcoded.length > 0 ? setQuality(transcoded[0]) : setFailed(true));
  const deferred = source.hls && !started;
  useVideoSource(video, deferred ? null : source, started, onError);
  const state = useVideoState(video);
  const cues = useThumbnailCues(wantThumbnails ? urls.thumbnails : "");
  useEffect(() => {
    video.current!.volume = Math.min(1, Math.max(0, config.video.volume / 100));
    if (plan.unplayableAudio) notifyError(t("preview.audio.codecUnsupported", { codec: plan.unplayableAudio }));
    return registerVideo({ video: video.current!, frame: frame.current! });
  }, []);
  useEffect(() => {
    const list = video.current!.textTracks;
    const apply = () => {
      for (let i = 0; i < list.length; i++) {
        const mode = tracks[i]?.id === subtitle ? "showing" : "disabled";
        if (list[i].mode !== mode) list[i].mode = mode;
      }
    };
    apply();
    // The browser may turn a track on of its own accord later (its automatic pick by the system's language): the
    // chosen track stays the only one showing.
    list.addEventListener("change", apply);
    return () => list.removeEventListener("change", apply);
  }, [subtitle, tracks]);
  const qualityMenu =
    plan.offered.length > 1
      ? {
          choices: plan.offered.map((i) => ({ id: String(i), label: qualityLabel(i, t("preview.video.original")) })),
          selected: String(quality),
          onSelect: (id: string) => {
            setFailed(false);
            setQuality(Number(id));
          },
          badge: hlsQuality ? `${hlsQuality.height}p` : t("preview.video.original"),
        }
      : null;
  const subtitleMenu = tracks.length
    ? {
        choices: [{ id: OFF, label: t("preview.video.subtitlesOff") }, ...tracks],
        selected: subtitle,
        onSelect: setSubtitle,
      }
    : null;
  return (
    <div
      className="video-player"
      ref={frame}
      role="group"
      aria-label={t("preview.video.player")}
      onPointerEnter={() => setWantThumbnails(true)}
    >
      <div className="player-screen">
        <video
          ref={video}
          className="player-video"
          aria-label={file.name}
          style={meta?.VWidth && meta.VHeight ? { aspectRatio: `${meta.VWidth} / ${meta.VHeight}` } : undefined}
          preload="metadata"
          poster={source.hls ? urls.poster : undefined}
          playsInline
          // play() on the element without a source still fires "play": that starts the deferred source.
          onPlay={() => setStarted(true)}
          onClick={() => togglePlay(video.current ?? undefined)}
          onDoubleClick={() => toggleFullscreen(frame.current ?? undefined)}
        >
          {tracks.map((tr) => (
            <track key={tr.id} kind="subtitles" src={tr.src} label={tr.label} srcLang={tr.lang || undefined} />
          ))}
        </video>
        {failed && (
          <p className="player-error" role="alert">
            {t("preview.video.playFailed")}
          </p>
        )}
      </div>
      <VideoControls
        video={video.current}
        frame={frame.current}
        state={state}
        cues={cues}
        quality={qualityMenu}
        subtitles={subtitleMenu}
        knownDuration={meta?.Duration ?? 0}
      />
    </div>
  );
}
