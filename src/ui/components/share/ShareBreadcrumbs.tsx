/** @module Breadcrumbs inside a shared folder: the share's top, then the last folders of the path (never above the share). */
import { ChevronRight, House } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { shareCrumbs, shareRoute } from "../../stores/public-share-rules";

/** The trail of the folder `sub` inside share `hash`; the last crumb is the current page. */
export function ShareBreadcrumbs({ hash, sub }: { hash: string; sub: string }) {
  const { t } = useTranslation();
  const crumbs = shareCrumbs(sub);
  return (
    <nav className="breadcrumbs share-breadcrumbs" aria-label={t("sharePage.breadcrumbs")}>
      <ol>
        <li>
          <Link href={shareRoute(hash)} className="crumb" aria-label={t("sharePage.root")} aria-current={crumbs.length === 0 ? "page" : undefined}>
            <House size={18} aria-hidden />
          </Link>
        </li>
        {crumbs.map((c, i) => (
          <li key={c.path}>
            <ChevronRight className="crumb-sep" size={16} aria-hidden />
            <Link
              href={shareRoute(hash, c.path)}
              className="crumb"
              aria-current={i === crumbs.length - 1 ? "page" : undefined}
              aria-label={c.name === "..." ? t("sharePage.parentFolders") : undefined}
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
