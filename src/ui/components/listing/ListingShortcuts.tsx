/**
 * @module Keyboard shortcuts of the listing (docs/product.md "Files view"): Esc, Delete, Enter, F2, Ctrl+A/C/X/V/S,
 * arrows, Home, End.
 */
import { useLocation } from "wouter";
import type { Resource } from "../../api/resources";
import type { Sorting } from "../../auth/token";
import { useShortcuts } from "../../keyboard/useShortcuts";
import { useAuth } from "../../stores/auth";
import { hasPrompt, setSidebarOpen, showPrompt, toggleTaskPanel, useLayout } from "../../stores/layout";
import { revealItem, useListingView } from "../../stores/listing-view";
import { useCurrentResource } from "../../stores/current-resource";
import {
  escapeSelection,
  moveSelection,
  selectAll,
  selectedPaths,
  selectOnly,
  useSelection,
} from "../../stores/selection";
import { pickSelected } from "../../stores/selection-rules";
import { copyToClipboard, cutToClipboard, pasteIntoCurrentFolder, useClipboard } from "../../stores/clipboard";
import { downloadSelection } from "../../stores/download";
import { filesRoute } from "../../format/encode-path";
import { displayOrder, effectiveSorting } from "./useListingOrder";

/** Registers the listing's keys while mounted; renders nothing. */
export function ListingShortcuts({ listing }: { listing: Resource }) {
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const { prompt } = useLayout();
  const { loading } = useCurrentResource();
  const { selected } = useSelection();
  const clip = useClipboard();
  const view = useListingView();
  const perm = user?.perm;
  const can = (p: "rename" | "delete" | "download" | "create") => Boolean(perm && (perm.admin || perm[p]));
  const sorting = effectiveSorting(view.sorting as Sorting | null, listing, user?.sorting as Sorting | undefined);
  // Paths in display order over the whole folder, not only the shown part (the order is computed once per sorting).
  const ordered = () => {
    const { dirs, files } = displayOrder(listing.items ?? [], sorting);
    return [...dirs, ...files].map((i) => i.path);
  };
  const chosen = () => pickSelected(listing.items ?? [], selectedPaths());
  // The item the keyboard moved to is shown (more pages if needed), scrolled to and focused.
  const reveal = (order: readonly string[]) => {
    const [path] = selectedPaths();
    if (path) revealItem(path, order.indexOf(path));
  };
  const move = (delta: number) => {
    const order = ordered();
    moveSelection(delta, order);
    reveal(order);
  };
  const jump = (end: "first" | "last") => {
    const order = ordered();
    if (order.length === 0) return;
    selectOnly(end === "first" ? order[0] : order[order.length - 1]);
    reveal(order);
  };
  const canPaste = clip.paths.length > 0 && (clip.mode === "cut" ? can("rename") : can("create"));
  useShortcuts(
    {
      view: "listing",
      promptOpen: prompt !== null,
      selectedCount: selected.length,
      canDelete: can("delete"),
      canRename: can("rename"),
      canDownload: can("download"),
      loading,
      canPaste,
    },
    {
      clearSelection: () => {
        escapeSelection();
        setSidebarOpen(false);
        toggleTaskPanel(false);
      },
      deleteSelection: () => !hasPrompt() && showPrompt({ kind: "delete", paths: selectedPaths() }),
      openSelection: () => {
        const [item] = chosen();
        if (item) navigate(filesRoute(item.path));
      },
      rename: () => showPrompt({ kind: "rename", path: selectedPaths()[0] }),
      selectAll: () => selectAll(ordered()),
      copy: () => copyToClipboard(selectedPaths()),
      cut: () => cutToClipboard(selectedPaths()),
      paste: () => void pasteIntoCurrentFolder(),
      selectNext: () => move(1),
      selectPrev: () => move(-1),
      selectFirst: () => jump("first"),
      selectLast: () => jump("last"),
      download: () => downloadSelection(chosen(), listing.path),
    },
  );
  return null;
}
