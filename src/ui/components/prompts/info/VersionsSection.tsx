/**
 * @module The "Versions" section of File info (docs/product.md "Versions"): a file's earlier contents, newest first,
 * each with when it was replaced, its size and by whom, and Download, Compare and Restore.
 */
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { Download, GitCompare, RotateCcw } from "lucide-react";
import type { Resource } from "../../../api/resources";
import type { FileVersion } from "../../../api/versions";
import { formatFullDate, formatRelative } from "../../../format/format-date";
import { useAuth } from "../../../stores/auth";
import { showPrompt } from "../../../stores/layout";
import { compareKind } from "../../../stores/version-rules";
import { downloadVersion, loadVersions, useVersions } from "../../../stores/versions";
import { holdsDownload } from "../../preview/preview-access";
import { Size } from "./InfoRows";

/** What the user may do with a version: the bytes need download, writing one back needs modify. */
interface VersionRights {
  download: boolean;
  compare: boolean;
  restore: boolean;
}

/** One version: its line of facts, then its buttons (they wrap below on a phone). */
function VersionRow({ file, version, rights }: { file: Resource; version: FileVersion; rights: VersionRights }) {
  const { t, i18n } = useTranslation();
  const when = formatFullDate(version.replacedAt, i18n.language);
  return (
    <li className="version-row">
      <div className="version-facts">
        <time dateTime={version.replacedAt} title={when}>
          {formatRelative(version.replacedAt, i18n.language)}
        </time>
        <Size bytes={version.size} />
        {version.replacedBy && <span>{t("versions.by", { name: version.replacedBy })}</span>}
      </div>
      <div className="version-actions">
        {rights.download && (
          <button
            type="button"
            className="btn btn-small"
            aria-label={t("versions.downloadNamed", { when })}
            onClick={() => void downloadVersion(file.path, version)}
          >
            <Download size={16} aria-hidden />
            {t("versions.download")}
          </button>
        )}
        {rights.compare && (
          <button
            type="button"
            className="btn btn-small"
            aria-label={t("versions.compareNamed", { when })}
            onClick={() => showPrompt({ kind: "versionCompare", path: file.path, version: { ...version } })}
          >
            <GitCompare size={16} aria-hidden />
            {t("versions.compare")}
          </button>
        )}
        {rights.restore && (
          <button
            type="button"
            className="btn btn-small"
            aria-label={t("versions.restoreNamed", { when })}
            onClick={() => showPrompt({ kind: "versionRestore", path: file.path, version: { ...version } })}
          >
            <RotateCcw size={16} aria-hidden />
            {t("versions.restore")}
          </button>
        )}
      </div>
    </li>
  );
}

/** Lists the versions of `file`; "No earlier versions" when it has none. */
export function VersionsSection({ file }: { file: Resource }) {
  const { t } = useTranslation();
  const id = useId();
  const snap = useVersions();
  const user = useAuth().user;
  useEffect(() => void loadVersions(file.path), [file.path]);
  const items = snap.path === file.path ? snap.items : null;
  const mayDownload = holdsDownload(user);
  const rights: VersionRights = {
    download: mayDownload,
    compare: mayDownload && compareKind(file.type) !== null,
    restore: Boolean(user && (user.perm.admin || user.perm.modify)),
  };
  return (
    <section className="meta-section versions" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="meta-title">
        {t("versions.title")}
      </h3>
      {snap.error && snap.path === file.path ? (
        <p className="field-error">{snap.error}</p>
      ) : !items ? (
        <span className="info-pending" role="status">
          <span className="spinner spinner-small" aria-hidden />
          {t("versions.loading")}
        </span>
      ) : items.length === 0 ? (
        <p className="muted">{t("versions.empty")}</p>
      ) : (
        <ul className="version-list" aria-label={t("versions.title")}>
          {items.map((v) => (
            <VersionRow key={v.id} file={file} version={v} rights={rights} />
          ))}
        </ul>
      )}
    </section>
  );
}
