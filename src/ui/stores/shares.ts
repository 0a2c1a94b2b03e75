/**
 * @module Share links store (docs/product.md "Share dialog", "Shared links", "Success messages":
 * 'Link copied!' and failure popups):
 * the dialog's links of one path, the admin's list of every link, copying a link's public URL.
 */
import { proxy, useSnapshot } from "valtio";
import i18next from "i18next";
import {
  createLink,
  deleteLink,
  fetchAllLinks,
  fetchLinksOf,
  setLinkRate,
  type ShareLink,
  type ShareOptions,
  type ShareUnit,
} from "../api/shares";
import { errorMessage } from "../api/errors";
import { notifyError, notifySuccess } from "../notify";
import { config } from "./config";
import { copyText } from "./menu-actions";
import { shareUrl } from "./share-rules";

interface SharesState {
  /** The path the dialog shows links of. */
  path: string | null;
  /** That path's links; null while loading. */
  links: ShareLink[] | null;
  /** Every link (admin screen); null while loading. */
  all: ShareLink[] | null;
  /** A create call is running (the dialog's buttons wait). */
  creating: boolean;
}

const state = proxy<SharesState>({ path: null, links: null, all: null, creating: false });

/** Snapshot of the share links. */
export function useShares() {
  return useSnapshot(state);
}

/** Loads the caller's links of a path for the dialog; a failure shows a popup and an empty list. */
export async function loadLinksOf(path: string): Promise<void> {
  state.path = path;
  state.links = null;
  try {
    const links = await fetchLinksOf(path);
    if (state.path === path) state.links = links;
  } catch (err) {
    if (state.path === path) state.links = [];
    notifyError(errorMessage(err));
  }
}

/**
 * Creates a link of the dialog's path (expiring after the duration, or the permalink) with its options and lists it.
 * Returns the link (a plain permalink the caller had already comes back as it is), or null after a failure's message.
 */
export async function createShare(
  duration?: { expires: number; unit: ShareUnit },
  options?: ShareOptions,
): Promise<ShareLink | null> {
  const path = state.path;
  if (path === null || state.creating) return null;
  state.creating = true;
  try {
    const link = await createLink(path, duration, options);
    if (state.path === path && state.links && !state.links.some((l) => l.hash === link.hash)) state.links.push(link);
    return link;
  } catch (err) {
    notifyError(errorMessage(err));
    return null;
  } finally {
    state.creating = false;
  }
}

/** Deletes a link and drops it from both lists. */
export async function removeShare(hash: string): Promise<void> {
  try {
    await deleteLink(hash);
    if (state.links) state.links = state.links.filter((l) => l.hash !== hash);
    if (state.all) state.all = state.all.filter((l) => l.hash !== hash);
  } catch (err) {
    notifyError(errorMessage(err));
  }
}

/** Changes a link's download speed (bytes per second, 0 = unlimited) and shows it in both lists; returns whether it did. */
export async function changeShareRate(hash: string, downloadRate: number): Promise<boolean> {
  try {
    const link = await setLinkRate(hash, downloadRate);
    if (state.links) state.links = state.links.map((l) => (l.hash === hash ? link : l));
    if (state.all) state.all = state.all.map((l) => (l.hash === hash ? { ...link, username: l.username } : l));
    return true;
  } catch (err) {
    notifyError(errorMessage(err));
    return false;
  }
}

/** The full public URL of a link on this server (origin, base URL, /share/{hash}). */
export function publicShareUrl(hash: string): string {
  return shareUrl(window.location.origin, config.baseURL, hash);
}

/** Copies a link's full public URL ('Link copied!'). */
export async function copyShareUrl(hash: string): Promise<void> {
  try {
    await copyText(publicShareUrl(hash));
    notifySuccess(i18next.t("share.copied"));
  } catch (err) {
    notifyError(errorMessage(err));
  }
}

/** Loads every link for the admin screen, in the server's order (permanent first, then by expiry). */
export async function loadAllLinks(): Promise<void> {
  try {
    state.all = await fetchAllLinks();
  } catch (err) {
    state.all = [];
    notifyError(errorMessage(err));
  }
}
