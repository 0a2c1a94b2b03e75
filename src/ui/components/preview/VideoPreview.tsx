/**
 * @module Video preview (docs/product.md "Preview"): probes the file, plans playback from its codecs, extension and the
 * Video settings, then shows the player; the download card when the settings disable the preview; the transcoding error
 * when the browser cannot play the file and transcoding is off (docs/product.md "Playback messages").
 */
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import { fetchProbe, type ProbedResource } from "../../api/media";
import { config } from "../../stores/config";
import { LoadingView } from "../common/LoadingView";
import { DownloadCard } from "./DownloadCard";
import { planHere } from "./video/plan-here";
import { VideoPlayer } from "./video/VideoPlayer";
import { videoUrls } from "./video/video-urls";

/** The video `file`, its media URLs carrying `token`. */
export function VideoPreview({ file, token }: { file: Resource; token: string }) {
  const { t } = useTranslation();
  const enabled = !config.video.disablePreview;
  const urls = useMemo(() => videoUrls(file.path, token), [file.path, token]);
  // undefined while probing; null when the probe failed (the player then tries the file as it is).
  const [probe, setProbe] = useState<ProbedResource | null | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    fetchProbe(file.path, abort.signal).then(setProbe, () => abort.signal.aborted || setProbe(null));
    return () => abort.abort();
  }, [file.path]);
  if (!enabled) return <DownloadCard file={file} token={token} />;
  if (probe === undefined || !token) return <LoadingView label={t("preview.video.loading")} />;
  const plan = planHere(probe, file.extension);
  if (plan.needsTranscoding) {
    return (
      <div className="video-player">
        <p className="player-error" role="alert">
          {t("preview.video.needsTranscoding")}
        </p>
      </div>
    );
  }
  return <VideoPlayer file={file} probe={probe} plan={plan} urls={urls} />;
}
