/**
 * @module Uploads into an upload-only share folder (docs/product.md "Public share calls"): one row per chosen or
 * dropped file with its progress in bytes and how it ended. Files go one after the other, each by its own name,
 * resumably (tus): a dropped connection goes on where the server stopped.
 */
import { proxy, useSnapshot } from "valtio";
import { ApiError } from "../api/client";
import { shareTusTransfer } from "../api/public-share";

/** sending: on its way; done: stored; exists: a file of that name was already there (409); failed: anything else. */
export type ShareUploadState = "sending" | "done" | "exists" | "failed";

/** One file of the upload list. */
export interface ShareUpload {
  id: number;
  name: string;
  loaded: number;
  total: number;
  state: ShareUploadState;
}

const state = proxy<{ uploads: ShareUpload[] }>({ uploads: [] });
let nextId = 1;
let queue: Promise<void> = Promise.resolve();

/** Snapshot of the upload list, newest first. */
export function useShareUploads() {
  return useSnapshot(state);
}

/** Forgets the list (another link opened). */
export function clearShareUploads(): void {
  state.uploads = [];
}

/** Lists `files` and sends them, after the ones already waiting, into the folder of link `hash`. */
export function uploadFilesToShare(hash: string, files: readonly File[]): void {
  for (const file of files) {
    state.uploads.unshift({ id: nextId++, name: file.name, loaded: 0, total: file.size, state: "sending" });
    const row = state.uploads[0];
    queue = queue.then(() => sendOne(hash, file, row));
  }
}

async function sendOne(hash: string, file: File, row: ShareUpload): Promise<void> {
  try {
    await shareTusTransfer(hash, file, { onProgress: (loaded) => (row.loaded = loaded), onStall: () => {} }).run();
    row.loaded = row.total;
    row.state = "done";
  } catch (err) {
    row.state = err instanceof ApiError && err.status === 409 ? "exists" : "failed";
  }
}
