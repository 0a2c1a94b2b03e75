/**
 * @module Opens the file index at boot from the global settings (indexLocation, indexInterval, excludeIndexDirs,
 * rmOldIndex), starts its background build and connects it to the change reports of every write (fs/changes.ts).
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Database } from "bun:sqlite";
import { getSettings } from "../settings/settings-service";
import type { Logger } from "../logger";
import { onFsChange } from "../fs/changes";
import { SqliteFileIndex, indexFileOf } from "./index-service";
import { watchLimit } from "./tree-watch";
import { sharedFolderWatchers } from "../listing/listing-cache/watchers";

/**
 * Opens the index of `rootReal` (the database file beside `databaseFile`, or in `indexLocation`); startFileIndex
 * then builds it in the background while the server answers (state() is "building"). A failed walk is logged and
 * the next refresh tries again. `onTemp` receives the temp files each full walk passes (TempSweeper.found). The
 * index watches its tree through the listing cache's watchers, as many folders as the kernel's limit and
 * `watchMax` (Config indexWatchMax, FBE_INDEX_WATCH_MAX: a whole number, 0 for none; Infinity for no cap of ours)
 * allow.
 */
export function openFileIndex(
  db: Database,
  databaseFile: string,
  rootReal: string,
  log: Logger,
  watchMax: number,
  onTemp?: (abs: string) => void,
): SqliteFileIndex {
  const s = getSettings(db);
  const file = indexFileOf(databaseFile, s.indexLocation);
  mkdirSync(dirname(file), { recursive: true });
  const index = new SqliteFileIndex({
    rootAbs: rootReal,
    file,
    intervalMinutes: s.indexInterval,
    excludeDirs: s.excludeIndexDirs,
    fromScratch: s.rmOldIndex,
    onTemp,
    watch: { watchers: sharedFolderWatchers(), maxWatches: watchLimit(watchMax) },
    onError: (err) => log.error(`file index walk failed: ${err instanceof Error ? err.message : String(err)}`),
  });
  onFsChange(
    rootReal,
    (change) => index.apply(change),
    (path) => index.folderTotals(path)?.size ?? null,
  );
  return index;
}

/**
 * Starts the first walk and the refresh timer (after the `listening` line: the walk logs when it is done).
 * Resolves when the first walk has ended, done or failed (a failure is logged by the index); never rejects.
 */
export function startFileIndex(index: SqliteFileIndex, log: Logger): Promise<void> {
  const started = Date.now();
  return index.start().then(
    () => {
      // A server stopped during the walk (tests running it in their own process) has closed the index already.
      if (!index.isClosed)
        log.info(`file index ready: ${index.status().entries} entries in ${Date.now() - started} ms`);
    },
    () => undefined,
  );
}
