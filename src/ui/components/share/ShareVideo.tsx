/**
 * @module A shared video for a visitor, in the owner's player (SPEC §2 Preview "video"): probed and planned as the
 * owner's preview is, its file, HLS qualities, seek thumbnails and subtitles all through the link's public routes
 * (docs/security.md "Public previews"), so a video the browser cannot play (MKV, AVI) plays transcoded.
 */
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../../shared/wire/resource";
import type { ProbedResource, VideoMetainfo } from "../../api/media";
import { fetchPublicProbe } from "../../api/public-share";
import { publicInlineUrl, publicMediaUrl, publicPlaylistUrl } from "../../api/public-urls";
import { config } from "../../stores/config";
import { LoadingView } from "../common/LoadingView";
import { planPlayback } from "../preview/video/playback-plan";
import { subtitleTracks } from "../preview/video/subtitle-tracks";
import { VideoPlayer, type VideoUrls } from "../preview/video/VideoPlayer";

/** The public URLs of the video `sub` of share `hash`, its tracks named as the owner's player names them. */
function publicVideoUrls(hash: string, sub: string, probe: ProbedResource | null, embeddedLabel: (n: number) => string): VideoUrls {
  const meta = (probe?.metainfo ?? null) as Partial<VideoMetainfo> | null;
  const tracks = subtitleTracks(sub, probe?.subtitles ?? [], meta?.SubtitleEmbedded ?? [], "", embeddedLabel).map((tr) => {
    const [kind, rest] = [tr.id.slice(0, tr.id.indexOf(":")), tr.id.slice(tr.id.indexOf(":") + 1)];
    return { ...tr, src: kind === "file" ? publicMediaUrl(hash, rest, "vtt") : publicMediaUrl(hash, sub, "vtt", `si=${rest}`) };
  });
  return {
    original: publicInlineUrl(hash, sub),
    playlist: (quality) => publicPlaylistUrl(hash, sub, quality),
    thumbnails: publicMediaUrl(hash, sub, "frame", "thumbnails=vtt"),
    tracks,
  };
}

/** Plays the video `file` at `sub` ("/" for the shared file itself) of share `hash`. */
export function ShareVideo({ file, hash, sub }: { file: Resource; hash: string; sub: string }) {
  const { t } = useTranslation();
  // undefined while probing; null when the probe failed (the player then tries the file as it is).
  const [probe, setProbe] = useState<ProbedResource | null | undefined>(undefined);
  useEffect(() => {
    const abort = new AbortController();
    fetchPublicProbe(hash, sub, abort.signal).then(setProbe, () => abort.signal.aborted || setProbe(null));
    return () => abort.abort();
  }, [hash, sub]);
  const urls = useMemo(
    () => (probe === undefined ? null : publicVideoUrls(hash, sub, probe, (n) => t("preview.video.embeddedTrack", { n }))),
    [hash, sub, probe],
  );
  if (probe === undefined || !urls) return <LoadingView label={t("preview.video.loading")} />;
  const meta = (probe?.metainfo ?? null) as VideoMetainfo | null;
  const plan = planPlayback({
    probe: meta && !Array.isArray(meta) ? meta : null,
    extension: file.extension,
    userAgent: navigator.userAgent,
    disableHls: config.video.disableHls,
    quality: config.video.quality,
  });
  return <VideoPlayer file={{ path: sub, name: file.name }} probe={probe} plan={plan} token="" urls={urls} />;
}
