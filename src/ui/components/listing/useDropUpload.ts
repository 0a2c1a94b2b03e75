/** @module Files dropped from outside onto the listing are uploaded (SPEC §2 Listing). */
import { useRef, useState, type DragEvent } from "react";
import { uploadFiles } from "../../stores/upload";
import { notifyError } from "../../notify";

function carriesFiles(e: DragEvent): boolean {
  return Array.from(e.dataTransfer?.types ?? []).includes("Files");
}

function droppedFolders(dt: DataTransfer): boolean {
  return Array.from(dt.items ?? []).some((i) => i.kind === "file" && i.webkitGetAsEntry?.()?.isDirectory);
}

/**
 * Drag-and-drop handlers for a drop zone, plus whether files are being dragged over it. Dropped files go
 * into `dir`; `existing` names raise the replace prompt. `folderMessage` is shown when folders are dropped.
 */
export function useDropUpload(dir: string, existing: () => string[], enabled: boolean, folderMessage: string) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const handlers = {
    onDragEnter: (e: DragEvent) => {
      if (!enabled || !carriesFiles(e)) return;
      e.preventDefault();
      depth.current++;
      setOver(true);
    },
    onDragOver: (e: DragEvent) => {
      if (!enabled || !carriesFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "copy";
    },
    onDragLeave: (e: DragEvent) => {
      if (!enabled || !carriesFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    },
    onDrop: (e: DragEvent) => {
      if (!enabled) return;
      e.preventDefault();
      depth.current = 0;
      setOver(false);
      const dt = e.dataTransfer;
      if (!dt) return;
      const files = Array.from(dt.files ?? []);
      if (droppedFolders(dt)) notifyError(folderMessage);
      const plain = files.filter((f, i) => !dt.items?.[i]?.webkitGetAsEntry?.()?.isDirectory);
      void uploadFiles(dir, plain, existing());
    },
  };
  return { over, handlers };
}
