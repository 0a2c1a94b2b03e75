/**
 * @module A shared video for a visitor, in the owner's player (docs/product.md "Video player"): probed and planned as
 * the owner's preview is, its file, HLS qualities, seek thumbnails and subtitles all through the link's public routes
 * (docs/security.md "Public previews"), so a video the browser cannot play (MKV, AVI) plays transcoded.
 */
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../../shared/wire/resource";
import type { ProbedResource } from "../../api/media";
import { fetchPublicProbe } from "../../api/public-share";
import { publicInlineUrl, publicMediaUrl, publicPlaylistUrl } from "../../api/public-urls";
import { LoadingView } from "../common/LoadingView";
import { planHere } from "../preview/video/plan-here";
import { VideoPlayer } from "../preview/video/VideoPlayer";
import type { VideoUrls } from "../preview/video/video-urls";
import { MEDIA_QUERY } from "../../../shared/wire/video";

/** The poster's width asked of the server, px, as the owner's player asks (video-urls.ts). */
const POSTER_WIDTH = 1280;

/** The public URLs of the video `sub` of share `hash`: the owner's player fed through the link's routes. */
function publicVideoUrls(hash: string, sub: string): VideoUrls {
  return {
    original: publicInlineUrl(hash, sub),
    playlist: (quality) => publicPlaylistUrl(hash, sub, quality),
    poster: publicMediaUrl(hash, sub, "frame", `${MEDIA_QUERY.width}=${POSTER_WIDTH}`),
    thumbnails: publicMediaUrl(hash, sub, "frame", `${MEDIA_QUERY.thumbnails}=vtt`),
    sidecarSubtitle: (subtitlePath) => publicMediaUrl(hash, subtitlePath, "vtt"),
    embeddedSubtitle: (index) => publicMediaUrl(hash, sub, "vtt", `${MEDIA_QUERY.streamIndex}=${index}`),
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
  const urls = useMemo(() => publicVideoUrls(hash, sub), [hash, sub]);
  if (probe === undefined) return <LoadingView label={t("preview.video.loading")} />;
  const plan = planHere(probe, file.extension);
  return <VideoPlayer file={{ name: file.name }} probe={probe} plan={plan} urls={urls} />;
}
