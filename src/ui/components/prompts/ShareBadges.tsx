/** @module Small badges of a share link's options (password, upload only, downloads against a limit, download speed). */
import { useTranslation } from "react-i18next";
import { Lock } from "lucide-react";
import type { ShareLink } from "../../../shared/wire/share";
import { downloadCount } from "../../stores/share-rules";

/** The link's option badges; `withCount` adds 'N/M downloads' when the link has a limit. Nothing when it has none. */
export function ShareBadges({
  link,
  withCount,
}: {
  link: Pick<ShareLink, "hasPassword" | "uploadOnly" | "downloadLimit" | "downloads"> & { downloadRate?: number };
  withCount: boolean;
}) {
  const { t } = useTranslation();
  const count = withCount && link.downloadLimit > 0;
  const rate = link.downloadRate ?? 0;
  if (!link.hasPassword && !link.uploadOnly && !count && rate === 0) return null;
  return (
    <span className="share-badges">
      {link.hasPassword && (
        <span className="badge share-badge" title={t("share.hasPassword")}>
          <Lock size={12} aria-hidden />
          <span className="visually-hidden">{t("share.hasPassword")}</span>
        </span>
      )}
      {link.uploadOnly && <span className="badge share-badge">{t("share.uploadOnlyBadge")}</span>}
      {count && <span className="badge share-badge">{t("share.downloadsOf", { value: downloadCount(link) })}</span>}
      {rate > 0 && (
        <span className="badge share-badge">{t("share.rateBadge", { value: Math.round(rate / 1024) })}</span>
      )}
    </span>
  );
}
