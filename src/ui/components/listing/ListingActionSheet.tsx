/**
 * @module The listing's action sheet: the menu a long press opens and the selection bar's More menu. A bottom sheet
 * on phones, a menu at the press point or button on wider screens; it stays until an entry, Esc or a tap outside.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import { closeActionSheet, useActionSheet } from "../../stores/action-sheet";
import { moreMenuModel } from "../../stores/context-menu-rules";
import { MOBILE_MAX_WIDTH } from "../../constants";
import { useListingMenu } from "./useListingMenu";

/** Room kept between the menu and the window's edges (CSS px). */
const EDGE_PX = 8;

/** Moves focus to the next or previous entry of the menu (arrow keys), wrapping around. */
function moveFocus(menu: HTMLElement, delta: number): void {
  const entries = Array.from(menu.querySelectorAll<HTMLElement>("[role=menuitem]"));
  const at = entries.indexOf(document.activeElement as HTMLElement);
  const next = at < 0 ? (delta > 0 ? 0 : entries.length - 1) : (at + delta + entries.length) % entries.length;
  entries[next]?.focus();
}

/** The open sheet for the folder on screen, or nothing. */
export function ListingActionSheet({ listing }: { listing: Resource }) {
  const { t } = useTranslation();
  const { sheet } = useActionSheet();
  const { groups, items, run } = useListingMenu(listing);
  const ref = useRef<HTMLDialogElement>(null);
  // A click counts only when its press began in the sheet after it opened (or it came from the keyboard): the lift of
  // the long press that opened the sheet may send a click at the finger's place, which is not a choice.
  const down = useRef<EventTarget | null>(null);
  const chosen = (e: MouseEvent) => e.detail === 0 || down.current !== null;
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  const phone = window.innerWidth <= MOBILE_MAX_WIDTH;

  useEffect(() => closeActionSheet, [listing.path]);
  useLayoutEffect(() => {
    const el = ref.current;
    down.current = null;
    if (el && !el.open) el.showModal();
    // The menu itself takes the focus, not its first entry (which would look chosen); arrows move into the entries.
    el?.querySelector<HTMLElement>("[role=menu]")?.focus({ preventScroll: true });
    // Opening focuses inside the dialog, which scrolls the title away; the sheet starts at its top.
    if (el) el.scrollTop = 0;
    if (!el || !sheet || phone) return setPlace(null);
    const { width, height } = el.getBoundingClientRect();
    const left = Math.max(EDGE_PX, Math.min(sheet.at.x, window.innerWidth - width - EDGE_PX));
    const below = sheet.at.y + height <= window.innerHeight - EDGE_PX;
    setPlace({ left, top: below ? sheet.at.y : Math.max(EDGE_PX, sheet.at.y - height) });
    return () => el.close();
  }, [sheet, phone]);

  if (!sheet || groups.length === 0) return null;
  const shown = sheet.kind === "more" ? moreMenuModel(groups) : groups;
  const title =
    sheet.kind === "more"
      ? t("menu.more")
      : items.length === 1
        ? items[0].name
        : items.length > 1
          ? t("header.selected", { count: items.length })
          : listing.name || t("files.home");
  const onKey = (e: KeyboardEvent) => {
    // Esc closes only the sheet, not the selection behind it as well (the listing's Esc shortcut).
    if (e.key === "Escape") {
      e.preventDefault();
      e.stopPropagation();
      closeActionSheet();
      return;
    }
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    e.preventDefault();
    moveFocus(e.currentTarget as HTMLElement, e.key === "ArrowDown" ? 1 : -1);
  };
  return (
    <dialog
      ref={ref}
      className={`action-sheet${phone ? " is-bottom" : ""}`}
      aria-label={title}
      style={place ? { left: place.left, top: place.top } : undefined}
      onCancel={(e) => {
        e.preventDefault();
        closeActionSheet();
      }}
      onKeyDown={onKey}
      onPointerDown={(e) => (down.current = e.target)}
      onClick={(e) => {
        if (e.target === ref.current && down.current === ref.current) closeActionSheet();
      }}
    >
      <div className="action-sheet-title" title={title}>
        {title}
      </div>
      <div role="menu" aria-label={title} className="action-sheet-menu" tabIndex={-1}>
        {shown.map((group, gi) => (
          <div key={group.id} role="group" aria-label={t(`menu.groups.${group.id}`)}>
            {gi > 0 && <div role="separator" className="context-menu-separator" />}
            {group.id === "task" && <div className="context-menu-label">{t("menu.groups.task")}</div>}
            {group.items.map((entry) => {
              const why = entry.reason ? t(`menu.why.${entry.reason}`) : undefined;
              return (
                <button
                  key={entry.id}
                  type="button"
                  role="menuitem"
                  className="context-menu-item"
                  aria-disabled={!entry.enabled || undefined}
                  title={why}
                  onClick={(e) => {
                    if (!entry.enabled || !chosen(e)) return;
                    closeActionSheet();
                    run(entry.id);
                  }}
                >
                  <span>{t(`menu.items.${entry.id}`)}</span>
                  {why && !entry.enabled && (
                    <span className="action-sheet-why" aria-hidden>
                      {why}
                    </span>
                  )}
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </dialog>
  );
}
