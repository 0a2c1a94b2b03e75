/**
 * @module Upload progress panel: headline, total and per-file progress with speed and time left, and how each ended
 * (docs/product.md "Client state").
 */
import { Ban, CircleCheck, CircleX, Pause, Play, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import {
  cancelUpload,
  cancelUploads,
  dismissUploads,
  pauseUpload,
  resumeUpload,
  useUploads,
} from "../../stores/upload";
import {
  itemDetail,
  itemPercent,
  panelSummary,
  totalProgress,
  uploadOutcome,
  type DetailPart,
  type UploadOutcome,
  type UploadStatus,
} from "../../stores/upload-rules";
import { formatSize } from "../../format/format-size";
import { formatDuration } from "../../format/format-duration";

/** Translates one part of a detail line. */
function partText(part: DetailPart, t: TFunction, lang: string): string {
  switch (part.kind) {
    case "progress":
      return t("upload.progress", { loaded: formatSize(part.loaded), total: formatSize(part.total) });
    case "size":
      return formatSize(part.bytes);
    case "speed":
      return t("upload.speed", { size: formatSize(part.bytesPerSecond) });
    case "timeLeft":
      return t("upload.timeLeft", { time: formatDuration(part.seconds, lang) });
    case "count":
      return part.status === "done"
        ? t("upload.success", { count: part.count })
        : t(`upload.counts.${part.status}`, { count: part.count });
    case "reason":
      return t(`upload.reason.${part.reason}`);
    case "waiting":
      return t("upload.status.queued");
    case "paused":
      return t("upload.status.paused");
    case "stalled":
      return t("upload.status.stalled");
  }
}

function detailLine(parts: DetailPart[], t: TFunction, lang: string): string {
  return parts.map((p) => partText(p, t, lang)).join(" · ");
}

function headline(outcome: UploadOutcome, percent: number, t: TFunction): string {
  if (outcome === "uploading") return t("upload.uploading", { percent });
  if (outcome === "done") return t("upload.finished");
  return t(`upload.outcome.${outcome}`);
}

/** Pause or resume, and cancel, of one resumable upload that runs or is paused. */
function ItemControls({ id, status, name }: { id: number; status: UploadStatus; name: string }) {
  const { t } = useTranslation();
  const paused = status === "paused";
  const toggle = paused ? t("upload.resumeFile", { name }) : t("upload.pauseFile", { name });
  return (
    <span className="upload-controls">
      <button
        type="button"
        className="icon-btn"
        aria-label={toggle}
        title={toggle}
        onClick={() => (paused ? resumeUpload(id) : pauseUpload(id))}
      >
        {paused ? <Play aria-hidden /> : <Pause aria-hidden />}
      </button>
      <button
        type="button"
        className="icon-btn"
        aria-label={t("upload.stopFile", { name })}
        title={t("upload.stopFile", { name })}
        onClick={() => cancelUpload(id)}
      >
        <X aria-hidden />
      </button>
    </span>
  );
}

/** The right-hand side of a file row: a bar while it waits, runs or is paused, else how it ended. */
function StatusMark({
  status,
  size,
  loaded,
  name,
}: {
  status: UploadStatus;
  size: number;
  loaded: number;
  name: string;
}) {
  const { t } = useTranslation();
  if (status === "queued") return null;
  // The same whole percent as the headline's total: 100 only once the server has the file.
  if (status === "uploading" || status === "paused")
    return <progress max={100} value={itemPercent({ status, size, loaded })} aria-label={name} />;
  if (status === "done") return <CircleCheck aria-label={t("upload.status.done")} role="img" className="ok" />;
  if (status === "failed")
    return (
      <span className="upload-mark bad">
        <CircleX aria-hidden />
        {t("upload.status.failed")}
      </span>
    );
  if (status === "cancelled")
    return (
      <span className="upload-mark muted">
        <Ban aria-hidden />
        {t("upload.status.cancelled")}
      </span>
    );
  return <span className="upload-mark muted">{t("upload.status.skipped")}</span>;
}

/** Shows while there are uploads in the list; can be dismissed once they ended. */
export function UploadPanel() {
  const { t, i18n } = useTranslation();
  const { items, speed } = useUploads();
  if (items.length === 0) return null;
  const outcome = uploadOutcome(items);
  const busy = outcome === "uploading" || outcome === "paused";
  const { percent } = totalProgress(items);
  const title = headline(outcome, percent, t);
  // While every running upload waits for the connection, no speed or time left is claimed.
  const flowing = items.some((i) => i.status === "uploading" && !i.stalled);
  const summary = detailLine(panelSummary(items, flowing ? speed : null), t, i18n.language);
  return (
    <section className={`upload-panel upload-panel-${outcome}`} aria-label={t("upload.title")}>
      <header className="upload-panel-head">
        {/* One announcement when the batch ends: aria-busy holds back the running numbers. */}
        <div className="upload-panel-text" aria-live="polite" aria-atomic="true" aria-busy={outcome === "uploading"}>
          <strong className="upload-headline" title={title}>
            {title}
          </strong>
          <span className="upload-summary muted" title={summary}>
            {summary}
          </span>
        </div>
        {busy ? (
          <button type="button" className="btn btn-small" onClick={cancelUploads}>
            {t("upload.cancel")}
          </button>
        ) : (
          <button
            type="button"
            className="icon-btn"
            aria-label={t("upload.dismiss")}
            title={t("upload.dismiss")}
            onClick={dismissUploads}
          >
            <X aria-hidden />
          </button>
        )}
      </header>
      {busy && <progress className="upload-total" max={100} value={percent} aria-label={t("upload.total")} />}
      <ul className="upload-list">
        {items.map((item) => {
          const detail = detailLine(itemDetail(item), t, i18n.language);
          return (
            <li
              key={item.id}
              className={`upload-item upload-${item.status}${item.resumable && (item.status === "uploading" || item.status === "paused") ? " upload-resumable" : ""}`}
            >
              <div className="upload-file">
                <span className="upload-name" title={item.name}>
                  {item.name}
                </span>
                <span className="upload-detail muted" title={detail}>
                  {detail}
                </span>
              </div>
              <StatusMark status={item.status} size={item.size} loaded={item.loaded} name={item.name} />
              {item.resumable && (item.status === "uploading" || item.status === "paused") && (
                <ItemControls id={item.id} status={item.status} name={item.name} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
