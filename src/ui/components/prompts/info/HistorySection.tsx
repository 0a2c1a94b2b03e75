/**
 * @module The "History" section of File info (docs/product.md "Activity log"): the newest entries about a file or
 * folder, each with the action in words, who, when, a move's or copy's destination and a failure; Show more loads
 * the next page.
 */
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import type { ActivityEntry } from "../../../api/activity";
import { formatFullDate, formatRelative } from "../../../format/format-date";
import { loadItemHistory, loadMoreItemHistory, useItemHistory } from "../../../stores/activity";
import { ActivityResult, activityWho } from "../../activity/activity-labels";

/** One entry: "Renamed · ann · 3 minutes ago", then the destination and a failure on their own line. */
function HistoryRow({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="history-row">
      <span className="history-action">{t(`activity.actions.${entry.action}`)}</span>
      <span className="history-meta">{activityWho(entry, t)}</span>
      <time className="history-meta" dateTime={entry.at} title={formatFullDate(entry.at, i18n.language)}>
        {formatRelative(entry.at, i18n.language)}
      </time>
      {entry.to !== undefined && (
        <span className="history-to cell-mono">{t("activity.toPath", { path: entry.to })}</span>
      )}
      {entry.result !== "ok" && (
        <span className="history-to">
          <ActivityResult result={entry.result} />
        </span>
      )}
    </li>
  );
}

/** Lists the entries about `path`, newest first; "No history yet" when there are none. */
export function HistorySection({ path }: { path: string }) {
  const { t } = useTranslation();
  const id = useId();
  const snap = useItemHistory();
  useEffect(() => void loadItemHistory(path), [path]);
  const mine = snap.path === path;
  const items = mine ? snap.items : null;
  return (
    <section className="meta-section history" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="meta-title">
        {t("activity.history")}
      </h3>
      {mine && snap.error ? (
        <p className="field-error">{snap.error}</p>
      ) : !items ? (
        <span className="info-pending" role="status">
          <span className="spinner spinner-small" aria-hidden />
          {t("activity.loading")}
        </span>
      ) : items.length === 0 ? (
        <p className="muted">{t("activity.noHistory")}</p>
      ) : (
        <ul className="history-list" aria-label={t("activity.history")}>
          {items.map((entry) => (
            <HistoryRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {items && snap.next !== null && (
        <button
          type="button"
          className="btn btn-small history-more"
          disabled={snap.loading}
          onClick={() => void loadMoreItemHistory()}
        >
          {t("activity.showMore")}
        </button>
      )}
    </section>
  );
}
