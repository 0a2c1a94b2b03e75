/**
 * @module The archive preview table (docs/product.md "Archive table": Path, PackedSize, Size, Modified), rendered 1000
 * rows at a time; 'Show more' first asks for the server's next page when the rows to show are not loaded yet.
 */
import { Fragment, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ArchiveEntryMetainfo } from "../../../api/media";
import { errorMessage } from "../../../api/errors";
import { formatSize } from "../../../format/format-size";
import { FileIcon } from "../../listing/FileIcon";
import { ARCHIVE_ROWS_STEP, archiveMoreStep, orderArchiveEntries } from "./archive-rows";

/** What the table shows: the entries loaded so far of the archive `name`, which holds `total`. */
interface ArchiveTableProps {
  name: string;
  entries: readonly ArchiveEntryMetainfo[];
  total: number;
  /** Asks the server for the page after the loaded entries. */
  onLoadMore: () => void;
  loadingMore: boolean;
  /** Why the last page could not be loaded, or null. */
  moreError: unknown;
}

/** The loaded entries in tree order, folders first; 'Show more' adds ARCHIVE_ROWS_STEP rows, loading them first if needed. */
export function ArchiveTable({ name, entries, total, onLoadMore, loadingMore, moreError }: ArchiveTableProps) {
  const { t } = useTranslation();
  const rows = useMemo(() => orderArchiveEntries(entries), [entries]);
  const [shown, setShown] = useState(ARCHIVE_ROWS_STEP);
  const visible = Math.min(shown, rows.length);
  const rest = total - visible;
  const showMore = () => {
    const step = archiveMoreStep(visible, rows.length, total);
    if (step.fetch) onLoadMore();
    setShown(step.shown);
  };
  return (
    <>
      <div
        className="archive-table-wrap"
        tabIndex={0}
        role="region"
        aria-label={t("preview.archive.contents", { name })}
      >
        <table className="archive-table">
          <thead>
            <tr>
              <th scope="col">{t("preview.archive.path")}</th>
              <th scope="col" className="num archive-packed">
                {t("preview.archive.packedSize")}
              </th>
              <th scope="col" className="num">
                {t("preview.archive.size")}
              </th>
              <th scope="col">{t("preview.archive.modified")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, visible).map((e) => (
              <tr key={e.Path} className={e.IsDir ? "is-dir" : undefined}>
                <td className="archive-path">
                  <FileIcon isDir={e.IsDir} type="" name={e.Path} size={16} />
                  <EntryPath path={e.IsDir && !e.Path.endsWith("/") ? `${e.Path}/` : e.Path} />
                </td>
                <td className="num archive-packed">{e.IsDir ? "" : formatSize(e.PackedSize)}</td>
                <td className="num">{e.IsDir ? "" : formatSize(e.Size)}</td>
                <td className="archive-modified">
                  <ModifiedTime text={e.Modified} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rest > 0 && (
        <button
          type="button"
          className="btn archive-more"
          onClick={showMore}
          disabled={loadingMore}
          aria-busy={loadingMore}
        >
          {loadingMore
            ? t("preview.archive.loadingMore")
            : t("preview.archive.showMore", { count: Math.min(rest, ARCHIVE_ROWS_STEP), rest })}
        </button>
      )}
      {moreError !== null && (
        <p className="preview-view-error" role="alert">
          {errorMessage(moreError)}
        </p>
      )}
    </>
  );
}

/** A path that may wrap after each "/" before it has to break inside a name. */
function EntryPath({ path }: { path: string }) {
  const parts = path.split("/");
  return (
    <span>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </Fragment>
      ))}
    </span>
  );
}

/** 7-Zip's "2026-11-23 15:14:36" as a date and a time that each stay on one line (narrow screens wrap between them). */
function ModifiedTime({ text }: { text: string }) {
  const [date, time] = text.split(" ");
  return (
    <>
      <span>{date}</span> {time && <span>{time}</span>}
    </>
  );
}
