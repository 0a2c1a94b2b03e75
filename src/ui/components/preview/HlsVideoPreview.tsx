/**
 * @module Video preview of a user without the download permission (docs/security.md "Download permission"): the
 * player streams only the HLS qualities the server's master playlist offers, never asking for the file itself nor
 * probing it (both need download); without any offered quality, the card saying the preview needs download.
 */
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import { fetchMasterPlaylist } from "../../api/media";
import { config } from "../../stores/config";
import { LoadingView } from "../common/LoadingView";
import { DownloadCard, NeedsDownloadCard } from "./DownloadCard";
import { offeredFromMaster, planHlsOnly } from "./video/hls-offer";
import { VideoPlayer } from "./video/VideoPlayer";
import { videoUrls } from "./video/video-urls";

/** The video `file` played from HLS, its media URLs carrying `token`. */
export function HlsVideoPreview({ file, token }: { file: Resource; token: string }) {
  const { t } = useTranslation();
  const enabled = !config.video.disablePreview;
  const urls = useMemo(() => videoUrls(file.path, token), [file.path, token]);
  // undefined while asking; [] when the playlist failed or offers nothing.
  const [offered, setOffered] = useState<number[] | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    fetchMasterPlaylist(file.path, abort.signal).then(
      (text) => setOffered(offeredFromMaster(text)),
      () => abort.signal.aborted || setOffered([]),
    );
    return () => abort.abort();
  }, [file.path]);
  if (!enabled) return <DownloadCard file={file} token={token} />;
  if (offered === undefined || !token) return <LoadingView label={t("preview.video.loading")} />;
  const plan = planHlsOnly(offered, config.video.quality);
  if (!plan) return <NeedsDownloadCard file={file} />;
  return <VideoPlayer file={file} probe={null} plan={plan} urls={urls} />;
}
