/**
 * @module Contracts of indexed search (docs/product.md "Search panel", "Search hits and hot keywords", "Search query",
 * "Search calls"): the parsed query, the file-name index the search route asks, and the change events every write of
 * the product sends to the index. Types only.
 */
import type { FileType } from "../../shared/wire/resource";
import type { FsChange } from "../fs/changes";
import type { TreeWatchStatus } from "./tree-watch";

/** The `type:` filters of a query (docs/product.md "Search query"), `dir` meaning folders only. */
export type SearchType = "video" | "audio" | "image" | "pdf" | "text" | "archive" | "document" | "font" | "dir";

/** One term of a query: plain terms are ANDed; `+` required, `-` excluded, quotes keep a phrase with its spaces. */
export interface QueryTerm {
  /** Lower-cased (Unicode) text, without the quotes and the +/- sign; never empty. */
  readonly text: string;
  readonly excluded: boolean;
  readonly required: boolean;
  readonly phrase: boolean;
}

/** A parsed query: its terms (at least one when valid) and the type filter, null when none. */
export interface ParsedQuery {
  readonly terms: readonly QueryTerm[];
  readonly type: SearchType | null;
}

/** One entry of the index: a file or folder under the files root. */
export interface IndexEntry {
  /** Root-relative virtual path: "/a/b.txt", folders without a trailing slash ("/a"). */
  readonly path: string;
  readonly name: string;
  readonly isDir: boolean;
  /** Bytes (a folder: 0; see FolderTotals). */
  readonly size: number;
  readonly mtimeMs: number;
  /** The file type of the listing ("" for folders). */
  readonly type: FileType | "";
}

/** The total size and counts below a folder, kept by the index (the listing's folder sizes). */
export interface FolderTotals {
  readonly size: number;
  readonly numFiles: number;
  readonly numDirs: number;
}

/** A search hit before it is made relative to the request path. */
export interface SearchHit {
  /** Root-relative virtual path as in IndexEntry. */
  readonly path: string;
  readonly isDir: boolean;
}

/** What the search route asks: `under` is a root-relative folder ("/" or "/a/b"), hits are in ranking order. */
export interface SearchRequest {
  readonly query: ParsedQuery;
  readonly under: string;
  /** Hits to skip and the most to return, after ranking (exact name matches first, then shorter paths). */
  readonly offset: number;
  readonly limit: number;
  /** The user's rules: hits whose path it refuses are dropped before offset/limit count them. */
  readonly isVisible: (path: string) => boolean;
}

/** The file-name index of the whole files root. */
export interface FileIndex {
  /** "building" until the first walk is done (search then falls back to a bounded live walk), then "ready". */
  readonly state: () => "building" | "ready";
  /** Ranked hits; synchronous reads of the index database. Never throws for a valid query. */
  search(req: SearchRequest): SearchHit[];
  /** Totals below a folder (root-relative path), null when the index does not have them yet. */
  folderTotals(path: string): FolderTotals | null;
  /** Applies a change the product made (see FsChange); cheap, called on every write. */
  apply(change: FsChange): void;
  /** Re-walks the root now (also run every `indexInterval` minutes); `fromScratch` drops the old index first. */
  refresh(fromScratch?: boolean): Promise<void>;
  /** Entries, last build time (ms since the epoch) and whether a walk runs now: the Global settings status line. */
  status(): IndexStatus;
  /** Applies new settings: `excludeDirs` from the next walk, `intervalMinutes` restarts the refresh timer. */
  reconfigure(opts: { intervalMinutes: number; excludeDirs: readonly string[] }): void;
  /** Stops timers and closes the index database. */
  close(): void;
}

/** Entries, last build time (ms since the epoch), whether a walk runs now, and the folder watches with the interval. */
export interface IndexStatus {
  entries: number;
  builtAt: number | null;
  building: boolean;
  watch: (TreeWatchStatus & { intervalMinutes: number }) | null;
}
