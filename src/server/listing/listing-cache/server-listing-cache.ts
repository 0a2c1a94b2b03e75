/**
 * @module The server's one listing cache (FolderCache), sized by the Config (FBE_LISTING_CACHE_MB, default 64, and
 * FBE_LISTING_CACHE_FOLDERS, default 512), told of every write the product makes (fs/changes.ts), and
 * emptied once no folder has been listed for the listing idle time, so a server left alone gives that memory back.
 */
import { basename, dirname } from "node:path";
import { onFsChangeAlso } from "../../fs/changes";
import { FolderCache, type CachedFolder } from "./folder-cache";
import { linksOrFoldersChanged } from "./entries";
import { configureFolderWorkers } from "./worker-client";
import { allowFfi } from "../../fs/libc";
import type { Config } from "../../config/flags";

/** The cache every folder GET reads through (the Config's limits once configureListing ran). */
export const listingCache = new FolderCache({ maxBytes: 64 * 1024 * 1024, maxFolders: 512 });

/** Ms without a listing after which the cache empties (Config listingIdleMs, default 30 s). */
let idleMs = 30_000;

type ListingConfig = Pick<
  Config,
  "listingCacheMb" | "listingCacheFolders" | "listingThreads" | "listingIdleMs" | "listingWorker" | "listingFfi"
>;

/**
 * Applies the Config's listing settings at boot, before the first listing: the cache's size, the idle time of the
 * cache and the folder threads, the threads' number and switch, and whether libc is called through bun:ffi.
 */
export function configureListing(config: ListingConfig): void {
  listingCache.setLimits({ maxBytes: config.listingCacheMb * 1024 * 1024, maxFolders: config.listingCacheFolders });
  idleMs = config.listingIdleMs;
  allowFfi(config.listingFfi);
  configureFolderWorkers({
    threads: config.listingThreads,
    idleMs: config.listingIdleMs,
    enabled: config.listingWorker,
    ffi: config.listingFfi,
  });
}

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

/** Notes a listing; idleMs after the last one, the cache is emptied and the heap given back to the system. */
function noteUse(): void {
  lastUse = performance.now();
  if (idleTimer) return;
  const check = () => {
    const left = idleMs - (performance.now() - lastUse);
    if (left > 0) {
      idleTimer = setTimeout(check, left);
      idleTimer.unref?.();
      return;
    }
    idleTimer = undefined;
    listingCache.clear();
    Bun.shrink();
  };
  idleTimer = setTimeout(check, idleMs);
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
