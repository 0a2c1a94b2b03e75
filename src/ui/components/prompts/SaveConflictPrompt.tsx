/**
 * @module Asks what to do when an editor save finds the file changed on disk since it was opened (the save's 412;
 * docs/product.md "Editor"): the line diff between the disk's content and the edits, then Overwrite, Reload from disk
 * or Cancel (the default, as Esc).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { LineDiff } from "../common/LineDiff";
import { answerPrompt, type SaveConflictChoice } from "../../stores/layout";
import { fetchResource } from "../../api/resources";
import { errorMessage } from "../../api/errors";
import { lineDiff, type DiffRow } from "../../stores/version-rules";

/** What the dialog shows under its text: loading, no text to diff, a failure's sentence, or the diff (null: too different). */
type ConflictView =
  | { show: "loading" }
  | { show: "noText" }
  | { show: "error"; text: string }
  | { show: "diff"; rows: DiffRow[] | null };

/** Loads the file as on disk now, as the editor loads it, and diffs it with the edits. */
async function loadView(path: string, text: string, signal: AbortSignal): Promise<ConflictView> {
  const file = await fetchResource(path, signal);
  // The server sends a text's content only under 5 MiB (TEXT_CONTENT_MAX_BYTES) and only for text types.
  if (file.content === undefined) return { show: "noText" };
  return { show: "diff", rows: lineDiff(file.content, text) };
}

/** Shows how `text` (the editor's) differs from `path` on disk and answers the open save-conflict question. */
export function SaveConflictPrompt({ path, text }: { path: string; text: string }) {
  const { t } = useTranslation();
  const [view, setView] = useState<ConflictView>({ show: "loading" });
  useEffect(() => {
    const aborter = new AbortController();
    loadView(path, text, aborter.signal).then(
      (next) => !aborter.signal.aborted && setView(next),
      (err) => !aborter.signal.aborted && setView({ show: "error", text: errorMessage(err) }),
    );
    return () => aborter.abort();
  }, [path, text]);
  const answer = (choice: SaveConflictChoice) => () => answerPrompt(choice);
  const title = t("prompts.saveConflict.title");
  return (
    <Dialog
      label={title}
      title={title}
      onClose={answer("cancel")}
      onSubmit={answer("cancel")}
      wide
      actions={
        <>
          <button type="button" className="btn btn-danger" onClick={answer("overwrite")}>
            {t("prompts.saveConflict.overwrite")}
          </button>
          <button type="button" className="btn" onClick={answer("reload")}>
            {t("prompts.saveConflict.reload")}
          </button>
          <button type="submit" className="btn btn-primary" data-autofocus>
            {t("prompts.cancel")}
          </button>
        </>
      }
    >
      <p className="dialog-text">{t("prompts.saveConflict.message")}</p>
      {view.show === "loading" && (
        <span className="info-pending" role="status">
          <span className="spinner spinner-small" aria-hidden />
          {t("prompts.saveConflict.loading")}
        </span>
      )}
      {view.show === "noText" && <p className="dialog-text">{t("prompts.saveConflict.noText")}</p>}
      {view.show === "error" && <p className="field-error">{view.text}</p>}
      {view.show === "diff" && (
        <>
          <p className="version-legend">
            <span className="diff-removed">{t("prompts.saveConflict.legendDisk")}</span>
            <span className="diff-added">{t("prompts.saveConflict.legendMine")}</span>
          </p>
          {view.rows === null ? (
            <p className="dialog-text">{t("versions.tooDifferent")}</p>
          ) : view.rows.length === 0 ? (
            <p className="dialog-text">{t("prompts.saveConflict.same")}</p>
          ) : (
            <LineDiff rows={view.rows} />
          )}
        </>
      )}
    </Dialog>
  );
}
