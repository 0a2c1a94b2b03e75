/**
 * @module Media info dialog (docs/product.md "Media info"): loading, then the raw text, which can be copied ('mediaInfo
 * copied').
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { fetchMediaInfo } from "../../api/resource-actions";
import { copyText } from "../../stores/menu-actions";
import { notifyError, notifySuccess } from "../../notify";
import { errorMessage } from "../../api/errors";

/** Loads and shows the media information of `path`. */
export function MediaInfoPrompt({ path }: { path: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetchMediaInfo(path).then(setText, (err) => setError(errorMessage(err)));
  }, [path]);
  const copy = () => {
    if (text === null) return;
    copyText(text).then(
      () => notifySuccess(t("messages.mediaInfoCopied")),
      (err) => notifyError(errorMessage(err)),
    );
  };
  return (
    <Dialog
      label={t("prompts.mediaInfo.title")}
      title={t("prompts.mediaInfo.title")}
      onClose={closePrompt}
      wide
      actions={
        <>
          <button type="button" className="btn" onClick={copy} disabled={text === null}>
            {t("prompts.mediaInfo.copy")}
          </button>
          <button type="button" className="btn btn-primary" data-autofocus onClick={closePrompt}>
            {t("prompts.ok")}
          </button>
        </>
      }
    >
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : text === null ? (
        <p className="muted" role="status">
          {t("prompts.mediaInfo.loading")}
        </p>
      ) : (
        <pre className="media-info" tabIndex={0} aria-label={t("prompts.mediaInfo.title")}>
          {text}
        </pre>
      )}
    </Dialog>
  );
}
