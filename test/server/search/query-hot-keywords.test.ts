import { describe, expect, it } from "bun:test";
import { Database } from "bun:sqlite";
import { migrate } from "../../../src/server/db/migrations";
import { recordKeyword, removeKeyword, topKeywords } from "../../../src/server/db/hot-keywords-table";
import {
  HOT_KEYWORD_FOLLOW_MS,
  recordedKeyword,
  recordPostedKeyword,
  recordSearchKeyword,
  removedKeyword,
} from "../../../src/server/search/hot-keywords";

const store = () => {
  const db = new Database(":memory:");
  migrate(db);
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
    for (const k of ["a", "b", "b", "c", "d", "c"]) recordKeyword(db, 1, k, 1000);
    expect(topKeywords(db, 1, 10)).toEqual([
      { keyword: "c", hits: 2 },
      { keyword: "b", hits: 2 },
      { keyword: "d", hits: 1 },
      { keyword: "a", hits: 1 },
    ]);
    expect(topKeywords(db, 1, 2).map((k) => k.keyword)).toEqual(["c", "b"]);
  });

  it("skips empty keywords and removes one", () => {
    const db = store();
    recordKeyword(db, 1, "");
    recordKeyword(db, 1, "x");
    recordKeyword(db, 2, "x");
    expect(removeKeyword(db, 1, "")).toBe(false);
    expect(removeKeyword(db, 1, "x")).toBe(true);
    expect(topKeywords(db, 1, 10)).toEqual([]);
    expect(topKeywords(db, 2, 10)).toEqual([{ keyword: "x", hits: 1 }]);
  });

  it("counts a posted keyword that follows the same user's search once, a late one again, and another user's in their own list", () => {
    const db = store();
    recordSearchKeyword(db, 1, "k", 1_000);
    recordPostedKeyword(db, 2, "k", 1_500);
    recordPostedKeyword(db, 1, "k", 2_000);
    expect(topKeywords(db, 1, 1)).toEqual([{ keyword: "k", hits: 1 }]);
    expect(topKeywords(db, 2, 1)).toEqual([{ keyword: "k", hits: 1 }]);
    recordSearchKeyword(db, 1, "k", 10_000);
    recordPostedKeyword(db, 1, "k", 10_000 + HOT_KEYWORD_FOLLOW_MS + 1);
    expect(topKeywords(db, 1, 1)).toEqual([{ keyword: "k", hits: 3 }]);
  });
});
