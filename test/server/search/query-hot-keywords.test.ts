import { describe, expect, it } from "bun:test";
import { Database } from "bun:sqlite";
import { recordedKeyword, recordKeyword, removedKeyword, removeKeyword, topKeywords } from "../../../src/server/search/hot-keywords";

const store = () => {
  const db = new Database(":memory:");
  db.run("CREATE TABLE search_history (keyword TEXT PRIMARY KEY, hits INTEGER NOT NULL DEFAULT 0, last_at INTEGER NOT NULL)");
  return db;
};

describe("hot keyword normalisation", () => {
  it("records without the type filter, quotes, plus and minus; nothing left records nothing", () => {
    expect(recordedKeyword('type:video "summer trip" +beach -cold')).toBe("summer trip beach cold");
    expect(recordedKeyword("holiday TYPE:image")).toBe("holiday");
    expect(recordedKeyword('type:dir "" + -')).toBe("");
    expect(recordedKeyword("写真 café")).toBe("写真 café");
  });

  it("removes with only the type filter stripped", () => {
    expect(removedKeyword("type:pdf my-report")).toBe("my-report");
    expect(removedKeyword("type:pdf ")).toBe("");
  });
});

describe("hot keyword store", () => {
  it("counts hits and lists the top N by hits, ties most recent first", () => {
    const db = store();
    for (const k of ["a", "b", "b", "c", "d", "c"]) recordKeyword(db, k, 1000);
    expect(topKeywords(db, 10)).toEqual([{ keyword: "c", hits: 2 }, { keyword: "b", hits: 2 }, { keyword: "d", hits: 1 }, { keyword: "a", hits: 1 }]);
    expect(topKeywords(db, 2).map((k) => k.keyword)).toEqual(["c", "b"]);
  });

  it("skips empty keywords and removes one", () => {
    const db = store();
    recordKeyword(db, "");
    recordKeyword(db, "x");
    expect(removeKeyword(db, "")).toBe(false);
    expect(removeKeyword(db, "x")).toBe(true);
    expect(topKeywords(db, 10)).toEqual([]);
  });
});
