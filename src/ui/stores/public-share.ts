/**
 * @module Public share page store (SPEC §2 Share page): the item of the current share route, whether the link is
 * available, and the file previewed from a shared folder with its text when it is a text file.
 */
import { proxy, ref, useSnapshot } from "valtio";
import { fetchPublicShare, fetchPublicText, type PublicResource } from "../api/public-share";
import type { Resource } from "../../shared/wire/resource";
import { itemSubPath, previewKind } from "./public-share-rules";

/** loading: on its way; ready: `item` holds the answer; unavailable: unknown, expired or refused (SPEC §8). */
export type ShareStatus = "loading" | "ready" | "unavailable";

/** The text of a previewed text file: on its way, here, or failed. */
export type PreviewText = { status: "loading" } | { status: "ready"; text: string } | { status: "failed" };

interface PublicShareState {
  hash: string;
  sub: string;
  status: ShareStatus;
  item: PublicResource | null;
  preview: Resource | null;
  previewText: PreviewText | null;
}

const state = proxy<PublicShareState>({ hash: "", sub: "/", status: "loading", item: null, preview: null, previewText: null });
let loadSeq = 0;
let textSeq = 0;

/** Snapshot of the share page. */
export function usePublicShare() {
  return useSnapshot(state);
}

/**
 * Loads the shared item (or a folder inside a shared folder) of a route. Any failure shows the unavailable text
 * (SPEC §8 "Share fetch failure shows the unavailable page text"); an answer for a route left behind is dropped.
 */
export async function loadShare(hash: string, sub: string): Promise<void> {
  const seq = ++loadSeq;
  state.hash = hash;
  state.sub = sub;
  state.status = "loading";
  closeSharePreview();
  if (!hash) {
    state.status = "unavailable";
    state.item = null;
    return;
  }
  try {
    const item = await fetchPublicShare(hash, sub);
    if (seq !== loadSeq) return;
    state.item = ref(item);
    state.status = "ready";
  } catch {
    if (seq !== loadSeq) return;
    state.item = null;
    state.status = "unavailable";
  }
}

/** Opens a listed file in the preview; a text file's content is fetched for it. */
export async function openSharePreview(file: Resource): Promise<void> {
  const seq = ++textSeq;
  state.preview = ref(file);
  state.previewText = null;
  if (previewKind(file) !== "text") return;
  state.previewText = { status: "loading" };
  try {
    const text = await fetchPublicText(state.hash, itemSubPath(file));
    if (seq === textSeq) state.previewText = { status: "ready", text };
  } catch {
    if (seq === textSeq) state.previewText = { status: "failed" };
  }
}

/** Closes the preview. */
export function closeSharePreview(): void {
  textSeq++;
  state.preview = null;
  state.previewText = null;
}
