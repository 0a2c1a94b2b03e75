import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, renameSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeTree } from "../../support/tree";
import { SqliteFileIndex } from "../../../src/server/search/index-service";
import type { ParsedQuery, QueryTerm, SearchRequest, SearchType } from "../../../src/server/search/types";

let work: string;
let root: string;
let index: SqliteFileIndex;

/** A query from words: "-x" excluded, others required. */
function q(words: string[], type: SearchType | null = null): ParsedQuery {
  const terms: QueryTerm[] = words.map((w) => ({
    text: w.replace(/^-/, "").toLowerCase(),
    excluded: w.startsWith("-"),
    required: !w.startsWith("-"),
    phrase: w.includes(" "),
  }));
  return { terms, type };
}

function find(words: string[], extra: Partial<SearchRequest> = {}, type: SearchType | null = null): string[] {
  return index
    .search({ query: q(words, type), under: "/", offset: 0, limit: 1000, isVisible: () => true, ...extra })
    .map((h) => h.path);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "fbe-index-"));
  root = join(work, "root");
  makeTree(root, {
    "日本語フォルダ": { "東京タワーの写真.jpg": "x", "memo.txt": "hello" },
    "Café": { "Crème Brûlée.PDF": "pdf!", "résumé.docx": "d" },
    music: { "Holiday Song.mp3": "abc", "song": { "readme.md": "r" } },
    photos: { "holiday-2020.JPG": "1234", "sunset.png": "12" },
    "ab.txt": "1",
    "xabz.txt": "1",
    song: "exact",
    node_modules: { "hidden-song.txt": "no" },
  });
  index = new SqliteFileIndex({
    rootAbs: root,
    file: join(work, "idx.db"),
    intervalMinutes: 0,
    excludeDirs: ["node_modules"],
    fromScratch: false,
  });
  expect(index.state()).toBe("building");
  await index.start();
});

afterAll(() => {
  index.close();
  rmSync(work, { recursive: true, force: true });
});

describe("the file index store and ranking", () => {
  it("is ready after the first walk and skips excluded folders", () => {
    expect(index.state()).toBe("ready");
    expect(find(["hidden"])).toEqual([]);
  });

  it("finds CJK and accented names by any part, NFD terms too", () => {
    expect(find(["タワー"])).toEqual(["/日本語フォルダ/東京タワーの写真.jpg"]);
    expect(find(["本語"])).toEqual(["/日本語フォルダ"]);
    expect(find(["brûlée"])).toEqual(["/Café/Crème Brûlée.PDF"]);
    expect(find(["CRÈME"])).toEqual(["/Café/Crème Brûlée.PDF"]);
    expect(find(["résumé".normalize("NFD")])).toEqual(["/Café/résumé.docx"]);
  });

  it("matches a substring in the middle of a word, and 1-2 letter terms", () => {
    expect(find(["olida"])).toEqual(
      ["/music/Holiday Song.mp3", "/photos/holiday-2020.JPG"].sort((a, b) => a.length - b.length || (a < b ? -1 : 1)),
    );
    expect(find(["ab"])).toEqual(["/ab.txt", "/xabz.txt"]);
    expect(find(["é"]).sort()).toEqual(["/Café", "/Café/Crème Brûlée.PDF", "/Café/résumé.docx"]);
  });

  it("ranks exact name matches first, then shorter paths", () => {
    expect(find(["song"])).toEqual(["/song", "/music/song", "/music/Holiday Song.mp3"]);
  });

  it("ANDs terms and drops excluded ones; terms with / match the path", () => {
    expect(find(["holiday", "song"])).toEqual(["/music/Holiday Song.mp3"]);
    expect(find(["holiday", "-song"])).toEqual(["/photos/holiday-2020.JPG"]);
    expect(find(["music/song"])).toEqual(["/music/song", "/music/song/readme.md"]);
  });

  it("applies the type filters", () => {
    expect(find(["r"], {}, "pdf")).toEqual(["/Café/Crème Brûlée.PDF"]);
    expect(find(["o"], {}, "dir")).toEqual(["/photos", "/music/song"]);
    expect(find(["a"], {}, "image").sort()).toEqual(["/photos/holiday-2020.JPG"]);
    expect(find(["o"], {}, "audio")).toEqual(["/music/Holiday Song.mp3"]);
  });

  it("keeps to the folder under", () => {
    expect(find(["song"], { under: "/music" })).toEqual(["/music/song", "/music/Holiday Song.mp3"]);
    expect(find(["song"], { under: "/mus" })).toEqual([]);
  });

  it("applies isVisible before paging, and pages stably", () => {
    const visible = (p: string) => !p.startsWith("/music");
    const all = find(["o"], { isVisible: visible });
    expect(all.some((p) => p.startsWith("/music"))).toBe(false);
    const pages: string[] = [];
    for (let off = 0; off < all.length; off += 2)
      pages.push(...find(["o"], { isVisible: visible, offset: off, limit: 2 }));
    expect(pages).toEqual(all);
  });

  it("keeps folder totals and applies the product's changes at once", () => {
    expect(index.folderTotals("/photos")).toEqual({ size: 6, numFiles: 2, numDirs: 0 });
    expect(index.folderTotals("/music")).toEqual({ size: 4, numFiles: 2, numDirs: 1 });
    writeFileSync(join(root, "photos", "new-pic.gif"), "123456");
    index.apply({ kind: "written", path: "/photos/new-pic.gif" });
    expect(find(["new-pic"])).toEqual(["/photos/new-pic.gif"]);
    expect(index.folderTotals("/photos")).toEqual({ size: 12, numFiles: 3, numDirs: 0 });
    const rootBefore = index.folderTotals("/")!;
    renameSync(join(root, "photos"), join(root, "music", "pics"));
    index.apply({ kind: "moved", from: "/photos", to: "/music/pics" });
    expect(find(["new-pic"])).toEqual(["/music/pics/new-pic.gif"]);
    expect(index.folderTotals("/music")).toEqual({ size: 16, numFiles: 5, numDirs: 2 });
    expect(index.folderTotals("/")).toEqual(rootBefore);
    rmSync(join(root, "music", "pics"), { recursive: true });
    index.apply({ kind: "removed", path: "/music/pics" });
    expect(find(["pic"])).toEqual([]);
    expect(index.folderTotals("/music")).toEqual({ size: 4, numFiles: 2, numDirs: 1 });
    mkdirSync(join(root, "deep", "er"), { recursive: true });
    writeFileSync(join(root, "deep", "er", "leaf.txt"), "12");
    index.apply({ kind: "written", path: "/deep/er/leaf.txt" });
    expect(find(["deep"])).toEqual(["/deep"]);
    expect(index.folderTotals("/deep")).toEqual({ size: 2, numFiles: 1, numDirs: 1 });
  });

  it("finds a file added behind its back after refresh, and forgets vanished ones", async () => {
    writeFileSync(join(root, "behind-the-back.txt"), "x");
    rmSync(join(root, "ab.txt"));
    expect(find(["behind"])).toEqual([]);
    await index.refresh();
    expect(find(["behind"])).toEqual(["/behind-the-back.txt"]);
    expect(find(["ab"])).toEqual(["/xabz.txt"]);
    await index.refresh(true);
    expect(find(["behind"])).toEqual(["/behind-the-back.txt"]);
  });
});
