/**
 * @module File info dialog (docs/product.md "File info"): name, size (summed over the selection, a folder's
 * measured on the server), last modified, file and folder counts, checksums for a file, and the metadata section of
 * a video, audio, picture, torrent or .trx firmware file (probed on demand), a file's earlier versions, and the
 * history of the file or folder.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { currentListing } from "../../stores/current-resource";
import { fetchResource, type Resource } from "../../api/resources";
import type { FolderUsage } from "../../api/resource-actions";
import { formatFullDate } from "../../format/format-date";
import { Checksums } from "./Checksums";
import { useFolderUsage } from "./useFolderUsage";
import { Row, Size } from "./info/InfoRows";
import { metainfoKind } from "./info/media-format";
import { useProbe } from "./info/useProbe";
import { MetainfoSections } from "./info/MetainfoSections";
import { useAuth } from "../../stores/auth";
import { holdsDownload } from "../preview/preview-access";
import { VersionsSection } from "./info/VersionsSection";
import { HistorySection } from "./info/HistorySection";

/** The size and counts rows: a spinner while the server measures, then the totals. */
function Totals({
  total,
  error,
  showCounts,
}: {
  total: FolderUsage | null;
  error: string | null;
  showCounts: boolean;
}) {
  const { t, i18n } = useTranslation();
  const count = (n: number) => n.toLocaleString(i18n.language);
  if (error || !total) {
    return (
      <Row label={t("prompts.info.size")}>
        {error ? (
          <span className="field-error">{error}</span>
        ) : (
          <span className="info-pending" role="status">
            <span className="spinner spinner-small" aria-hidden />
            {t("prompts.info.calculating")}
          </span>
        )}
      </Row>
    );
  }
  return (
    <>
      <Row label={t("prompts.info.size")}>
        <Size bytes={total.size} />
      </Row>
      {showCounts && <Row label={t("prompts.info.files")}>{count(total.numFiles)}</Row>}
      {showCounts && <Row label={t("prompts.info.folders")}>{count(total.numDirs)}</Row>}
    </>
  );
}

/** Shows the details of `paths`, or of the folder on screen when none is given. */
export function InfoPrompt({ paths }: { paths: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const listing = currentListing();
  const fromListing = (listing?.items ?? []).filter((i) => paths.includes(i.path));
  const [single, setSingle] = useState<Resource | null>(paths.length === 0 ? listing : null);
  useEffect(() => {
    if (paths.length !== 1) return;
    fetchResource(paths[0]).then(setSingle, () => setSingle(fromListing[0] ?? null));
  }, [paths[0]]);
  const items: readonly Resource[] = paths.length <= 1 ? (single ? [single] : []) : fromListing;
  const { total, error } = useFolderUsage(items);
  const one = items.length === 1 ? items[0] : null;
  // A picture's details come with ?probe=yes, which needs download: without it the dialog leaves them out.
  const mayProbe = holdsDownload(useAuth().user);
  const found = one ? metainfoKind(one) : null;
  const kind = found === "image" && !mayProbe ? null : found;
  const probe = useProbe(one && kind ? one.path : null);
  return (
    <Dialog
      label={t("prompts.info.title")}
      title={t("prompts.info.title")}
      onClose={closePrompt}
      wide
      actions={
        <button type="button" className="btn btn-primary" data-autofocus onClick={closePrompt}>
          {t("prompts.ok")}
        </button>
      }
    >
      <dl className="info-list">
        {one && <Row label={t("prompts.info.name")}>{one.name || "/"}</Row>}
        {items.length > 1 && <Row label={t("prompts.info.items")}>{items.length}</Row>}
        {items.length > 0 && <Totals total={total} error={error} showCounts={items.some((i) => i.isDir)} />}
        {one && <Row label={t("prompts.info.modified")}>{formatFullDate(one.modified, i18n.language)}</Row>}
        {one && !one.isDir && <Checksums path={one.path} />}
      </dl>
      {one && kind && <MetainfoSections kind={kind} state={probe} />}
      {one && !one.isDir && <VersionsSection file={one} />}
      {one && <HistorySection path={one.path} />}
    </Dialog>
  );
}
