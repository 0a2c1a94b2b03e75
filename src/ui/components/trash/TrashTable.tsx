/**
 * @module The table of the Trash page (docs/product.md "Trash"): name with its icon, original folder, when it was
 * deleted, size, who deleted it (admins), and Restore, Restore to… and Delete forever per entry. Phones stack each
 * entry (styles/trash.css).
 */
import { useTranslation } from "react-i18next";
import { FolderInput, RotateCcw, Trash2 } from "lucide-react";
import type { TrashItem } from "../../api/trash";
import { FileIcon } from "../listing/FileIcon";
import { formatFullDate, formatRelative } from "../../format/format-date";
import { SIZE_MEASURING, trashSizeText } from "../../stores/trash-rules";

/** What the table's buttons do; the page decides (Delete forever asks first). */
export interface TrashRowActions {
  restore: (item: TrashItem) => void;
  restoreTo: (item: TrashItem) => void;
  deleteForever: (item: TrashItem) => void;
}

/** One entry: its cells carry their column's name (data-label) for the stacked phone layout. */
function TrashRow({
  item,
  withDeletedBy,
  busy,
  actions,
}: {
  item: TrashItem;
  withDeletedBy: boolean;
  busy: boolean;
  actions: TrashRowActions;
}) {
  const { t, i18n } = useTranslation();
  const size = trashSizeText(item.size);
  return (
    <tr>
      <td className="trash-name">
        <span className="trash-name-inner">
          <FileIcon isDir={item.isDir} type="" name={item.name} size={20} />
          <span className="trash-name-text" title={item.path}>
            {item.name}
          </span>
        </span>
      </td>
      <td className="trash-meta cell-mono trash-dir" data-label={t("trash.columns.folder")} title={item.dir}>
        {item.dir}
      </td>
      <td className="trash-meta" data-label={t("trash.columns.deletedAt")}>
        <time dateTime={item.deletedAt} title={formatFullDate(item.deletedAt, i18n.language)}>
          {formatRelative(item.deletedAt, i18n.language)}
        </time>
      </td>
      <td className="trash-meta trash-size" data-label={t("trash.columns.size")}>
        {size === SIZE_MEASURING ? <span title={t("trash.measuring")}>{size}</span> : size}
      </td>
      {withDeletedBy && (
        <td className="trash-meta" data-label={t("trash.columns.deletedBy")}>
          {item.deletedBy || "—"}
        </td>
      )}
      <td className="trash-actions">
        <span className="trash-ops">
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            aria-label={t("trash.restoreNamed", { name: item.name })}
            onClick={() => actions.restore(item)}
          >
            <RotateCcw size={16} aria-hidden />
            {t("trash.restore")}
          </button>
          <button
            type="button"
            className="btn btn-small trash-secondary"
            disabled={busy}
            aria-label={t("trash.restoreToNamed", { name: item.name })}
            title={t("trash.restoreTo")}
            onClick={() => actions.restoreTo(item)}
          >
            <FolderInput size={16} aria-hidden />
            <span className="trash-op-label">{t("trash.restoreTo")}</span>
          </button>
          <button
            type="button"
            className="btn btn-small trash-secondary trash-forever"
            disabled={busy}
            aria-label={t("trash.deleteForeverNamed", { name: item.name })}
            title={t("trash.deleteForever")}
            onClick={() => actions.deleteForever(item)}
          >
            <Trash2 size={16} aria-hidden />
            <span className="trash-op-label">{t("trash.deleteForever")}</span>
          </button>
        </span>
      </td>
    </tr>
  );
}

/** The entries, newest first as the server answers; `withDeletedBy` adds the admins' "Deleted by" column. */
export function TrashTable({
  items,
  withDeletedBy,
  busy,
  actions,
}: {
  items: readonly TrashItem[];
  withDeletedBy: boolean;
  busy: boolean;
  actions: TrashRowActions;
}) {
  const { t } = useTranslation();
  return (
    <table className="data-table trash-table" aria-label={t("trash.title")}>
      <thead>
        <tr>
          <th>{t("trash.columns.name")}</th>
          <th>{t("trash.columns.folder")}</th>
          <th>{t("trash.columns.deletedAt")}</th>
          <th>{t("trash.columns.size")}</th>
          {withDeletedBy && <th>{t("trash.columns.deletedBy")}</th>}
          <th className="trash-actions-head">{t("trash.columns.actions")}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <TrashRow key={item.id} item={item} withDeletedBy={withDeletedBy} busy={busy} actions={actions} />
        ))}
      </tbody>
    </table>
  );
}
