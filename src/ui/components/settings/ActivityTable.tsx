/**
 * @module The table of the Activity page (docs/product.md "Activity log"): time, user or share, IP, channel, action,
 * path (→ destination), bytes and result. Phones stack each entry (styles/activity.css).
 */
import { useTranslation } from "react-i18next";
import type { ActivityEntry } from "../../api/activity";
import { formatFullDate } from "../../format/format-date";
import { formatSize } from "../../format/format-size";
import { ActivityResult, activityWho } from "../activity/activity-labels";

/** One entry: its cells carry their column's name (data-label) for the stacked phone layout. */
function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation();
  return (
    <tr>
      <td className="activity-cell activity-time" data-label={t("activity.columns.time")}>
        <time dateTime={entry.at} title={entry.at}>
          {formatFullDate(entry.at, i18n.language)}
        </time>
      </td>
      <td className="activity-cell" data-label={t("activity.columns.user")}>
        {activityWho(entry, t)}
      </td>
      <td className="activity-cell cell-mono" data-label={t("activity.columns.ip")}>
        {entry.ip}
      </td>
      <td className="activity-cell" data-label={t("activity.columns.via")}>
        {entry.via}
      </td>
      <td className="activity-cell activity-action" data-label={t("activity.columns.action")}>
        {t(`activity.actions.${entry.action}`)}
      </td>
      <td className="activity-cell activity-path cell-mono" data-label={t("activity.columns.path")}>
        {entry.path ?? ""}
        {entry.to !== undefined && ` → ${entry.to}`}
      </td>
      <td className="activity-cell activity-bytes" data-label={t("activity.columns.bytes")}>
        {entry.bytes !== undefined ? formatSize(entry.bytes) : ""}
      </td>
      <td className="activity-cell activity-result" data-label={t("activity.columns.result")}>
        <ActivityResult result={entry.result} />
      </td>
    </tr>
  );
}

/** The entries loaded so far, newest first. */
export function ActivityTable({ items }: { items: readonly ActivityEntry[] }) {
  const { t } = useTranslation();
  return (
    <table className="data-table activity-table" aria-label={t("activity.title")}>
      <thead>
        <tr>
          <th>{t("activity.columns.time")}</th>
          <th>{t("activity.columns.user")}</th>
          <th>{t("activity.columns.ip")}</th>
          <th>{t("activity.columns.via")}</th>
          <th>{t("activity.columns.action")}</th>
          <th>{t("activity.columns.path")}</th>
          <th>{t("activity.columns.bytes")}</th>
          <th>{t("activity.columns.result")}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((entry) => (
          <ActivityRow key={entry.id} entry={entry} />
        ))}
      </tbody>
    </table>
  );
}
