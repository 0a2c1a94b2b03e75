/**
 * @module Files and folders dropped from outside onto the listing are uploaded (SPEC §2 Listing, §4 Upload);
 * folders are walked through DataTransferItem.webkitGetAsEntry so their structure is kept.
 */
import { useRef, useState, type DragEvent } from "react";
import { uploadTree } from "../../stores/upload";
import { flattenEntries, type EntryLike, type UploadSource } from "../../stores/upload-tree";

function carriesFiles(e: DragEvent): boolean {
  return Array.from(e.dataTransfer?.types ?? []).includes("Files");
}

/**
 * Reads what a drop carries while the event lasts (the browser empties the items afterwards): entries to walk,
 * and plain files where no entry is available.
 */
function readDrop(dt: DataTransfer): { entries: EntryLike[]; files: File[] } {
  const entries: EntryLike[] = [];
  const files: File[] = [];
  const items = Array.from(dt.items ?? []).filter((i) => i.kind === "file");
  for (const item of items) {
    const entry = (item.webkitGetAsEntry?.() ?? null) as EntryLike | null;
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile?.();
      if (file) files.push(file);
    }
  }
  if (items.length === 0) files.push(...Array.from(dt.files ?? []));
  return { entries, files };
}

/** Drag-and-drop handlers for a drop zone, plus whether files are being dragged over it. Drops go into `dir`. */
export function useDropUpload(dir: string, existing: () => string[], enabled: boolean) {
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
      if (!enabled || !e.dataTransfer || !carriesFiles(e)) return;
      e.preventDefault();
      depth.current = 0;
      setOver(false);
      const { entries, files } = readDrop(e.dataTransfer);
      const names = existing();
      void flattenEntries(entries).then((tree) => {
        const plain: UploadSource[] = files.map((file) => ({ relativePath: file.name, file }));
        return uploadTree(dir, { files: [...tree.files, ...plain], emptyDirs: tree.emptyDirs }, names);
      });
    },
  };
  return { over, handlers };
}
