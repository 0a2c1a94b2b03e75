/** @module Share dialog: changing the download speed of a link already made (PATCH /api/share/{hash}). */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Gauge } from "lucide-react";
import { changeShareRate } from "../../stores/shares";
import { parseDownloadRate } from "../../stores/share-rules";

/** A speed button on a link row; it opens a KiB/s field (empty = no limit) with Save. */
export function ShareRateEditor({ hash, rate, name }: { hash: string; rate: number; name: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const parsed = text === null ? null : parseDownloadRate(text);
  const save = async () => {
    if (parsed !== null && (await changeShareRate(hash, parsed))) setText(null);
  };
  return (
    <>
      <button
        type="button"
        className="icon-btn"
        aria-expanded={text !== null}
        aria-label={t("share.rateEdit", { name })}
        title={t("share.downloadRate")}
        onClick={() => setText(text === null ? (rate > 0 ? String(Math.round(rate / 1024)) : "") : null)}
      >
        <Gauge size={18} aria-hidden />
      </button>
      {text !== null && (
        <span className="share-rate-edit">
          <input
            id={id}
            className="input"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            aria-label={t("share.downloadRate")}
            aria-invalid={parsed === null}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), void save())}
          />
          <button type="button" className="btn" disabled={parsed === null} onClick={() => void save()}>
            {t("share.rateSave")}
          </button>
        </span>
      )}
    </>
  );
}
