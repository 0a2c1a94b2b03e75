/**
 * @module Upload store (docs/product.md "Upload"): a queue of files at relative paths (folders keep their structure),
 * per-file and total progress with speed and time left, the replace prompt on clashes and 409, cancel, pause
 * and resume of resumable (tus) uploads, several of which run at once, the leave-page warning, reload.
 */
import { proxy, useSnapshot, ref } from "valtio";
import i18next from "i18next";
import { createFolder, fetchResource } from "../api/resources";
import { joinPath } from "../format/encode-path";
import { askReplace } from "./layout";
import { currentListing, reloadIfShowing } from "./current-resource";
import { applyConflictChoices, findConflicts, isBusy, nextToStart, totalProgress, uploadOutcome } from "./upload-rules";
import { addSpeedSample, speedOf, type SpeedSample } from "./upload-speed-rules";
import { sourcesFromFiles, topLevelNames, type UploadTree } from "./upload-tree";
import { sendItem, type UploadItem } from "./upload-send";
import { notifyError } from "../notify";
import { offerReplaceUndo } from "./undo-changes";
import { errorMessage } from "../api/errors";

/** Finished uploads leave the panel after this long when none failed (UI choice; failures stay until dismissed). */
const UPLOAD_PANEL_LINGER_MS = 4000;
/** While uploading, a speed sample is also taken this often, ms, so a stalled upload shows its speed falling. */
const UPLOAD_SPEED_TICK_MS = 1000;
/** Files at least this big (bytes) upload resumably through tus in chunks; smaller ones go in one plain POST (UI choice: one request, nothing to resume). */
const TUS_MIN_BYTES = 1024 * 1024;
/** Resumable (tus) uploads running at once; plain small uploads run one at a time (UI choice, 2-core servers). */
const TUS_PARALLEL_UPLOADS = 3;

const state = proxy<{ items: UploadItem[]; speed: number | null; samples: SpeedSample[] }>({
  items: [],
  speed: null,
  samples: ref([]),
});
let nextId = 1;
let pumping = false;
/** Wakes the pump when a paused upload is resumed while others run. */
let nudge: () => void = () => {};

function warnBeforeUnload(e: BeforeUnloadEvent): string {
  const message = i18next.t("upload.beforeUnload");
  e.preventDefault();
  e.returnValue = message;
  return message;
}

/** Snapshot of the queue and the total speed (bytes/s, null while unknown). */
export function useUploads() {
  return useSnapshot(state);
}

/**
 * Uploads a tree of files into a folder. Top-level names that exist there first raise the replace prompt, which
 * asks Replace, Skip or Keep both for each of them (docs/product.md "Upload"). Folders that hold no file are created as
 * they are.
 */
export async function uploadTree(dir: string, tree: UploadTree, existingNames: readonly string[]): Promise<void> {
  if (tree.files.length === 0 && tree.emptyDirs.length === 0) return;
  const conflicts = findConflicts(topLevelNames(tree), existingNames);
  const choices = conflicts.length > 0 ? await askReplace(conflicts) : {};
  const { files, emptyDirs } = applyConflictChoices(tree.files, tree.emptyDirs, conflicts, choices, existingNames);
  for (const d of emptyDirs) await createFolder(joinPath(dir, d)).catch((err) => notifyError(errorMessage(err)));
  if (!isBusy(state.items)) Object.assign(state, { items: [], speed: null, samples: ref([]) });
  for (const { relativePath, file, override } of files) {
    state.items.push({
      id: nextId++,
      name: relativePath,
      dir,
      size: file.size,
      loaded: 0,
      status: "queued",
      override,
      speed: null,
      error: null,
      file: ref(file),
      samples: ref([]),
      resumable: file.size >= TUS_MIN_BYTES,
      stalled: false,
      abort: null,
      transfer: null,
    });
  }
  if (files.length === 0) await reloadIfShowing(dir);
  await pump();
}

/** Uploads picked or dropped files (a folder pick keeps each file's webkitRelativePath). */
export function uploadFiles(dir: string, files: File[], existingNames: readonly string[]): Promise<void> {
  return uploadTree(dir, { files: sourcesFromFiles(files), emptyDirs: [] }, existingNames);
}

/**
 * Uploads a dropped tree into `dir`, which may be a folder other than the one on screen (a drop on a folder
 * row): its names are fetched for the replace prompt. When they cannot be read, the server's 409 still asks.
 */
export async function uploadTreeInto(dir: string, tree: UploadTree): Promise<void> {
  const shown = currentListing();
  let names: string[] = [];
  if (shown?.path === dir) names = (shown.items ?? []).map((i) => i.name);
  else
    names = await fetchResource(dir).then(
      (r) => (r.items ?? []).map((i) => i.name),
      () => [],
    );
  return uploadTree(dir, tree, names);
}

/**
 * Cancels the uploads: the running ones are aborted (a resumable one's partial data is deleted on the server),
 * the waiting and paused ones are left out; all of them show as cancelled.
 */
export function cancelUploads(): void {
  for (const item of state.items) if (isBusy([item])) cancelUpload(item.id);
}

/** Cancels one upload (waiting, running or paused). */
export function cancelUpload(id: number): void {
  const item = state.items.find((i) => i.id === id);
  if (!item || !isBusy([item])) return;
  item.status = "cancelled";
  item.abort?.abort();
  void item.transfer?.cancel();
}

/** Pauses a running resumable upload: the server keeps its bytes, resume goes on from there. */
export function pauseUpload(id: number): void {
  const item = state.items.find((i) => i.id === id);
  if (item?.status === "uploading" && item.transfer) item.transfer.pause();
}

/** Puts a paused upload back in the queue; it goes on from the server's offset. */
export function resumeUpload(id: number): void {
  const item = state.items.find((i) => i.id === id);
  if (item?.status !== "paused") return;
  item.status = "queued";
  // The speed starts afresh: the pause is no part of it.
  item.samples = ref([]);
  nudge();
  void pump();
}

/** Hides finished uploads from the panel. */
export function dismissUploads(): void {
  state.items = state.items.filter((i) => i.status === "queued" || i.status === "uploading");
}

let dismissTimer: ReturnType<typeof setTimeout> | undefined;

/** Uploads that all went well leave the panel after a while; a cancel or a failure stays until dismissed. */
function scheduleDismiss(): void {
  clearTimeout(dismissTimer);
  if (uploadOutcome(state.items) !== "done") return;
  dismissTimer = setTimeout(() => {
    if (!isBusy(state.items)) dismissUploads();
  }, UPLOAD_PANEL_LINGER_MS);
}

/** Records the bytes sent so far, for the running file and the total, and updates both speeds. */
function sample(item: UploadItem | null): void {
  const now = performance.now();
  if (item) {
    item.samples = ref(addSpeedSample(item.samples, now, item.loaded));
    item.speed = speedOf(item.samples);
  }
  state.samples = ref(addSpeedSample(state.samples, now, totalProgress(state.items).loaded));
  state.speed = speedOf(state.samples);
}

async function pump(): Promise<void> {
  if (pumping) return;
  pumping = true;
  window.addEventListener("beforeunload", warnBeforeUnload);
  const tick = setInterval(() => {
    for (const item of state.items) if (item.status === "uploading") sample(item);
    if (!state.items.some((i) => i.status === "uploading")) sample(null);
  }, UPLOAD_SPEED_TICK_MS);
  const dirs = new Set<string>();
  const running = new Set<Promise<void>>();
  // Files sent over existing ones: their earlier content is a version the popup's Undo writes back.
  const replaced: string[] = [];
  try {
    for (;;) {
      const item = nextToStart(state.items, TUS_PARALLEL_UPLOADS);
      if (item) {
        dirs.add(item.dir);
        item.status = "uploading";
        const sending: Promise<void> = sendItem(item, () => sample(item))
          .then(() => {
            if (item.status === "done" && item.override) replaced.push(joinPath(item.dir, item.name));
          })
          .finally(() => running.delete(sending));
        running.add(sending);
        continue;
      }
      if (running.size === 0) break;
      await Promise.race([...running, new Promise<void>((r) => (nudge = r))]);
    }
  } finally {
    clearInterval(tick);
    window.removeEventListener("beforeunload", warnBeforeUnload);
    pumping = false;
    state.speed = null;
  }
  // The panel tells how the batch ended (a popup on top of it would hide it on phones); only a batch that replaced
  // files gets one, for its Undo (docs/product.md "Versions").
  scheduleDismiss();
  await Promise.all([...dirs].map((d) => reloadIfShowing(d)));
  if (replaced.length > 0) offerReplaceUndo(replaced);
}
