/** @module Words shared by the Activity page and the History section: who made an entry and how it ended. */
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { ActivityEntry } from "../../api/activity";

/** The user's name, "Share {hash}" for a visitor, or "System" for the server itself (docs/product.md "Activity log"). */
export function activityWho(entry: ActivityEntry, t: TFunction): string {
  if (entry.user) return entry.user;
  if (entry.share) return t("activity.share", { hash: entry.share });
  return t("activity.system");
}

/** "ok" in words, or the error answered marked as failed. */
export function ActivityResult({ result }: { result: string }) {
  const { t } = useTranslation();
  if (result === "ok") return <span className="muted">{t("activity.ok")}</span>;
  return (
    <span className="activity-failed" title={result}>
      <span className="badge badge-danger">{t("activity.failed")}</span> {result}
    </span>
  );
}
