/**
 * @module The video player (SPEC §2 Preview "video: player with quality choice, subtitles and thumbnails"): the
 * <video> with its subtitle tracks, the controls, the quality switch (keeping position and playing state), the
 * settings' autoplay and volume, and the audio-codec warning.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProbedResource, VideoMetainfo } from "../../../api/media";
import { inlineUrl } from "../../../api/urls";
import { playlistUrl, thumbnailsVttUrl } from "../../../api/media-urls";
import { config } from "../../../stores/config";
import { notifyError } from "../../../notify";
import { VIDEO_QUALITIES, type HlsQuality } from "../../../../shared/wire/video";
import { qualityLabel, type PlaybackPlan } from "./playback-plan";
import { subtitleTracks, type SubtitleTrack } from "./subtitle-tracks";
import { useVideoSource, type VideoSource } from "./useVideoSource";
import { useVideoState } from "./useVideoState";
import { useThumbnailCues } from "./useThumbnailCues";
import { registerVideo, toggleFullscreen, togglePlay } from "./video-control";
import { VideoControls } from "./VideoControls";

const OFF = "off";

/** Where the media of a player comes from when not the owner's routes (a share link's public routes). */
export interface VideoUrls {
  /** The file itself, for the original quality. */
  readonly original: string;
  /** The media playlist of one transcoded quality. */
  readonly playlist: (quality: HlsQuality) => string;
  /** The seek-thumbnails WebVTT. */
  readonly thumbnails: string;
  readonly tracks: readonly SubtitleTrack[];
}

/** Plays `file` (path, name) as `plan` says; `probe` gives its subtitles; media URLs carry `token`, or are `urls`. */
export function VideoPlayer({ file, probe, plan, token, urls }: {
  file: { path: string; name: string };
  probe: ProbedResource | null;
  plan: PlaybackPlan;
  token: string;
  urls?: VideoUrls;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [quality, setQuality] = useState(plan.start);
  const [subtitle, setSubtitle] = useState(OFF);
  const [failed, setFailed] = useState(false);
  const [wantThumbnails, setWantThumbnails] = useState(false);
  const hlsQuality = VIDEO_QUALITIES[quality];
  const source = useMemo<VideoSource>(
    () =>
      hlsQuality
        ? { url: urls ? urls.playlist(hlsQuality) : playlistUrl(file.path, hlsQuality, token), hls: true }
        : { url: urls ? urls.original : inlineUrl(file.path, token), hls: false },
    [file.path, quality, token],
  );
  const transcoded = plan.offered.filter((i) => VIDEO_QUALITIES[i] !== null);
  // The original file failing to play (a codec the probe did not flag) moves on to a transcoded quality when any.
  const onError = () => (quality === 0 && transcoded.length > 0 ? setQuality(transcoded[0]) : setFailed(true));
  useVideoSource(video, source, config.video.autoplay, onError);
  const state = useVideoState(video);
  const cues = useThumbnailCues(wantThumbnails ? (urls ? urls.thumbnails : thumbnailsVttUrl(file.path, token)) : "");
  const meta = (probe?.metainfo ?? null) as Partial<VideoMetainfo> | null;
  const tracks = useMemo(
    () => urls?.tracks ?? subtitleTracks(file.path, probe?.subtitles ?? [], meta?.SubtitleEmbedded ?? [], token, (n) => t("preview.video.embeddedTrack", { n })),
    [probe, token, urls],
  );
  useEffect(() => {
    video.current!.volume = Math.min(1, Math.max(0, config.video.volume / 100));
    if (plan.unplayableAudio) notifyError(t("preview.audio.codecUnsupported", { codec: plan.unplayableAudio }));
    return registerVideo({ video: video.current!, frame: frame.current! });
  }, []);
  useEffect(() => {
    const list = video.current!.textTracks;
    for (let i = 0; i < list.length; i++) list[i].mode = tracks[i]?.id === subtitle ? "showing" : "disabled";
  }, [subtitle, tracks]);
  const qualityMenu =
    plan.offered.length > 1
      ? {
          choices: plan.offered.map((i) => ({ id: String(i), label: qualityLabel(i, t("preview.video.normal")) })),
          selected: String(quality),
          onSelect: (id: string) => {
            setFailed(false);
            setQuality(Number(id));
          },
          badge: hlsQuality ? `${hlsQuality.height}p` : t("preview.video.normal"),
        }
      : null;
  const subtitleMenu = tracks.length
    ? { choices: [{ id: OFF, label: t("preview.video.subtitlesOff") }, ...tracks], selected: subtitle, onSelect: setSubtitle }
    : null;
  return (
    <div className="video-player" ref={frame} role="group" aria-label={t("preview.video.player")} onPointerEnter={() => setWantThumbnails(true)}>
      <div className="player-screen">
        <video
          ref={video}
          className="player-video"
          aria-label={file.name}
          style={meta?.VWidth && meta.VHeight ? { aspectRatio: `${meta.VWidth} / ${meta.VHeight}` } : undefined}
          preload="metadata"
          playsInline
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
      <VideoControls video={video.current} frame={frame.current} state={state} cues={cues} quality={qualityMenu} subtitles={subtitleMenu} />
    </div>
  );
}
