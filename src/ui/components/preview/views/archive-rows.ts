/**
 * @module The rows of the archive preview table (docs/product.md "Archive table", "Archive entry"): tree order, totals,
 * what 'Show more' does, the listing failure. Pure.
 */
import type { ArchiveEntryMetainfo, ProbedResource } from "../../../api/media";
import { ApiError } from "../../../api/client";
import { errorDetail } from "../../../api/errors";
import { isArchiveListRefusal } from "../../../../shared/wire/archive-list-refusal";

/** The archive preview table renders this many rows, then this many more per 'Show more' (UI choice: a 1000-row DOM stays fast on phones). */
export const ARCHIVE_ROWS_STEP = 1000;

/** Totals of an archive listing: entries by kind and byte sums over the files. */
export interface ArchiveSummary {
  readonly files: number;
  readonly folders: number;
  /** Bytes once extracted. */
  readonly size: number;
}

/** The path's segments; 7-Zip prints "/" in zips and tars and "\\" nowhere on Linux, but both are read. */
function segments(path: string): string[] {
  return path.split(/[\\/]+/).filter(Boolean);
}

/**
 * The entries in tree order, as 7-Zip's file manager shows a folder: at each level folders first, then files, each
 * group by name (numeric-aware); a folder's contents follow it. Folders only implied by their files' paths are not
 * invented. Does not change `entries`.
 */
export function orderArchiveEntries(entries: readonly ArchiveEntryMetainfo[]): ArchiveEntryMetainfo[] {
  const keyed = entries.map((e) => ({ e, parts: segments(e.Path) }));
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
  keyed.sort((a, b) => {
    const n = Math.min(a.parts.length, b.parts.length);
    for (let i = 0; i < n; i++) {
      if (a.parts[i] === b.parts[i]) continue;
      // A segment with more after it (or the entry itself being a folder) is a folder at this level.
      const aDir = i < a.parts.length - 1 || a.e.IsDir;
      const bDir = i < b.parts.length - 1 || b.e.IsDir;
      if (aDir !== bDir) return aDir ? -1 : 1;
      return collator.compare(a.parts[i], b.parts[i]) || (a.parts[i] < b.parts[i] ? -1 : 1);
    }
    return a.parts.length - b.parts.length; // a folder before what it holds
  });
  return keyed.map((k) => k.e);
}

/** Counts and byte sums of `entries` (folders add no bytes). */
export function archiveSummary(entries: readonly ArchiveEntryMetainfo[]): ArchiveSummary {
  let files = 0,
    folders = 0,
    size = 0;
  for (const e of entries) {
    if (e.IsDir) {
      folders++;
      continue;
    }
    files++;
    size += e.Size;
  }
  return { files, folders, size };
}

/** The entries loaded so far and the totals of the whole archive. */
export interface ArchivePages {
  readonly entries: readonly ArchiveEntryMetainfo[];
  /** Entries in the whole archive, folders included. */
  readonly total: number;
  readonly summary: ArchiveSummary;
}

/**
 * The pages of `probed` (the first answer of GET ?probe=yes) with `more` appended (the answers of the next pages);
 * a server that sends no `archiveListing` sent every entry, and the totals are counted from them.
 */
export function archivePages(probed: ProbedResource, more: readonly ProbedResource[] = []): ArchivePages {
  const entries = [probed, ...more].flatMap((p) => (Array.isArray(p.metainfo) ? p.metainfo : []));
  const info = more.at(-1)?.archiveListing ?? probed.archiveListing;
  if (!info) return { entries, total: entries.length, summary: archiveSummary(entries) };
  return { entries, total: info.total, summary: { files: info.files, folders: info.folders, size: info.size } };
}

/**
 * What 'Show more' does when `visible` rows show, `loaded` entries are here and the archive has `total`: the rows to
 * show next (ARCHIVE_ROWS_STEP more), and whether the server must be asked for the next page first.
 */
export function archiveMoreStep(visible: number, loaded: number, total: number): { shown: number; fetch: boolean } {
  const shown = Math.min(visible + ARCHIVE_ROWS_STEP, total);
  return { shown, fetch: shown > loaded };
}

/**
 * True when `err` is the server's refusal to list the archive (encrypted names or no entries, docs/product.md "Search
 * and archive messages").
 */
export function isArchiveListFailure(err: unknown): boolean {
  return err instanceof ApiError && err.status === 400 && isArchiveListRefusal(errorDetail(err.text) ?? err.text);
}
