/**
 * @module The server's one listing cache (FolderCache), sized by FBE_LISTING_CACHE_MB (default 64) and
 * FBE_LISTING_CACHE_FOLDERS (default 512), told of every write the product makes (search/changes.ts).
 */
import { dirname } from "node:path";
import { onFsChangeAlso } from "../../search/changes";
import { FolderCache, type CachedFolder } from "./folder-cache";
import { linksOrFoldersChanged } from "./entries";

function envNumber(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n >= 0 && process.env[name] !== "" ? n : fallback;
}

/** The cache every folder GET reads through. */
export const listingCache = new FolderCache({
  maxBytes: envNumber("FBE_LISTING_CACHE_MB", 64) * 1024 * 1024,
  maxFolders: envNumber("FBE_LISTING_CACHE_FOLDERS", 512),
});

// A write changes its parent folder's listing and, for a folder written, moved or removed whole, everything below.
onFsChangeAlso((abs) => {
  const clean = abs.replace(/\/+$/, "") || "/";
  listingCache.invalidate(dirname(clean));
  listingCache.invalidateTree(clean);
});

/**
 * The cached entries of the folder `abs`, read again when one of its links or subfolders changed since (a change
 * inside a subfolder does not reach the parent's watch). Throws the read error of the folder (ENOENT, EACCES...).
 */
export async function freshFolder(abs: string): Promise<CachedFolder> {
  const folder = await listingCache.get(abs);
  if (!(await linksOrFoldersChanged(abs, folder.linksAndFolders))) return folder;
  listingCache.invalidate(abs);
  return listingCache.get(abs);
}
