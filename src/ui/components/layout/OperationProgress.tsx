/** @module A card with the progress of a long copy, move or delete: items done of all, percent and a bar. */
import { useTranslation } from "react-i18next";
import { percentDone, useOperationProgress } from "../../stores/op-progress";
import { formatSize } from "../../format/format-size";

/** Shown while an operation reports counts (stores/op-progress.ts); nothing otherwise. */
export function OperationProgress() {
  const { t, i18n } = useTranslation();
  const { current } = useOperationProgress();
  if (!current) return null;
  const percent = percentDone(current);
  const label = t(`operation.${current.action}`);
  const n = new Intl.NumberFormat(i18n.language);
  return (
    <div className="operation-progress" role="status">
      <div className="operation-progress-head">
        <strong>{label}</strong>
        <span>{percent} %</span>
      </div>
      <div
        className="operation-progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="operation-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <div className="operation-progress-counts">
        {current.totalItems === 0
          ? t("operation.counting")
          : t("operation.items", { done: n.format(current.doneItems), total: n.format(current.totalItems) })}
        {current.totalBytes > 0 ? ` · ${formatSize(current.doneBytes)} / ${formatSize(current.totalBytes)}` : ""}
      </div>
    </div>
  );
}
