/**
 * @module Files and folders dropped from outside onto the listing are uploaded (docs/product.md "Listing", "Upload"):
 * into the folder row or card under the pointer, else into the folder on screen. Folders are walked through
 * DataTransferItem.webkitGetAsEntry so their structure is kept. Drags of listing items (moves) carry no "Files".
 */
import { useRef, useState, type DragEvent } from "react";
import { uploadTreeInto } from "../../stores/upload";
import { flattenEntries, type EntryLike, type UploadSource } from "../../stores/upload-tree";

function carriesFiles(e: DragEvent): boolean {
  return Array.from(e.dataTransfer?.types ?? []).includes("Files");
}

/** The path of the folder item under the event's target (a row in the list, a card in the mosaic), or null. */
function folderUnder(e: DragEvent): string | null {
  const target = e.target as Element | null;
  return target?.closest?.(".item-dir[data-path]")?.getAttribute("data-path") ?? null;
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

/**
 * Drag-and-drop handlers for the listing, whether files are dragged over it, and the folder item they would
 * drop into (null: the folder on screen, `dir`).
 */
export function useDropUpload(dir: string, enabled: boolean) {
  const [over, setOver] = useState(false);
  const [folder, setFolder] = useState<string | null>(null);
  const depth = useRef(0);
  const reset = () => {
    depth.current = 0;
    setOver(false);
    setFolder(null);
  };
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
      setFolder(folderUnder(e));
    },
    onDragLeave: (e: DragEvent) => {
      if (!enabled || !carriesFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) reset();
    },
    onDrop: (e: DragEvent) => {
      if (!enabled || !e.dataTransfer || !carriesFiles(e)) return;
      e.preventDefault();
      const target = folderUnder(e) ?? dir;
      reset();
      const { entries, files } = readDrop(e.dataTransfer);
      void flattenEntries(entries).then((tree) => {
        const plain: UploadSource[] = files.map((file) => ({ relativePath: file.name, file }));
        return uploadTreeInto(target, { files: [...tree.files, ...plain], emptyDirs: tree.emptyDirs });
      });
    },
  };
  return { over, folder, handlers };
}
