/**
 * @module The listing context menu (docs/product.md "Listing"): right-click on an item or on empty space; a long press
 * opens the action sheet.
 */
import type { ReactNode } from "react";
import * as Menu from "@radix-ui/react-context-menu";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import {
  addToSelection,
  isSelected,
  selectOnly,
  clearSelection,
  selectedPaths,
  selectionMode,
} from "../../stores/selection";
import { openActionSheet } from "../../stores/action-sheet";
import { useListingMenu } from "./useListingMenu";
import { useLongPress } from "./useLongPress";

/** Selects what a right-click or long press is about: the pressed item (kept with the others while selecting), or nothing on empty space. */
function pressOn(target: Element, touch: boolean): void {
  const path = target.closest<HTMLElement>(".item")?.dataset.path;
  if (!path) return clearSelection();
  if (isSelected(path)) return;
  // A finger adds to a selection in progress, as its taps do; a right-click on an unselected item starts anew.
  if (touch && (selectionMode() || selectedPaths().length > 0)) addToSelection(path);
  else selectOnly(path);
}

/** Wraps the listing; the menu acts on the selection, which a right-click on an unselected item replaces. */
export function ListingContextMenu({ listing, children }: { listing: Resource; children: ReactNode }) {
  const { t } = useTranslation();
  const { groups, run } = useListingMenu(listing);
  const press = useLongPress(({ target, x, y }) => {
    pressOn(target, true);
    openActionSheet("menu", { x, y });
  });
  if (groups.length === 0) return <>{children}</>;
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        asChild
        onPointerDown={press.onPointerDown}
        onPointerMove={press.onPointerMove}
        onPointerUp={press.onPointerUp}
        onPointerCancel={press.onPointerCancel}
        onClickCapture={press.onClickCapture}
        onContextMenu={(e) => {
          press.onContextMenu(e);
          if (!e.defaultPrevented) pressOn(e.target as Element, false);
        }}
      >
        {children}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="context-menu" aria-label={t("menu.label")} collisionPadding={8}>
          {groups.map((group, gi) => (
            <Menu.Group key={group.id} aria-label={t(`menu.groups.${group.id}`)}>
              {gi > 0 && <Menu.Separator className="context-menu-separator" />}
              {group.id === "task" && <Menu.Label className="context-menu-label">{t("menu.groups.task")}</Menu.Label>}
              {group.items.map((entry) => (
                <Menu.Item
                  key={entry.id}
                  className="context-menu-item"
                  disabled={!entry.enabled}
                  title={entry.reason ? t(`menu.why.${entry.reason}`) : undefined}
                  onSelect={() => run(entry.id)}
                >
                  {t(`menu.items.${entry.id}`)}
                </Menu.Item>
              ))}
            </Menu.Group>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
