/**
 * @module Answers a parsed search as a JSON array of `{path, dir}` relative to the searched folder:
 * streamed page by page from the index when it is ready, else from the bounded live walk, with `X-Search-Index`
 * saying which (`ready`, `building`, `absent`) and `X-Search-Partial: true` when the walk was cut short.
 */
import type { FileIndex, ParsedQuery, SearchHit } from "./types";
import { liveSearch } from "./live-search";

/** Search: most hits one answer streams when the request gives no `limit` (the UI shows 50, growing by 50). */
export const SEARCH_MAX_RESULTS = 10_000;
/** Search: hits read from the index for the first page while the answer streams (each next page doubles). */
export const SEARCH_STREAM_PAGE = 500;
import type { SearchHit as WireSearchHit } from "../../shared/wire/search";

/** One search to answer: `under`/`abs` is the searched folder (virtual path in the user's scope, and on disk). */
export interface SearchJob {
  readonly query: ParsedQuery;
  readonly under: string;
  readonly abs: string;
  /** The user's scope as a root-relative folder ("/" or "/users/bob"): index paths are root-relative. */
  readonly scopePrefix: string;
  /** The user's rules and hidden-name choice over virtual paths in the scope. */
  readonly isVisible: (path: string) => boolean;
  readonly offset: number;
  readonly limit: number;
  readonly index: FileIndex | null;
}

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

/** The answer of a search: a streamed JSON array from the index, or the live walk's array. */
export async function searchAnswer(job: SearchJob): Promise<Response> {
  if (job.index && job.index.state() === "ready") return streamFromIndex(job, job.index);
  const found = await liveSearch({
    query: job.query,
    abs: job.abs,
    under: job.under,
    isVisible: job.isVisible,
    maxHits: job.offset + job.limit,
  });
  const items = found.hits.slice(job.offset).map((h) => wireHit(job.under, h));
  const headers: Record<string, string> = { ...JSON_HEADERS, "X-Search-Index": job.index ? "building" : "absent" };
  if (!found.complete) headers["X-Search-Partial"] = "true";
  return new Response(JSON.stringify(items), { headers });
}

/**
 * Streams `[`, pages of hits read from the index, `]`: pages of SEARCH_STREAM_PAGE hits, then twice as many each
 * time; no more than half of `limit` (at most SEARCH_MAX_RESULTS) is held at a time.
 */
function streamFromIndex(job: SearchJob, index: FileIndex): Response {
  const rootUnder = joinVirtual(job.scopePrefix, job.under);
  const strip = job.scopePrefix === "/" ? 0 : job.scopePrefix.length;
  const isVisible = (rootPath: string) => job.isVisible(rootPath.slice(strip) || "/");
  const encoder = new TextEncoder();
  let sent = 0;
  let first = true;
  let pageSize = SEARCH_STREAM_PAGE;
  /** The next part of the array, and whether it is the last. */
  const nextPart = (): { bytes: Uint8Array; last: boolean } => {
    // Pages double: the first hits go out at once, and a long answer asks the index a few times, not hundreds.
    const want = Math.min(pageSize, job.limit - sent);
    pageSize *= 2;
    const page =
      want > 0
        ? index.search({ query: job.query, under: rootUnder, offset: job.offset + sent, limit: want, isVisible })
        : [];
    let chunk = first ? "[" : "";
    for (const hit of page) {
      chunk += `${first ? "" : ","}${JSON.stringify(wireHit(job.under, { path: hit.path.slice(strip), isDir: hit.isDir }))}`;
      first = false;
    }
    sent += page.length;
    const last = page.length < want || sent >= job.limit || want <= 0;
    return { bytes: encoder.encode(last ? `${chunk}]` : chunk), last };
  };
  // The first page is read before the answer starts: a failing query is answered with its error, not cut off.
  const head = nextPart();
  const send = (
    controller: ReadableStreamDefaultController<Uint8Array>,
    part: { bytes: Uint8Array; last: boolean },
  ) => {
    controller.enqueue(part.bytes);
    if (part.last) controller.close();
  };
  const stream = new ReadableStream<Uint8Array>({
    start: (controller) => send(controller, head),
    pull: (controller) => send(controller, nextPart()),
  });
  return new Response(stream, { headers: { ...JSON_HEADERS, "X-Search-Index": "ready" } });
}

/**
 * A hit as the wire has it (docs/product.md "Search hits and hot keywords"): path relative to the searched folder, no
 * leading "/".
 */
function wireHit(under: string, hit: SearchHit): WireSearchHit {
  const rel = under === "/" ? hit.path.slice(1) : hit.path.slice(under.length + 1);
  return { path: rel, dir: hit.isDir };
}

function joinVirtual(prefix: string, path: string): string {
  if (prefix === "/") return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}
