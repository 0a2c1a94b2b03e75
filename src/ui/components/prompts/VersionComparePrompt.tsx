/**
 * @module Compare a version with the current file (docs/product.md "Versions"): a text line by line (lines only in
 * the version struck out, lines only in the file now marked added, long unchanged runs folded), a picture beside the
 * current one. Back and Esc return to File info.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { LineDiff } from "../common/LineDiff";
import { showPrompt } from "../../stores/layout";
import { fetchResource } from "../../api/resources";
import { fetchVersionContent, type FileVersion } from "../../api/versions";
import { errorMessage } from "../../api/errors";
import { inlineUrl } from "../../api/urls";
import { folderPrefix, useMediaToken } from "../../stores/media-tokens";
import { compareKind, lineDiff, type DiffRow } from "../../stores/version-rules";
import { formatFullDate } from "../../format/format-date";
import { TEXT_CONTENT_MAX_BYTES } from "../../../shared/wire/resource";

/**
 * What the dialog shows: loading, a text too large to compare, a failure's sentence, the line diff (null: too
 * different) or the version's picture.
 */
type CompareView =
  | { show: "loading" }
  | { show: "tooLarge" }
  | { show: "error"; text: string }
  | { show: "text"; rows: DiffRow[] | null }
  | { show: "image"; versionUrl: string };

/** Loads the current file and the version, and makes the view of the file's compare kind. */
async function loadView(path: string, version: FileVersion, signal: AbortSignal): Promise<CompareView> {
  const file = await fetchResource(path, signal);
  const kind = compareKind(file.type);
  if (kind === "image") {
    return { show: "image", versionUrl: URL.createObjectURL(await fetchVersionContent(version.id, signal)) };
  }
  // The server sends a text's content only under 5 MiB (TEXT_CONTENT_MAX_BYTES); a diff of more would not be read.
  if (kind !== "text" || file.content === undefined || version.size > TEXT_CONTENT_MAX_BYTES) {
    return { show: "tooLarge" };
  }
  const before = await (await fetchVersionContent(version.id, signal)).text();
  return { show: "text", rows: lineDiff(before, file.content) };
}

/** The version's picture and the current one, side by side. */
function PicturePair({ path, versionUrl, when }: { path: string; versionUrl: string; when: string }) {
  const { t } = useTranslation();
  const token = useMediaToken(folderPrefix(path));
  return (
    <div className="version-pictures">
      <figure>
        <img src={versionUrl} alt={t("versions.versionOf", { when })} />
        <figcaption>{t("versions.versionOf", { when })}</figcaption>
      </figure>
      <figure>
        {token && <img src={inlineUrl(path, token)} alt={t("versions.current")} />}
        <figcaption>{t("versions.current")}</figcaption>
      </figure>
    </div>
  );
}

/** Compares `version` with the file at `path` now. */
export function VersionComparePrompt({ path, version }: { path: string; version: FileVersion }) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<CompareView>({ show: "loading" });
  useEffect(() => {
    const aborter = new AbortController();
    let made = "";
    loadView(path, version, aborter.signal).then(
      (next) => {
        if (next.show === "image") made = next.versionUrl;
        if (!aborter.signal.aborted) setView(next);
        else if (made) URL.revokeObjectURL(made);
      },
      (err) => !aborter.signal.aborted && setView({ show: "error", text: errorMessage(err) }),
    );
    return () => {
      aborter.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, version.id]);
  const back = () => showPrompt({ kind: "info", paths: [path] });
  const when = formatFullDate(version.replacedAt, i18n.language);
  return (
    <Dialog
      label={t("versions.compareTitle")}
      title={t("versions.compareTitle")}
      onClose={back}
      wide
      actions={
        <button type="button" className="btn btn-primary" data-autofocus onClick={back}>
          {t("versions.back")}
        </button>
      }
    >
      {view.show === "loading" && (
        <span className="info-pending" role="status">
          <span className="spinner spinner-small" aria-hidden />
          {t("versions.loading")}
        </span>
      )}
      {view.show === "tooLarge" && <p className="dialog-text">{t("versions.tooLarge")}</p>}
      {view.show === "error" && <p className="field-error">{view.text}</p>}
      {view.show === "text" && (
        <>
          <p className="version-legend">
            <span className="diff-removed">{t("versions.legendRemoved", { when })}</span>
            <span className="diff-added">{t("versions.legendAdded")}</span>
          </p>
          {view.rows === null ? (
            <p className="dialog-text">{t("versions.tooDifferent")}</p>
          ) : view.rows.length === 0 ? (
            <p className="dialog-text">{t("versions.same")}</p>
          ) : (
            <LineDiff rows={view.rows} />
          )}
        </>
      )}
      {view.show === "image" && <PicturePair path={path} versionUrl={view.versionUrl} when={when} />}
    </Dialog>
  );
}
