/** @module Dragging a selection onto a folder moves it there (docs/product.md "Listing"), with HTML5 drag and drop. */
import { useMemo, type DragEvent } from "react";
import type { Resource } from "../../api/resources";
import { isSelected, selectedPaths, selectOnly } from "../../stores/selection";
import { transferItems } from "../../stores/transfer";
import { isInside } from "../../stores/transfer-rules";

/** The data type that marks a drag of listing items (files from the desktop carry "Files" instead). */
export const ITEM_DRAG_TYPE = "application/x-fbe-paths";

/** What a row needs to be dragged and, for a folder, to accept a drop. */
export interface ItemDragHandlers {
  enabled: boolean;
  start: (item: Resource, e: DragEvent) => void;
  /** Whether a drag over this folder can drop here (it is not one of the dragged items or inside them). */
  accepts: (folder: Resource, e: DragEvent) => boolean;
  drop: (folder: Resource, e: DragEvent) => void;
  end: () => void;
}

let dragged: string[] = [];

/**
 * Drag handlers shared by every row; `enabled` is the rename permission (moving needs it, docs/product.md "Roles and
 * permissions").
 */
export function useItemDrag(enabled: boolean): ItemDragHandlers {
  return useMemo(
    () => ({
      enabled,
      start: (item, e) => {
        if (!isSelected(item.path)) selectOnly(item.path);
        dragged = selectedPaths();
        e.dataTransfer.setData(ITEM_DRAG_TYPE, JSON.stringify(dragged));
        e.dataTransfer.setData("text/plain", dragged.join("\n"));
        e.dataTransfer.effectAllowed = "move";
      },
      accepts: (folder, e) =>
        enabled &&
        folder.isDir &&
        Array.from(e.dataTransfer?.types ?? []).includes(ITEM_DRAG_TYPE) &&
        !dragged.some((p) => p === folder.path || (p.endsWith("/") && isInside(folder.path, p))),
      drop: (folder, e) => {
        const raw = e.dataTransfer.getData(ITEM_DRAG_TYPE);
        const paths = raw ? (JSON.parse(raw) as string[]) : dragged;
        dragged = [];
        if (paths.length) void transferItems("move", paths, folder.path);
      },
      end: () => {
        dragged = [];
      },
    }),
    [enabled],
  );
}
