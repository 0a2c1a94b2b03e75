import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeTree } from "../../support/tree";
import { SqliteFileIndex } from "../../../src/server/search/index-service";
import { searchAnswer, type SearchJob } from "../../../src/server/search/search-answer";
import { parseQuery } from "../../../src/server/search/query-parser";

// The live walk answers while the index builds: it must answer what the built index answers, in the same order.
const home = mkdtempSync(join(tmpdir(), "fbe-fallback-"));
const root = join(home, "files");
let index: SqliteFileIndex;

beforeAll(async () => {
  makeTree(root, {
    docs: {
      "Summer-Report.txt": "a",
      "summer-photo.jpg": "b",
      "report-2024.pdf": "c",
      "My Report final.docx": "d",
      notes: { "notes.md": "n" },
    },
    media: { "clip.mkv": "v", "song.mp3": "s", "Notes.mp3": "s" },
    写真: { "2024年旅行写真.jpg": "p" },
    "Café": { "Crème brûlée.txt": "r" },
    deep: { a: { b: { c: { "notes.txt": "deep", notes: {} } } } },
    secret: { "notes-secret.txt": "s" },
    // Temp files of an upload and an unarchive in progress (or left by a killed server): never found.
    ".fbe-upload-notes": "partial",
    ".fbe-upload-unarchive-notes": { "notes.txt": "partial" },
  });
  index = new SqliteFileIndex({
    rootAbs: root,
    file: join(home, "index.db"),
    intervalMinutes: 0,
    excludeDirs: [],
    fromScratch: true,
  });
  await index.start();
});
afterAll(() => {
  index.close();
  rmSync(home, { recursive: true, force: true });
});

const answer = async (text: string, over: Partial<SearchJob>) => {
  const res = await searchAnswer({
    query: parseQuery(text)!,
    under: "/",
    abs: root,
    scopePrefix: "/",
    isVisible: () => true,
    offset: 0,
    limit: 10_000,
    index: null,
    ...over,
  });
  return { mode: res.headers.get("X-Search-Index"), body: await res.json() };
};

describe("the live walk against the built index", () => {
  const queries = [
    "notes",
    "SUMMER report",
    "+report -summer",
    '"my report"',
    "type:image summer",
    "type:dir notes",
    "type:pdf re",
    "旅行",
    "写真",
    "BRÛLÉE",
    "café",
    "mmer-rep",
    "docs/",
    "notes -deep/",
  ];
  for (const text of queries) {
    it(`answers "${text}" alike`, async () => {
      const indexed = await answer(text, { index });
      const live = await answer(text, { index: null });
      expect(indexed.mode).toBe("ready");
      expect(live.mode).toBe("absent");
      expect(live.body).toEqual(indexed.body);
    });
  }

  it("neither finds temp files, by their name or inside them", async () => {
    for (const text of ["notes", "fbe-upload", "unarchive"]) {
      const found = [...(await answer(text, { index })).body, ...(await answer(text, { index: null })).body] as {
        path: string;
      }[];
      expect({ text, temps: found.filter((h) => h.path.includes(".fbe-upload-")) }).toEqual({ text, temps: [] });
    }
  });

  it("alike below a folder inside a scope, with rules and paging", async () => {
    const job = {
      under: "/a",
      abs: join(root, "deep", "a"),
      scopePrefix: "/deep",
      isVisible: (p: string) => !p.startsWith("/a/b/c/notes/"),
      offset: 1,
      limit: 1,
    };
    const indexed = await answer("notes", { ...job, index });
    expect(indexed.body).toEqual([{ path: "b/c/notes.txt", dir: false }]);
    expect((await answer("notes", { ...job, index: null })).body).toEqual(indexed.body);
  });
});
