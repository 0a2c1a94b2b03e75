/**
 * @module /settings/activity: the activity log for admins (docs/product.md "Activity log"): filters, the entries
 * newest first with the next page loaded as the end of the list comes into view, and the CSV export.
 */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Download } from "lucide-react";
import { exportActivityCsv, filterActivity, loadMoreActivity, useActivity } from "../../stores/activity";
import { loadAccounts, useUsers } from "../../stores/users";
import { SettingsFrame } from "../../components/settings/SettingsFrame";
import { ActivityFilters } from "../../components/settings/ActivityFilters";
import { ActivityTable } from "../../components/settings/ActivityTable";

/** How far below the screen the end of the list may still be when the next page is asked for (UI choice). */
const PRELOAD_MARGIN = "400px";

/**
 * Asks for the next page whenever the element `ref` points at is in view. It is watched anew after each page
 * (`loaded` changes), so an end still in view after a short page asks again.
 */
function useEndOfList(loaded: number) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && void loadMoreActivity(), {
      rootMargin: PRELOAD_MARGIN,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [loaded]);
  return ref;
}

/** The Activity page. */
export function ActivityPage() {
  const { t } = useTranslation();
  const { items, next, loading, error, filter } = useActivity();
  const { list } = useUsers();
  useEffect(() => void loadAccounts(), []);
  const end = useEndOfList(items === null ? -1 : items.length);
  const names = (list ?? []).map((u) => u.username);
  return (
    <SettingsFrame
      title={t("activity.title")}
      wide
      actions={
        <button type="button" className="btn" onClick={() => void exportActivityCsv()}>
          <Download size={16} aria-hidden />
          {t("activity.exportCsv")}
        </button>
      }
    >
      <ActivityFilters userNames={names} initial={filter} onChange={(f) => void filterActivity(f)} />
      <div className="card card-flush table-scroll activity-list">
        {error ? (
          <p className="field-error card-pad">{error}</p>
        ) : !items ? (
          <p className="muted card-pad">{t("settings.loading")}</p>
        ) : items.length === 0 ? (
          <p className="muted card-pad">{t("activity.empty")}</p>
        ) : (
          <ActivityTable items={items} />
        )}
        {items && next !== null && (
          <div ref={end} className="activity-more muted" role="status">
            {loading ? t("settings.loading") : ""}
          </div>
        )}
      </div>
    </SettingsFrame>
  );
}
