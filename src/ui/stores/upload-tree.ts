/**
 * @module Pure walk of dropped or picked folders into files with relative paths (docs/product.md "Upload": whole
 * folders keep their structure). Works on anything shaped like the browser's FileSystemEntry, so tests can pass fakes.
 */

/** The parts of FileSystemEntry the walk uses. */
export interface EntryLike {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
  file?: (ok: (file: File) => void, fail?: (err: unknown) => void) => void;
  createReader?: () => { readEntries: (ok: (entries: EntryLike[]) => void, fail?: (err: unknown) => void) => void };
}

/** A file to upload at a path relative to the target folder ("photos/2024/a.jpg"). */
export interface UploadSource {
  relativePath: string;
  file: File;
}

/** Files to send, plus the folders that must exist even when they hold no file. */
export interface UploadTree {
  files: UploadSource[];
  emptyDirs: string[];
}

function readFile(entry: EntryLike): Promise<File> {
  return new Promise((resolve, reject) => entry.file!(resolve, reject));
}

/** Reads every child of a folder; readEntries answers in batches until an empty one. */
async function readChildren(entry: EntryLike): Promise<EntryLike[]> {
  const reader = entry.createReader!();
  const all: EntryLike[] = [];
  for (;;) {
    const batch = await new Promise<EntryLike[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: EntryLike, prefix: string, tree: UploadTree): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile && entry.file) {
    tree.files.push({ relativePath: path, file: await readFile(entry) });
    return;
  }
  if (!entry.isDirectory || !entry.createReader) return;
  const children = await readChildren(entry);
  if (children.length === 0) tree.emptyDirs.push(path);
  for (const child of children) await walk(child, path, tree);
}

/** Flattens dropped entries (files and folders, any depth) into relative paths, depth first. */
export async function flattenEntries(entries: readonly EntryLike[]): Promise<UploadTree> {
  const tree: UploadTree = { files: [], emptyDirs: [] };
  for (const entry of entries) await walk(entry, "", tree);
  return tree;
}

/** Files from an <input type=file>: a folder pick carries webkitRelativePath ("folder/sub/a.txt"). */
export function sourcesFromFiles(files: readonly File[]): UploadSource[] {
  return files.map((file) => ({
    relativePath: (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name,
    file,
  }));
}

/** The top-level names of an upload (what can clash with the listing, docs/product.md "Upload"). */
export function topLevelNames(tree: UploadTree): string[] {
  const names = [...tree.files.map((f) => f.relativePath), ...tree.emptyDirs].map((p) => p.split("/")[0]);
  return [...new Set(names)];
}
