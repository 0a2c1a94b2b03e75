/** @module Breadcrumbs with a home link to /files/ and the last segments of the path (SPEC §2 Files view). */
import { ChevronRight, House } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { breadcrumbTrail } from "../../format/breadcrumbs";
import { filesRoute } from "../../format/encode-path";

/** The trail for a folder path; the last crumb is the current page. */
export function Breadcrumbs({ path }: { path: string }) {
  const { t } = useTranslation();
  const crumbs = breadcrumbTrail(path);
  return (
    <nav className="breadcrumbs" aria-label={t("files.breadcrumbs")}>
      <ol>
        <li>
          <Link href="/files/" className="crumb" aria-label={t("files.home")} aria-current={crumbs.length === 0 ? "page" : undefined}>
            <House size={18} aria-hidden />
          </Link>
        </li>
        {crumbs.map((c, i) => (
          <li key={c.path}>
            <ChevronRight className="crumb-sep" size={16} aria-hidden />
            <Link
              href={filesRoute(c.path)}
              className="crumb"
              aria-current={i === crumbs.length - 1 ? "page" : undefined}
              aria-label={c.name === "..." ? t("files.parentFolders") : undefined}
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
