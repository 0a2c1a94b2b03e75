/**
 * @module Read-only media tokens for URLs (docs/interfaces.md "Authentication"): media, download and external-player
 * links carry one of these, scoped to a folder or a file, never the login token. Fetched once per prefix and
 * kept until close to expiry; ended with the session on logout.
 */
import { proxy, useSnapshot } from "valtio";
import { useEffect } from "react";
import { mediaTokenRequest, type MediaGrant } from "../api/auth";

/** A media token this close to expiry (ms) is fetched anew before it goes into a URL. */
const MEDIA_TOKEN_REFRESH_MARGIN_MS = 30 * 60 * 1000;

const state = proxy<{ grants: Record<string, MediaGrant> }>({ grants: {} });
const pending = new Map<string, Promise<string>>();

/** The folder prefix of a path: a folder path ("/a/b/") is its own, a file ("/a/b/c.mp4") gives "/a/b/". */
export function folderPrefix(path: string): string {
  if (path.endsWith("/")) return path;
  return path.slice(0, path.lastIndexOf("/") + 1) || "/";
}

function usable(grant: MediaGrant | undefined, nowMs: number): grant is MediaGrant {
  return grant !== undefined && grant.expires * 1000 - nowMs > MEDIA_TOKEN_REFRESH_MARGIN_MS;
}

/**
 * The media token of `prefix` (a folder path ending in "/", or a file path), fetched when missing or close to
 * expiry. @throws ApiError when the server refuses the path.
 */
export function ensureMediaToken(prefix: string): Promise<string> {
  const known = state.grants[prefix];
  if (usable(known, Date.now())) return Promise.resolve(known.token);
  let p = pending.get(prefix);
  if (!p) {
    p = mediaTokenRequest(prefix)
      .then((grant) => {
        state.grants[prefix] = grant;
        return grant.token;
      })
      .finally(() => pending.delete(prefix));
    pending.set(prefix, p);
  }
  return p;
}

/** The media token of `prefix` for rendering: "" until it has arrived (the component re-renders then). */
export function useMediaToken(prefix: string): string {
  const snap = useSnapshot(state);
  useEffect(() => {
    ensureMediaToken(prefix).catch(() => {});
  }, [prefix]);
  return snap.grants[prefix]?.token ?? "";
}

/** Forgets every media token (logout). */
export function clearMediaTokens(): void {
  state.grants = {};
  pending.clear();
}
