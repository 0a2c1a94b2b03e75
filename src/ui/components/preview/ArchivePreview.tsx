/**
 * @module Archive preview (docs/product.md "Archive table"): the entries 7-Zip lists, a
 * summary of the whole archive and the download link; an archive the server cannot list (encrypted, docs/product.md
 * "Search and archive messages") keeps the download card. A big archive comes a page at a time: 'Show more' asks the
 * server for the next one.
 */
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import { errorMessage } from "../../api/errors";
import { downloadUrl } from "../../api/urls";
import { formatSize } from "../../format/format-size";
import { LoadingView } from "../common/LoadingView";
import { DownloadCard } from "./DownloadCard";
import { ArchiveTable } from "./views/ArchiveTable";
import { isArchiveListFailure } from "./views/archive-rows";
import { useArchivePages } from "./views/useArchivePages";

/** A size whose number and unit stay together when the summary wraps. */
const unbroken = (size: string) => size.replace(" ", "\u00a0");

/** Shows what the archive `file` holds. */
export function ArchivePreview({ file, token }: { file: Resource; token: string }) {
  const { t } = useTranslation();
  const { pages, loadMore } = useArchivePages(file.path);
  if (pages.status === "loading") return <LoadingView label={t("preview.archive.loading")} />;
  if (pages.status === "failed") {
    const message = isArchiveListFailure(pages.error) ? t("preview.archive.listFailed") : errorMessage(pages.error);
    return (
      <DownloadCard file={file} token={token}>
        <p className="preview-view-error" role="alert">
          {message}
        </p>
      </DownloadCard>
    );
  }
  const { summary: sum, ...listing } = pages.value;
  return (
    <div className="archive-preview">
      <div className="archive-head">
        <h2 className="archive-name">{file.name}</h2>
        <p className="archive-summary">
          {t("preview.archive.summary", {
            files: sum.files,
            folders: sum.folders,
            size: unbroken(formatSize(sum.size)),
            packed: unbroken(formatSize(file.size)),
          })}
        </p>
        <a className="btn btn-primary archive-download" href={downloadUrl(file.path, token)} download>
          <Download size={18} aria-hidden /> {t("preview.downloadFile")}
        </a>
      </div>
      <ArchiveTable name={file.name} {...listing} onLoadMore={loadMore} />
    </div>
  );
}
