/**
 * @module Sends one queued upload: small files in one plain POST, the others resumably through tus (pause,
 * resume, retries from the server's offset). A 409 (the name exists) asks the replace question, as before.
 */
import { ref } from "valtio";
import { fetchResource, uploadFile } from "../api/resources";
import { ApiError } from "../api/client";
import { tusTransfer, type TusTransfer } from "../api/tus-upload";
import { joinPath } from "../format/encode-path";
import { askReplace } from "./layout";
import { failureReason, type FailureReason, type UploadStatus } from "./upload-rules";
import { keepBothName } from "./transfer-rules";
import type { SpeedSample } from "./upload-speed-rules";

/** One file in the queue; `name` is its path relative to `dir` ("photos/a.jpg"); `speed` in bytes/s (null: not known yet). */
export interface UploadItem {
  id: number;
  name: string;
  dir: string;
  size: number;
  loaded: number;
  status: UploadStatus;
  override: boolean;
  speed: number | null;
  error: FailureReason | null;
  file: File;
  samples: SpeedSample[];
  /** Sent through tus in chunks (pause, resume, survives a dropped connection); else one plain POST. */
  resumable: boolean;
  /** A resumable upload waiting for the connection to come back. */
  stalled: boolean;
  /** The running plain request, or the resumable transfer (kept while paused). */
  abort: AbortController | null;
  transfer: TusTransfer | null;
}

/**
 * Sends `item` (status "uploading") to the end: done, paused, skipped (the user kept the existing file),
 * cancelled or failed. `progress` is called after each change of `item.loaded`.
 */
export async function sendItem(item: UploadItem, progress: () => void): Promise<void> {
  try {
    if (item.resumable) {
      item.transfer ??= ref(
        tusTransfer(joinPath(item.dir, item.name), item.file, item.override, {
          onProgress: (loaded) => {
            item.loaded = loaded;
            progress();
          },
          onStall: (stalled) => (item.stalled = stalled),
        }),
      );
      const outcome = await item.transfer.run();
      if (item.status !== "uploading") return;
      item.status = outcome === "paused" ? "paused" : "done";
    } else {
      item.loaded = 0;
      item.abort = ref(new AbortController());
      await uploadFile(
        joinPath(item.dir, item.name),
        item.file,
        item.override,
        (loaded) => {
          item.loaded = loaded;
          progress();
        },
        item.abort.signal,
      );
      item.status = "done";
    }
  } catch (err) {
    await failed(item, err, progress);
  } finally {
    item.speed = null;
    item.stalled = false;
    item.abort = null;
  }
}

/** A free name for `item` in its folder ("a (1).txt"), from the folder's names as the server lists them now. */
async function keptBothName(item: UploadItem): Promise<string> {
  const cut = item.name.lastIndexOf("/");
  const sub = cut < 0 ? "" : item.name.slice(0, cut + 1);
  const base = item.name.slice(cut + 1);
  const names = await fetchResource(joinPath(item.dir, sub)).then(
    (r) => (r.items ?? []).map((i) => i.name),
    () => [base],
  );
  return `${sub}${keepBothName(base, false, new Set(names))}`;
}

/**
 * Ends a failed send: a cancel stays cancelled; a 409 without override asks Replace, Skip or Keep both and sends
 * again (with override, or under a free name).
 */
async function failed(item: UploadItem, err: unknown, progress: () => void): Promise<void> {
  if (item.status === "cancelled" || item.abort?.signal.aborted) {
    item.status = "cancelled";
    return;
  }
  item.transfer = null;
  if (err instanceof ApiError && err.status === 409 && !item.override) {
    // The refused bytes are not stored: the bar and the total go back to what really landed.
    item.loaded = 0;
    progress();
    // docs/product.md "Upload": a 409 answer also leads to the replace confirmation.
    const choice = (await askReplace([item.name]))[item.name] ?? "skip";
    if (choice === "skip") {
      item.status = "skipped";
      return;
    }
    if (choice === "replace") item.override = true;
    else item.name = await keptBothName(item);
    await sendItem(item, progress);
    return;
  }
  item.status = "failed";
  item.error = err instanceof ApiError ? failureReason(err.status) : "server";
}
