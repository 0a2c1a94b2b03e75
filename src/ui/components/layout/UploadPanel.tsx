/** @module Upload progress panel: total and per-file progress (SPEC §3 Client-side state: upload progress). */
import { CircleCheck, CircleX, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cancelUploads, dismissUploads, useUploads } from "../../stores/upload";
import { isBusy, totalProgress } from "../../stores/upload-rules";
import { formatSize } from "../../format/format-size";

/** Shows while there are uploads in the list; can be dismissed once they finished. */
export function UploadPanel() {
  const { t } = useTranslation();
  const { items } = useUploads();
  if (items.length === 0) return null;
  const busy = isBusy(items);
  const { loaded, total, percent } = totalProgress(items);
  return (
    <section className="upload-panel" aria-label={t("upload.title")}>
      <header className="upload-panel-head">
        <strong>{busy ? t("upload.uploading", { percent }) : t("upload.finished")}</strong>
        <span className="muted">
          {formatSize(loaded)} / {formatSize(total)}
        </span>
        {busy ? (
          <button type="button" className="btn btn-small" onClick={cancelUploads}>
            {t("upload.cancel")}
          </button>
        ) : (
          <button type="button" className="icon-btn" aria-label={t("upload.dismiss")} onClick={dismissUploads}>
            <X aria-hidden />
          </button>
        )}
      </header>
      <progress className="upload-total" max={100} value={percent} aria-label={t("upload.total")} />
      <ul className="upload-list">
        {items.map((item) => (
          <li key={item.id} className={`upload-item upload-${item.status}`}>
            <span className="upload-name" title={item.name}>
              {item.name}
            </span>
            {item.status === "done" && <CircleCheck aria-label={t("upload.status.done")} className="ok" />}
            {item.status === "failed" && <CircleX aria-label={t("upload.status.failed")} className="bad" />}
            {item.status === "skipped" && <span className="muted">{t("upload.status.skipped")}</span>}
            {(item.status === "uploading" || item.status === "queued") && (
              <progress max={item.size || 1} value={item.loaded} aria-label={item.name} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
