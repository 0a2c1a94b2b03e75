/**
 * @module Public share page store (docs/product.md "Share page"): the item of the current share route, whether the link
 * is available or asks for a password (with the tab's share token), and the file previewed from a shared folder.
 */
import { proxy, ref, useSnapshot } from "valtio";
import { fetchPublicShare, fetchPublicText, unlockPublicShare, type PublicResource } from "../api/public-share";
import { ApiError } from "../api/client";
import { keepShareToken, shareToken } from "../api/share-token";
import type { Resource } from "../../shared/wire/resource";
import { itemSubPath, neighbourImage, previewKind } from "./public-share-rules";

/**
 * loading: on its way; ready: `item` holds the answer; password: a password link without a valid token;
 * unavailable: unknown, expired or refused (docs/product.md "Share page").
 */
export type ShareStatus = "loading" | "ready" | "password" | "unavailable";

/** Why the password was not taken: wrong (403), banned for a while (429), or anything else. */
export type UnlockError = "wrong" | "banned" | "failed";

/** The text of a previewed text file: on its way, here, or failed. */
export type PreviewText = { status: "loading" } | { status: "ready"; text: string } | { status: "failed" };

interface PublicShareState {
  hash: string;
  sub: string;
  status: ShareStatus;
  item: PublicResource | null;
  preview: Resource | null;
  previewText: PreviewText | null;
  /** The share token of a password link, as kept for this tab. */
  token: string | null;
  unlocking: boolean;
  unlockError: UnlockError | null;
}

const state = proxy<PublicShareState>({
  hash: "",
  sub: "/",
  status: "loading",
  item: null,
  preview: null,
  previewText: null,
  token: null,
  unlocking: false,
  unlockError: null,
});
let loadSeq = 0;
let textSeq = 0;

/** Snapshot of the share page. */
export function usePublicShare() {
  return useSnapshot(state);
}

/**
 * Loads the shared item (or a folder inside a shared folder) of a route. Any failure shows the unavailable text
 * (docs/product.md "Share page": a failed fetch shows the unavailable text); an answer for a route left behind is
 * dropped.
 */
export async function loadShare(hash: string, sub: string): Promise<void> {
  const seq = ++loadSeq;
  state.hash = hash;
  state.sub = sub;
  state.status = "loading";
  state.token = shareToken(hash);
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
    // A shared text file shows its content on the page itself.
    if (!item.isDir && !item.uploadOnly) void loadPreviewText({ ...item, path: "/" });
  } catch (err) {
    if (seq !== loadSeq) return;
    state.item = null;
    const locked = err instanceof ApiError && err.status === 401;
    // A token that no longer opens the link (expired) is dropped, so the form asks afresh.
    if (locked && state.token) {
      keepShareToken(hash, null);
      state.token = null;
    }
    state.status = locked ? "password" : "unavailable";
  }
}

/**
 * Sends the password of the current password link; on success keeps the token for this tab and loads the share
 * with it, otherwise sets `unlockError` (403 wrong, 429 banned).
 */
export async function unlockShare(password: string): Promise<void> {
  const { hash, sub } = state;
  state.unlocking = true;
  state.unlockError = null;
  try {
    const { token } = await unlockPublicShare(hash, password);
    keepShareToken(hash, token);
    state.unlocking = false;
    await loadShare(hash, sub);
  } catch (err) {
    const status = err instanceof ApiError ? err.status : 0;
    state.unlocking = false;
    state.unlockError = status === 403 ? "wrong" : status === 429 ? "banned" : "failed";
  }
}

/** Opens a listed file in the preview; a text file's content is fetched for it. */
export function openSharePreview(file: Resource): Promise<void> {
  state.preview = ref(file);
  return loadPreviewText(file);
}

/** The previous (-1) or next (+1) photo of the folder in the preview, if there is one; true when it moved. */
export function stepSharePreview(by: 1 | -1): boolean {
  const next = state.preview && neighbourImage(state.item?.items ?? [], state.preview.path, by);
  if (next) void openSharePreview(next);
  return next !== null;
}

async function loadPreviewText(file: Resource): Promise<void> {
  const seq = ++textSeq;
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
