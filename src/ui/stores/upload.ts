/** @module Upload store (SPEC §4 Upload): queue with progress, replace prompt on clashes and 409, leave-page warning, reload. */
import { proxy, useSnapshot, ref } from "valtio";
import i18next from "i18next";
import { uploadFile } from "../api/resources";
import { ApiError } from "../api/client";
import { joinPath } from "../format/encode-path";
import { askReplace } from "./layout";
import { reloadIfShowing } from "./request";
import { findConflicts, isBusy } from "./upload-rules";
import { notifyError, notifySuccess } from "../notify";
import { UPLOAD_PANEL_LINGER_MS } from "../constants";

/** One file in the queue. */
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
 * Uploads files into a folder. Names that exist there first raise the replace prompt: Replace sends
 * everything with override, Cancel leaves the clashing files out (SPEC §4 Upload).
 */
export async function uploadFiles(dir: string, files: File[], existingNames: readonly string[]): Promise<void> {
  if (files.length === 0) return;
  const conflicts = findConflicts(files.map((f) => f.name), existingNames);
  let override = false;
  let send = files;
  if (conflicts.length > 0) {
    override = await askReplace(conflicts);
    if (!override) send = files.filter((f) => !conflicts.includes(f.name));
  }
  if (!isBusy(state.items)) state.items = [];
  for (const file of send) {
    state.items.push({ id: nextId++, name: file.name, dir, size: file.size, loaded: 0, status: "queued", override, file: ref(file) });
  }
  await pump();
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
  try {
    await uploadFile(joinPath(item.dir, item.name), item.file, item.override, (loaded) => {
      item.loaded = loaded;
    });
    item.status = "done";
    return true;
  } catch (err) {
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
    notifyError(err instanceof Error ? err.message : String(err));
    return false;
  }
}
