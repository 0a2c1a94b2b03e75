/** @module The listing context menu (SPEC §2 Listing): right-click or long-press on an item or on empty space. */
import { useMemo, type ReactNode } from "react";
import * as Menu from "@radix-ui/react-context-menu";
import { useTranslation } from "react-i18next";
import type { Resource } from "../../api/resources";
import { useAuth } from "../../stores/auth";
import { isSelected, selectOnly, clearSelection, useSelection } from "../../stores/selection";
import { contextMenuModel } from "../../stores/context-menu-rules";
import { pickSelected } from "../../stores/selection-rules";
import { runMenuAction } from "../../stores/menu-actions";

/** Wraps the listing; the menu acts on the selection, which a right-click on an unselected item replaces. */
export function ListingContextMenu({ listing, children }: { listing: Resource; children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { selected } = useSelection();
  // Memoized: the listing re-renders this wrapper on every page it adds, and a selection may hold a whole big folder.
  const items = useMemo(() => pickSelected(listing.items ?? [], selected), [listing.items, selected]);
  if (!user) return <>{children}</>;
  const groups = contextMenuModel({ perm: user.perm, selectedCount: items.length, singleFile: items.length === 1 && !items[0].isDir });
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        asChild
        onContextMenu={(e) => {
          const row = (e.target as Element).closest<HTMLElement>(".item");
          const path = row?.dataset.path;
          if (path && !isSelected(path)) selectOnly(path);
          if (!path) clearSelection();
        }}
      >
        {children}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="context-menu" aria-label={t("menu.label")} collisionPadding={8}>
          {groups.map((group, gi) => (
            <Menu.Group key={group.id} aria-label={t(`menu.groups.${group.id}`)}>
              {gi > 0 && <Menu.Separator className="context-menu-separator" />}
              <Menu.Label className="context-menu-label">{t(`menu.groups.${group.id}`)}</Menu.Label>
              {group.items.map((entry) => (
                <Menu.Item
                  key={entry.id}
                  className="context-menu-item"
                  disabled={!entry.enabled}
                  onSelect={() => void runMenuAction(entry.id, items)}
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
