/** @module The listing's menu model for the current user, selection and clipboard, and the runner of its entries. */
import { useMemo } from "react";
import { useLocation } from "wouter";
import type { Resource } from "../../api/resources";
import { useAuth } from "../../stores/auth";
import { useSelection } from "../../stores/selection";
import { pickSelected } from "../../stores/selection-rules";
import { useClipboard } from "../../stores/clipboard";
import { contextMenuModel, type MenuGroup, type MenuItemId } from "../../stores/context-menu-rules";
import { runMenuAction } from "../../stores/menu-actions";
import { filesRoute } from "../../format/encode-path";

/** The groups of the menu (none when logged out), the selected items it acts on, and `run(id)`. */
export function useListingMenu(listing: Resource): {
  groups: MenuGroup[];
  items: Resource[];
  run: (id: MenuItemId) => void;
} {
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const { selected } = useSelection();
  const clip = useClipboard();
  // Memoized: the listing re-renders on every page it adds, and a selection may hold a whole big folder.
  const items = useMemo(() => pickSelected(listing.items ?? [], selected), [listing.items, selected]);
  if (!user) return { groups: [], items, run: () => {} };
  const can = (p: "create" | "rename") => user.perm.admin || user.perm[p];
  const canPaste = clip.paths.length > 0 && can(clip.mode === "cut" ? "rename" : "create");
  const groups = contextMenuModel({ perm: user.perm, selected: items, canPaste });
  const run = (id: MenuItemId) =>
    void runMenuAction(id, items, {
      open: (item) => navigate(filesRoute(item.path)),
      dir: listing.path,
      existing: () => (listing.items ?? []).map((i) => i.name),
    });
  return { groups, items, run };
}
