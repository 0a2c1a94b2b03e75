/** @module Keyboard shortcuts of the listing (SPEC §2 Files view): Esc, Delete, Enter, F2, Ctrl+A/C/X/V/S, arrows. */
import { useLocation } from "wouter";
import type { Resource } from "../../api/resources";
import type { Sorting } from "../../auth/token";
import { useShortcuts } from "../../keyboard/useShortcuts";
import { useAuth } from "../../stores/auth";
import { hasPrompt, setSidebarOpen, showPrompt, toggleTaskPanel, useLayout } from "../../stores/layout";
import { useListingView } from "../../stores/listing-view";
import { useRequest } from "../../stores/request";
import { escapeSelection, moveSelection, selectAll, selectedPaths, useSelection } from "../../stores/selection";
import { copyToClipboard, cutToClipboard, pasteInto, useClipboard } from "../../stores/clipboard";
import { downloadSelection } from "../../stores/download";
import { filesRoute } from "../../format/encode-path";
import { displayOrder, effectiveSorting } from "./useListingOrder";

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
  const { loading } = useRequest();
  const { selected } = useSelection();
  const clip = useClipboard();
  const view = useListingView();
  const perm = user?.perm;
  const can = (p: "rename" | "delete" | "download" | "create") => Boolean(perm && (perm.admin || perm[p]));
  const sorting = effectiveSorting(view.sorting as Sorting | null, listing, user?.sorting as Sorting | undefined);
  const ordered = () => {
    const { dirs, files } = displayOrder(listing.items ?? [], sorting);
    return [...dirs, ...files];
  };
  const chosen = () => (listing.items ?? []).filter((i) => selectedPaths().includes(i.path));
  const move = (delta: number) => {
    moveSelection(delta, ordered().map((i) => i.path));
    const now = selectedPaths();
    if (now.length) focusItem(now[0]);
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
      selectAll: () => selectAll(ordered().map((i) => i.path)),
      copy: () => copyToClipboard(selectedPaths()),
      cut: () => cutToClipboard(selectedPaths()),
      paste: () => void pasteInto(listing.path),
      selectNext: () => move(1),
      selectPrev: () => move(-1),
      download: () => downloadSelection(chosen(), listing.path),
    },
  );
  return null;
}
