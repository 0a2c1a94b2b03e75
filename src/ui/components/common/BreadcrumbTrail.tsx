/** @module A breadcrumb trail: a home crumb, then one link per crumb, the last marked as the current page. */
import { ChevronRight, House } from "lucide-react";
import { Link } from "wouter";
import type { Crumb } from "../../format/breadcrumbs";

/** What a trail needs: its crumbs, where home and each crumb lead, and the accessible names. */
export interface BreadcrumbTrailProps {
  crumbs: readonly Crumb[];
  homeHref: string;
  hrefOf: (path: string) => string;
  navLabel: string;
  homeLabel: string;
  /** Name of the folded "..." crumb. */
  parentLabel: string;
  className?: string;
}

/** Renders the trail; the home crumb is the current page when there is no other crumb. */
export function BreadcrumbTrail({ crumbs, homeHref, hrefOf, navLabel, homeLabel, parentLabel, className = "breadcrumbs" }: BreadcrumbTrailProps) {
  return (
    <nav className={className} aria-label={navLabel}>
      <ol>
        <li>
          <Link href={homeHref} className="crumb" aria-label={homeLabel} aria-current={crumbs.length === 0 ? "page" : undefined}>
            <House size={18} aria-hidden />
          </Link>
        </li>
        {crumbs.map((c, i) => (
          <li key={c.path}>
            <ChevronRight className="crumb-sep" size={16} aria-hidden />
            <Link
              href={hrefOf(c.path)}
              className="crumb"
              aria-current={i === crumbs.length - 1 ? "page" : undefined}
              aria-label={c.name === "..." ? parentLabel : undefined}
            >
              {c.name}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
