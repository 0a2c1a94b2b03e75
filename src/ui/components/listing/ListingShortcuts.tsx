/** @module Keyboard shortcuts of the listing (SPEC §2 Files view): Esc, Delete, Enter, Ctrl+A, arrows, Ctrl+S. */
import { useLocation } from "wouter";
import type { Resource } from "../../api/resources";
import type { Sorting } from "../../auth/token";
import { useShortcuts } from "../../keyboard/useShortcuts";
import { useAuth } from "../../stores/auth";
import { hasPrompt, setSidebarOpen, showPrompt, useLayout } from "../../stores/layout";
import { useListingView } from "../../stores/listing-view";
import { clearSelection, moveSelection, selectAll, selectedPaths, useSelection } from "../../stores/selection";
import { downloadFile } from "../../stores/operations";
import { filesRoute } from "../../format/encode-path";
import { displayOrder } from "./Listing";

function focusItem(path: string): void {
  const el = document.querySelector<HTMLElement>(`.item[data-path="${CSS.escape(path)}"]`);
  el?.focus();
  el?.scrollIntoView({ block: "nearest" });
}

/** Registers the listing's keys while mounted; renders nothing. */
export function ListingShortcuts({ listing }: { listing: Resource }) {
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const { prompt } = useLayout();
  const { selected } = useSelection();
  const view = useListingView();
  const sorting = (view.sorting as Sorting | null) ?? (listing.sorting as Sorting | undefined) ?? { by: "name", asc: true };
  const ordered = () => {
    const { dirs, files } = displayOrder(listing.items ?? [], sorting);
    return [...dirs, ...files];
  };
  const find = (path: string) => listing.items?.find((i) => i.path === path);
  const move = (delta: number) => {
    const order = ordered().map((i) => i.path);
    moveSelection(delta, order);
    const now = selectedPaths();
    if (now.length) focusItem(now[0]);
  };
  useShortcuts(
    { view: "listing", promptOpen: prompt !== null, selectedCount: selected.length, canDelete: Boolean(user?.perm.delete) },
    {
      clearSelection: () => {
        clearSelection();
        setSidebarOpen(false);
      },
      deleteSelection: () => !hasPrompt() && showPrompt({ kind: "delete", paths: selectedPaths() }),
      openSelection: () => {
        const item = find(selectedPaths()[0]);
        if (item) navigate(filesRoute(item.path));
      },
      selectAll: () => selectAll(ordered().map((i) => i.path)),
      selectNext: () => move(1),
      selectPrev: () => move(-1),
      download: () => {
        const item = find(selectedPaths()[0]);
        if (item && !item.isDir && user?.perm.download) downloadFile(item.path);
      },
    },
  );
  return null;
}
