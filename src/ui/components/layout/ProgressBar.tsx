/** @module Thin top progress bar while calls run or files upload (docs/product.md "Layout"). */
import { useTranslation } from "react-i18next";
import { useLayout } from "../../stores/layout";
import { useUploads } from "../../stores/upload";
import { totalProgress, isBusy } from "../../stores/upload-rules";

/** An indeterminate bar while loading; a filled bar with the upload percentage while uploading. */
export function ProgressBar() {
  const { t } = useTranslation();
  const { busy } = useLayout();
  const { items } = useUploads();
  const uploadBusy = isBusy(items);
  if (!busy && !uploadBusy) return null;
  const percent = uploadBusy ? totalProgress(items).percent : undefined;
  return (
    <div
      className={`progress-bar${percent === undefined ? " progress-bar-indeterminate" : ""}`}
      role="progressbar"
      aria-label={t(uploadBusy ? "upload.title" : "app.loading")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="progress-bar-fill" style={percent === undefined ? undefined : { width: `${percent}%` }} />
    </div>
  );
}
