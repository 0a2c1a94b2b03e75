import { describe, expect, it } from "bun:test";
import {
  compareHits,
  EMPTY_KEYWORD,
  matchesQuery,
  parseQuery,
  QueryError,
} from "../../../src/server/search/query-parser";
import type { ParsedQuery } from "../../../src/server/search/types";

const term = (text: string, o: Partial<{ excluded: boolean; required: boolean; phrase: boolean }> = {}) => ({
  text,
  excluded: false,
  required: false,
  phrase: false,
  ...o,
});
const file = (name: string, type = "blob") => ({ name, isDir: false, type });
const dir = (name: string) => ({ name, isDir: true, type: "" });
const q = (text: string, indexLocation = false) => parseQuery(text, indexLocation) as ParsedQuery;

describe("parseQuery", () => {
  it("splits plain terms, lower-cased, to be ANDed", () => {
    expect(q("Foo  BAR")).toEqual({ terms: [term("foo"), term("bar")], type: null });
  });

  it("reads +required, -excluded and quoted phrases with their spaces", () => {
    expect(q('+Need -skip "Two Words" -"not this"').terms).toEqual([
      term("need", { required: true }),
      term("skip", { excluded: true }),
      term("two words", { phrase: true }),
      term("not this", { excluded: true, phrase: true }),
    ]);
  });

  it("reads every type filter case-insensitively and keeps the keyword", () => {
    for (const t of ["video", "audio", "image", "pdf", "text", "archive", "document", "font", "dir"]) {
      expect(q(`TYPE:${t.toUpperCase()} clip`)).toEqual({ terms: [term("clip")], type: t as ParsedQuery["type"] });
    }
  });

  it("ignores empty input, blank phrases and lone signs", () => {
    expect(parseQuery("")).toBeNull();
    expect(parseQuery("   ")).toBeNull();
    expect(parseQuery('"  " + -')).toBeNull();
  });

  it("refuses a type-only query (or one with only excluded words) with the documented message", () => {
    for (const text of ["type:video", "  type:dir  ", "type:image -cat"]) {
      expect(() => parseQuery(text)).toThrow(new QueryError(EMPTY_KEYWORD));
    }
  });

  it("keeps CJK and accented text, composed (NFC)", () => {
    expect(q("写真 CAFE\u0301").terms.map((t) => t.text)).toEqual(["写真", "café"]);
  });

  it("with an index location wraps plain terms as required quoted terms, leaving + and - terms alone", () => {
    expect(q("foo +bar -baz", true).terms).toEqual([
      term("foo", { required: true, phrase: true }),
      term("bar", { required: true }),
      term("baz", { excluded: true }),
    ]);
  });
});

describe("matchesQuery", () => {
  it("ANDs terms as case-insensitive substrings of the name, also in the middle of a word", () => {
    expect(matchesQuery(q("port sum"), file("Summer-Report.txt"))).toBe(true);
    expect(matchesQuery(q("port winter"), file("Summer-Report.txt"))).toBe(false);
  });

  it("drops names with an excluded term and keeps phrases whole", () => {
    expect(matchesQuery(q("report -summer"), file("Summer-Report.txt"))).toBe(false);
    expect(matchesQuery(q('"my report"'), file("My Report.doc"))).toBe(true);
    expect(matchesQuery(q('"my report"'), file("Report my.doc"))).toBe(false);
  });

  it("matches CJK and accents in either Unicode form", () => {
    expect(matchesQuery(q("旅行"), file("2024年旅行写真.jpg"))).toBe(true);
    expect(matchesQuery(q("café"), file("Cafe\u0301 Menu.pdf"))).toBe(true);
    expect(matchesQuery(q("CAFÉ"), file("café.txt"))).toBe(true);
    expect(matchesQuery(q("cafe"), file("café.txt"))).toBe(false);
  });

  it("gives the same hits with and without an index location", () => {
    const names = ["foo bar.txt", "foobar", "bar", "baz foo", "FOO-baz"];
    for (const text of ["foo", "foo -baz", "+bar foo", '"foo b"', "type:text foo"]) {
      const plain = names.filter((n) => matchesQuery(q(text), file(n, "text")));
      const wrapped = names.filter((n) => matchesQuery(q(text, true), file(n, "text")));
      expect({ text, wrapped }).toEqual({ text, wrapped: plain });
    }
  });

  it("looks for a term with a slash in the path, as the index does", () => {
    expect(matchesQuery(q("docs/rep"), { ...file("report.txt"), path: "/Docs/report.txt" })).toBe(true);
    expect(matchesQuery(q("-docs/"), { ...file("report.txt"), path: "/docs/report.txt" })).toBe(false);
  });

  it("applies type filters: dir, pdf by extension, text with textImmutable, others by file type", () => {
    expect(matchesQuery(q("type:dir a"), dir("a"))).toBe(true);
    expect(matchesQuery(q("type:dir a"), file("a"))).toBe(false);
    expect(matchesQuery(q("type:video a"), dir("a"))).toBe(false);
    expect(matchesQuery(q("type:pdf a"), file("a.PDF", "document"))).toBe(true);
    expect(matchesQuery(q("type:pdf a"), file("a.docx", "document"))).toBe(false);
    expect(matchesQuery(q("type:document a"), file("a.docx", "document"))).toBe(true);
    expect(matchesQuery(q("type:text a"), file("a.txt", "textImmutable"))).toBe(true);
    expect(matchesQuery(q("type:video a"), file("a.mkv", "video"))).toBe(true);
    expect(matchesQuery(q("type:video a"), file("a.mp3", "audio"))).toBe(false);
  });
});

describe("compareHits", () => {
  it("puts exact names first, then shorter paths, then by path", () => {
    const paths = [
      "/deep/dir/notes-old.txt",
      "/x/y/z/Notes",
      "/a/notes.md",
      "/notes-2.txt",
      "/b/notes-1.txt",
      "/a/notes-1.txt",
    ];
    const sorted = paths
      .map((path) => ({ path }))
      .sort((a, b) => compareHits(q("notes"), a, b))
      .map((h) => h.path);
    expect(sorted).toEqual([
      "/x/y/z/Notes",
      "/a/notes.md",
      "/notes-2.txt",
      "/a/notes-1.txt",
      "/b/notes-1.txt",
      "/deep/dir/notes-old.txt",
    ]);
  });
});
