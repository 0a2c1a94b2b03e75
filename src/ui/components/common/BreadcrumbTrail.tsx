/**
 * @module A breadcrumb trail on one line: a home crumb, then one link per crumb, the last marked as the current page.
 * Ancestors that do not fit (all but the last 3, all but the last one on a phone) fold into a "..." menu.
 */
import { ChevronRight, Ellipsis, Folder, House } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "wouter";
import { foldCrumbs, type Crumb } from "../../format/breadcrumbs";
import { PHONE_QUERY, useMediaQuery } from "../../hooks/useMediaQuery";

/** Crumbs that keep their names on a phone: the current folder alone (UI choice: the line must fit 375 px). */
const PHONE_VISIBLE_CRUMBS = 1;

/** What a trail needs: its crumbs, where home and each crumb lead, and the accessible names. */
export interface BreadcrumbTrailProps {
  crumbs: readonly Crumb[];
  homeHref: string;
  hrefOf: (path: string) => string;
  navLabel: string;
  homeLabel: string;
  /** Name of the folded "..." crumb and of its menu. */
  parentLabel: string;
  className?: string;
}

/** The folded ancestors: a button opening a menu of links, outermost first; arrows move, Esc closes. */
function HiddenCrumbs({
  crumbs,
  hrefOf,
  label,
}: {
  crumbs: readonly Crumb[];
  hrefOf: (path: string) => string;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const links = () => Array.from(root.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? []);
  useEffect(() => {
    if (!open) return;
    links().at(-1)?.focus();
    const outside = (e: PointerEvent) => root.current?.contains(e.target as Node) || setOpen(false);
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (!open) return;
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (e.key === "Escape") {
      setOpen(false);
      button.current?.focus();
    } else if (e.key === "ArrowDown" || e.key === "ArrowUp")
      all[(at + (e.key === "ArrowDown" ? 1 : all.length - 1)) % all.length]?.focus();
    else if (e.key === "Tab") return setOpen(false);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    <span className="crumb-more" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="crumb"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        <Ellipsis size={18} aria-hidden />
      </button>
      {open && (
        <span className="crumb-menu" role="menu" id={id} aria-label={label}>
          {crumbs.map((c) => (
            <Link
              key={c.path}
              href={hrefOf(c.path)}
              role="menuitem"
              tabIndex={-1}
              className="crumb-menu-item"
              onClick={() => setOpen(false)}
            >
              <Folder size={18} aria-hidden className="file-icon icon-folder" />
              <span>{c.name}</span>
            </Link>
          ))}
        </span>
      )}
    </span>
  );
}

/** Renders the trail; the home crumb is the current page when there is no other crumb. */
export function BreadcrumbTrail({
  crumbs,
  homeHref,
  hrefOf,
  navLabel,
  homeLabel,
  parentLabel,
  className = "breadcrumbs",
}: BreadcrumbTrailProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  const shown = phone ? foldCrumbs(crumbs, PHONE_VISIBLE_CRUMBS) : crumbs;
  return (
    <nav className={className} aria-label={navLabel}>
      <ol>
        <li className="crumb-fixed">
          <Link
            href={homeHref}
            className="crumb"
            aria-label={homeLabel}
            aria-current={shown.length === 0 ? "page" : undefined}
          >
            <House size={18} aria-hidden />
          </Link>
        </li>
        {shown.map((c, i) => (
          <li key={c.path} className={c.hidden ? "crumb-fixed" : undefined}>
            <ChevronRight className="crumb-sep" size={16} aria-hidden />
            {c.hidden ? (
              <HiddenCrumbs crumbs={c.hidden} hrefOf={hrefOf} label={parentLabel} />
            ) : (
              <Link
                href={hrefOf(c.path)}
                className="crumb"
                title={c.name}
                aria-current={i === shown.length - 1 ? "page" : undefined}
              >
                <span className="crumb-name">{c.name}</span>
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
