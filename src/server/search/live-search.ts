/**
 * @module The bounded live walk that answers searches while the index is building or absent: async,
 * stops after LIVE_SEARCH_MAX_ENTRIES entries or LIVE_SEARCH_MAX_MS, never follows symbolic links.
 */
import { opendir } from "node:fs/promises";
import { join } from "node:path";
import type { ParsedQuery, SearchHit } from "./types";
import { compareHits, matchesQuery } from "./query-parser";
import { typeFromName } from "../fs/file-type";
import { isTempName } from "../fs/temp-name";

/** Search fallback while the index is building: the live walk stops after this many entries... */
const LIVE_SEARCH_MAX_ENTRIES = 200_000;
/** ...or after this long (ms), and the answer says so (`X-Search-Index: building` / `partial`). */
const LIVE_SEARCH_MAX_MS = 3_000;

/** What the live walk searches: `abs` is the folder on disk whose virtual path (in the user's scope) is `under`. */
export interface LiveSearchRequest {
  readonly query: ParsedQuery;
  readonly abs: string;
  readonly under: string;
  /** The user's rules (and hidden-name choice) over virtual paths; a refused folder is not entered. */
  readonly isVisible: (path: string) => boolean;
  /** The most hits to keep (after ranking only these are answered). */
  readonly maxHits: number;
  readonly maxEntries?: number;
  readonly maxMs?: number;
}

/** Ranked hits (virtual paths in the user's scope) and whether the walk saw every entry. */
export interface LiveSearchResult {
  readonly hits: SearchHit[];
  readonly complete: boolean;
}

/**
 * Walks below `abs` breadth-first (shallow paths first, which the ranking prefers), matching names.
 * Unreadable folders are skipped. Keeps at most `maxHits` of the best-ranked hits.
 */
export async function liveSearch(req: LiveSearchRequest): Promise<LiveSearchResult> {
  const deadline = Date.now() + (req.maxMs ?? LIVE_SEARCH_MAX_MS);
  let budget = req.maxEntries ?? LIVE_SEARCH_MAX_ENTRIES;
  const hits: SearchHit[] = [];
  const queue: Array<{ abs: string; path: string }> = [{ abs: req.abs, path: req.under === "/" ? "" : req.under }];
  while (queue.length > 0) {
    const dir = queue.shift()!;
    let handle;
    try {
      handle = await opendir(dir.abs, { bufferSize: 256 });
    } catch {
      continue;
    }
    for await (const ent of handle) {
      // Leaving the loop closes the directory handle.
      if (--budget < 0 || Date.now() > deadline) return { hits: ranked(req, hits), complete: false };
      const path = `${dir.path}/${ent.name}`;
      // Temp files of uploads and tasks in progress are never found (temp-name.ts).
      if (isTempName(ent.name) || !req.isVisible(path)) continue;
      const isDir = ent.isDirectory();
      if (isDir) queue.push({ abs: join(dir.abs, ent.name), path });
      if (
        matchesQuery(req.query, { name: ent.name, path, isDir, type: isDir ? "" : (typeFromName(ent.name) ?? "blob") })
      ) {
        hits.push({ path, isDir });
        if (hits.length >= req.maxHits * 2) hits.splice(0, hits.length, ...ranked(req, hits));
      }
    }
  }
  return { hits: ranked(req, hits), complete: true };
}

function ranked(req: LiveSearchRequest, hits: SearchHit[]): SearchHit[] {
  return hits.sort((a, b) => compareHits(req.query, a, b)).slice(0, req.maxHits);
}
