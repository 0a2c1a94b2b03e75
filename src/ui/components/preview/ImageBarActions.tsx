/**
 * @module The preview bar's image buttons (docs/product.md "Preview"): image-process (rename permission) and play
 * related video (for `<video>._vthumb_.png|jpg` when the video is in the folder).
 */
import { Clapperboard, RotateCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { Resource } from "../../api/resources";
import { errorMessage } from "../../api/errors";
import { filesRoute } from "../../format/encode-path";
import { notifyError, notifySuccess } from "../../notify";
import { processPreviewImage } from "../../stores/preview-processed";
import { relatedVideo } from "./siblings";

/** Buttons for the image `file`; `siblings` is its folder, `canRename` allows image-process. */
export function ImageBarActions({
  file,
  siblings,
  canRename,
}: {
  file: Resource;
  siblings: readonly Resource[];
  canRename: boolean;
}) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const video = relatedVideo(siblings, file.name);
  const process = async () => {
    try {
      await processPreviewImage(file.path);
      notifySuccess(t("preview.processed"));
    } catch (err) {
      notifyError(errorMessage(err));
    }
  };
  const button = (label: string, icon: React.ReactNode, onClick: () => void) => (
    <button type="button" className="icon-btn" aria-label={label} title={label} onClick={onClick}>
      {icon}
    </button>
  );
  return (
    <>
      {canRename && button(t("preview.imageProcess"), <RotateCw aria-hidden />, () => void process())}
      {/* Replaces the entry: closing the video goes back to the listing, not to this image. */}
      {video &&
        button(t("preview.playVideo"), <Clapperboard aria-hidden />, () =>
          navigate(filesRoute(video.path), { replace: true }),
        )}
    </>
  );
}
