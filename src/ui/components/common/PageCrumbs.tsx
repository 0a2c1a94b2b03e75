/** @module The breadcrumb of a page outside the files view: home (/files/), then the page itself. */
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ChevronRight, House } from "lucide-react";

/** Home, then the current page (`href`, named `label`). */
export function PageCrumbs({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation();
  return (
    <nav className="breadcrumbs" aria-label={t("files.breadcrumbs")}>
      <ol>
        <li>
          <Link href="/files/" className="crumb" aria-label={t("files.home")}>
            <House size={18} aria-hidden />
          </Link>
        </li>
        <li>
          <ChevronRight className="crumb-sep" size={16} aria-hidden />
          <Link href={href} className="crumb" aria-current="page">
            {label}
          </Link>
        </li>
      </ol>
    </nav>
  );
}
