import { describe, expect, it } from "bun:test";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SEARCH_STREAM_PAGE, searchAnswer, type SearchJob } from "../../../src/server/search/search-answer";
import { liveSearch } from "../../../src/server/search/live-search";
import { compareHits, matchesQuery, parseQuery } from "../../../src/server/search/query-parser";
import type { FileIndex, IndexEntry, ParsedQuery, SearchRequest } from "../../../src/server/search/types";

/** A small in-memory FileIndex following the interface's contract; records the pages asked of it. */
function memoryIndex(paths: string[], state: "building" | "ready" = "ready") {
  const entries: IndexEntry[] = paths.map((p) => {
    const isDir = p.endsWith("/");
    const path = isDir ? p.slice(0, -1) : p;
    return { path, name: path.slice(path.lastIndexOf("/") + 1), isDir, size: 0, mtimeMs: 0, type: isDir ? "" : "text" };
  });
  const asked: SearchRequest[] = [];
  const index: FileIndex = {
    state: () => state,
    search(req) {
      asked.push(req);
      const prefix = req.under === "/" ? "/" : `${req.under}/`;
      return entries
        .filter((e) => e.path.startsWith(prefix) && matchesQuery(req.query, e) && req.isVisible(e.path))
        .sort((a, b) => compareHits(req.query, a, b))
        .slice(req.offset, req.offset + req.limit)
        .map((e) => ({ path: e.path, isDir: e.isDir }));
    },
    folderTotals: () => null,
    apply() {},
    refresh: async () => {},
    close() {},
    status: () => ({ entries: entries.length, builtAt: null, building: state === "building", watch: null }),
    reconfigure() {},
  };
  return { index, asked };
}

const job = (over: Partial<SearchJob>): SearchJob => ({
  query: parseQuery("note") as ParsedQuery,
  under: "/",
  abs: "/nonexistent",
  scopePrefix: "/",
  isVisible: () => true,
  offset: 0,
  limit: 10_000,
  index: null,
  ...over,
});

describe("searchAnswer from a ready index", () => {
  it("answers paths relative to the searched folder inside the user's scope, judged by scope-relative rules", async () => {
    const { index, asked } = memoryIndex([
      "/home/bob/docs/note.txt",
      "/home/bob/docs/secret/note-2.txt",
      "/home/bob/docs/a/",
      "/home/bob/other-note",
      "/note",
    ]);
    const res = await searchAnswer(
      job({
        index,
        scopePrefix: "/home/bob",
        under: "/docs",
        isVisible: (p) => !p.startsWith("/docs/secret"),
      }),
    );
    expect(res.headers.get("X-Search-Index")).toBe("ready");
    expect(await res.json()).toEqual([{ path: "note.txt", dir: false }]);
    expect(asked[0].under).toBe("/home/bob/docs");
  });

  it(`streams in pages of ${SEARCH_STREAM_PAGE}, then doubling, honouring offset and limit`, async () => {
    const paths = Array.from({ length: 3603 }, (_, i) => `/d/note-${String(i).padStart(4, "0")}.txt`);
    const all = memoryIndex(paths);
    const body = (await (await searchAnswer(job({ index: all.index }))).json()) as { path: string }[];
    expect(body.length).toBe(3603);
    expect(all.asked.map((r) => [r.offset, r.limit])).toEqual([
      [0, 500],
      [500, 1000],
      [1500, 2000],
      [3500, 4000],
    ]);
    const capped = memoryIndex(paths);
    expect(((await (await searchAnswer(job({ index: capped.index, limit: 1500 }))).json()) as unknown[]).length).toBe(
      1500,
    );
    expect(capped.asked.map((r) => [r.offset, r.limit])).toEqual([
      [0, 500],
      [500, 1000],
    ]);
    const paged = memoryIndex(paths);
    const page = (await (await searchAnswer(job({ index: paged.index, offset: 50, limit: 50 }))).json()) as {
      path: string;
    }[];
    expect(page.map((h) => h.path)).toEqual(body.slice(50, 100).map((h) => h.path));
  });

  it("answers an empty array when nothing matches", async () => {
    const { index } = memoryIndex(["/a.txt"]);
    expect(await (await searchAnswer(job({ index }))).text()).toBe("[]");
  });
});

describe("the live walk", () => {
  const root = mkdtempSync(join(tmpdir(), "fbe-live-"));
  mkdirSync(join(root, "a", "b"), { recursive: true });
  for (const f of ["note.txt", "a/note-a.txt", "a/b/note-b.txt", "a/b/other.txt"]) writeFileSync(join(root, f), "x");

  it("answers while the index is building and says so", async () => {
    const { index, asked } = memoryIndex([], "building");
    const res = await searchAnswer(job({ index, abs: root }));
    expect(res.headers.get("X-Search-Index")).toBe("building");
    expect(asked).toEqual([]);
    expect(await res.json()).toEqual([
      { path: "note.txt", dir: false },
      { path: "a/note-a.txt", dir: false },
      { path: "a/b/note-b.txt", dir: false },
    ]);
  });

  it("stops at its entry budget and reports an incomplete walk", async () => {
    const cut = await liveSearch({
      query: parseQuery("note")!,
      abs: root,
      under: "/",
      isVisible: () => true,
      maxHits: 10,
      maxEntries: 2,
    });
    expect(cut.complete).toBe(false);
    const whole = await liveSearch({
      query: parseQuery("note")!,
      abs: root,
      under: "/",
      isVisible: () => true,
      maxHits: 10,
    });
    expect(whole.complete).toBe(true);
  });

  it("does not enter a folder the rules refuse", async () => {
    const found = await liveSearch({
      query: parseQuery("note")!,
      abs: root,
      under: "/",
      isVisible: (p) => !p.startsWith("/a"),
      maxHits: 10,
    });
    expect(found.hits).toEqual([{ path: "/note.txt", isDir: false }]);
  });
});
