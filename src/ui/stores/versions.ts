/**
 * @module Versions store (docs/product.md "Versions"): the earlier contents of the file the info dialog shows,
 * downloading one, and writing one back over the file.
 */
import { proxy, useSnapshot } from "valtio";
import i18next from "i18next";
import { fetchVersionContent, fetchVersions, restoreVersion, type FileVersion } from "../api/versions";
import { errorMessage } from "../api/errors";
import { notifyError, notifySuccess } from "../notify";
import { reload } from "./current-resource";
import { baseName } from "./transfer-rules";
import { saveBlob } from "./save-blob";

interface VersionsState {
  /** The file whose versions are listed. */
  path: string | null;
  /** Its versions, newest first; null while they load. */
  items: FileVersion[] | null;
  /** The sentence of a failed load. */
  error: string | null;
  /** A restore is under way. */
  busy: boolean;
}

const state = proxy<VersionsState>({ path: null, items: null, error: null, busy: false });

/** Snapshot of the versions of the file in the info dialog. */
export function useVersions() {
  return useSnapshot(state);
}

/** Loads the versions of `path` (an answer for a file no longer shown is dropped). */
export async function loadVersions(path: string): Promise<void> {
  state.path = path;
  state.items = null;
  state.error = null;
  try {
    const list = await fetchVersions(path);
    if (state.path === path) state.items = list.items;
  } catch (err) {
    if (state.path === path) state.error = errorMessage(err);
  }
}

/** Saves a version of the file at `path` under the file's name. */
export async function downloadVersion(path: string, version: FileVersion): Promise<void> {
  try {
    saveBlob(await fetchVersionContent(version.id), baseName(path));
  } catch (err) {
    notifyError(errorMessage(err));
  }
}

/**
 * Writes `version` back over its file (the server keeps the content it replaces as a version), says so and reloads
 * the view; the info dialog that opens again lists the versions anew. Returns whether it went well.
 */
export async function restoreFileVersion(version: FileVersion): Promise<boolean> {
  if (state.busy) return false;
  state.busy = true;
  try {
    await restoreVersion(version.id);
    notifySuccess(i18next.t("versions.restored"));
    await reload();
    return true;
  } catch (err) {
    notifyError(errorMessage(err));
    return false;
  } finally {
    state.busy = false;
  }
}
