/**
 * @module The server's one listing cache (FolderCache), sized by FBE_LISTING_CACHE_MB (default 64) and
 * FBE_LISTING_CACHE_FOLDERS (default 512), told of every write the product makes (fs/changes.ts), and
 * emptied once no folder has been listed for LISTING_IDLE_MS, so a server left alone gives that memory back.
 */
import { basename, dirname } from "node:path";
import { onFsChangeAlso } from "../../fs/changes";
import { FolderCache, type CachedFolder } from "./folder-cache";
import { linksOrFoldersChanged } from "./entries";
import { LISTING_IDLE_MS } from "./worker-client";

function envNumber(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n >= 0 && process.env[name] !== "" ? n : fallback;
}

/** The cache every folder GET reads through. */
export const listingCache = new FolderCache({
  maxBytes: envNumber("FBE_LISTING_CACHE_MB", 64) * 1024 * 1024,
  maxFolders: envNumber("FBE_LISTING_CACHE_FOLDERS", 512),
});

// A write changes one entry of its parent folder's listing and, for a folder written, moved or removed whole,
// everything below.
onFsChangeAlso((abs) => {
  const clean = abs.replace(/\/+$/, "") || "/";
  const name = basename(clean);
  listingCache.changed(dirname(clean), name ? [name] : undefined);
  listingCache.invalidateTree(clean);
});

let lastUse = 0;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

/** Notes a listing; LISTING_IDLE_MS after the last one, the cache is emptied and the heap given back to the system. */
function noteUse(): void {
  lastUse = performance.now();
  if (idleTimer) return;
  const check = () => {
    const left = LISTING_IDLE_MS - (performance.now() - lastUse);
    if (left > 0) {
      idleTimer = setTimeout(check, left);
      idleTimer.unref?.();
      return;
    }
    idleTimer = undefined;
    listingCache.clear();
    Bun.shrink();
  };
  idleTimer = setTimeout(check, LISTING_IDLE_MS);
  idleTimer.unref?.();
}

/**
 * The cached entries of the folder `abs`, read again when one of its links or subfolders changed since (a change
 * inside a subfolder does not reach the parent's watch). Throws the read error of the folder (ENOENT, EACCES...).
 */
export async function freshFolder(abs: string): Promise<CachedFolder> {
  noteUse();
  const folder = await listingCache.get(abs);
  if (!(await linksOrFoldersChanged(abs, folder.linksAndFolders))) return folder;
  listingCache.invalidate(abs);
  return listingCache.get(abs);
}
