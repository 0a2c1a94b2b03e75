/**
 * @module Upload store (SPEC §4 Upload): a queue of files at relative paths (folders keep their structure),
 * per-file and total progress, the replace prompt on clashes and 409, cancel, the leave-page warning, reload.
 */
import { proxy, useSnapshot, ref } from "valtio";
import i18next from "i18next";
import { createFolder, uploadFile } from "../api/resources";
import { ApiError } from "../api/client";
import { joinPath } from "../format/encode-path";
import { askReplace } from "./layout";
import { reloadIfShowing } from "./request";
import { findConflicts, isBusy } from "./upload-rules";
import { sourcesFromFiles, topLevelNames, underTopLevel, type UploadTree } from "./upload-tree";
import { notifyError, notifySuccess } from "../notify";
import { UPLOAD_PANEL_LINGER_MS } from "../constants";
import { errorMessage } from "../api/errors";

/** One file in the queue; `name` is its path relative to `dir` ("photos/a.jpg"). */
export interface UploadItem {
  id: number;
  name: string;
  dir: string;
  size: number;
  loaded: number;
  status: "queued" | "uploading" | "done" | "failed" | "skipped";
  override: boolean;
  file: File;
}

const state = proxy<{ items: UploadItem[] }>({ items: [] });
let nextId = 1;
let pumping = false;
let current: AbortController | null = null;

function warnBeforeUnload(e: BeforeUnloadEvent): string {
  const message = i18next.t("upload.beforeUnload");
  e.preventDefault();
  e.returnValue = message;
  return message;
}

/** Snapshot of the queue. */
export function useUploads() {
  return useSnapshot(state);
}

/** Whether uploads are waiting or running. */
export function uploading(): boolean {
  return isBusy(state.items);
}

/**
 * Uploads a tree of files into a folder. Top-level names that exist there first raise the replace prompt:
 * Replace sends everything with override, Cancel leaves the clashing names out (SPEC §4 Upload). Folders that
 * hold no file are created as they are.
 */
export async function uploadTree(dir: string, tree: UploadTree, existingNames: readonly string[]): Promise<void> {
  if (tree.files.length === 0 && tree.emptyDirs.length === 0) return;
  const conflicts = findConflicts(topLevelNames(tree), existingNames);
  let override = false;
  let { files, emptyDirs } = tree;
  if (conflicts.length > 0) {
    override = await askReplace(conflicts);
    if (!override) {
      files = files.filter((f) => !underTopLevel(f.relativePath, conflicts));
      emptyDirs = emptyDirs.filter((d) => !underTopLevel(d, conflicts));
    }
  }
  for (const d of emptyDirs) await createFolder(joinPath(dir, d)).catch((err) => notifyError(errorMessage(err)));
  if (!isBusy(state.items)) state.items = [];
  for (const { relativePath, file } of files) {
    state.items.push({ id: nextId++, name: relativePath, dir, size: file.size, loaded: 0, status: "queued", override, file: ref(file) });
  }
  if (files.length === 0) await reloadIfShowing(dir);
  await pump();
}

/** Uploads picked or dropped files (a folder pick keeps each file's webkitRelativePath). */
export function uploadFiles(dir: string, files: File[], existingNames: readonly string[]): Promise<void> {
  return uploadTree(dir, { files: sourcesFromFiles(files), emptyDirs: [] }, existingNames);
}

/** Cancels the uploads: the running one is aborted and the waiting ones are skipped. */
export function cancelUploads(): void {
  for (const item of state.items) if (item.status === "queued") item.status = "skipped";
  current?.abort();
}

/** Hides finished uploads from the panel. */
export function dismissUploads(): void {
  state.items = state.items.filter((i) => i.status === "queued" || i.status === "uploading");
}

let dismissTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleDismiss(): void {
  clearTimeout(dismissTimer);
  if (state.items.some((i) => i.status === "failed")) return;
  dismissTimer = setTimeout(() => {
    if (!isBusy(state.items)) dismissUploads();
  }, UPLOAD_PANEL_LINGER_MS);
}

async function pump(): Promise<void> {
  if (pumping) return;
  pumping = true;
  window.addEventListener("beforeunload", warnBeforeUnload);
  const dirs = new Set<string>();
  let done = 0;
  try {
    for (let item = nextQueued(); item; item = nextQueued()) {
      dirs.add(item.dir);
      if (await send(item)) done++;
    }
  } finally {
    window.removeEventListener("beforeunload", warnBeforeUnload);
    pumping = false;
  }
  if (done > 0) notifySuccess(i18next.t("upload.success", { count: done }));
  scheduleDismiss();
  await Promise.all([...dirs].map((d) => reloadIfShowing(d)));
}

function nextQueued(): UploadItem | undefined {
  return state.items.find((i) => i.status === "queued");
}

async function send(item: UploadItem): Promise<boolean> {
  item.status = "uploading";
  item.loaded = 0;
  current = new AbortController();
  const { signal } = current;
  try {
    await uploadFile(joinPath(item.dir, item.name), item.file, item.override, (loaded) => {
      item.loaded = loaded;
    }, signal);
    item.status = "done";
    return true;
  } catch (err) {
    if (signal.aborted) {
      item.status = "skipped";
      return false;
    }
    if (err instanceof ApiError && err.status === 409 && !item.override) {
      // SPEC §4: a 409 answer also leads to the replace confirmation.
      if (await askReplace([item.name])) {
        item.override = true;
        return send(item);
      }
      item.status = "skipped";
      return false;
    }
    item.status = "failed";
    notifyError(errorMessage(err));
    return false;
  } finally {
    current = null;
  }
}
