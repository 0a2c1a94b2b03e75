/** @module Unit tests of the search panel rules: type chips, hot keywords, hit links, paging growth. */
import { describe, expect, test } from "bun:test";
import {
  grownCount,
  hitHasThumbnail,
  hitHref,
  hitName,
  hitParent,
  hitPath,
  hitRoute,
  hotKeywordOf,
  isEmptyKeywordError,
  movedIndex,
  nearBottom,
  queryTypes,
  removableKeyword,
  searchesAsYouType,
  toggleType,
} from "../../../src/ui/stores/search-rules";

describe("type chips", () => {
  test("toggling adds the filter at the end, then removes only it", () => {
    const added = toggleType("holiday", "video");
    expect(added).toBe("holiday type:video");
    expect(toggleType(added, "video")).toBe("holiday");
  });
  test("removal keeps other filters and words and tidies spaces", () => {
    expect(toggleType("a type:video  b type:image", "video")).toBe("a b type:image");
    expect(toggleType("TYPE:Video x", "video")).toBe("x");
  });
  test("an empty query gets the bare filter", () => {
    expect(toggleType("  ", "dir")).toBe("type:dir");
  });
  test("a word merely containing type: is not a filter", () => {
    expect(queryTypes("subtype:video")).toEqual([]);
    expect(queryTypes("x type:Audio type:pdf")).toEqual(["audio", "pdf"]);
  });
});

describe('hot keywords (docs/product.md "Hot-search keyword")', () => {
  test('the type prefix and the characters " + - are removed', () => {
    expect(hotKeywordOf('+foo -bar "baz qux" type:video')).toBe("foo bar baz qux");
  });
  test("a type-only query records nothing", () => {
    expect(hotKeywordOf("type:video")).toBe("");
  });
  test("removal strips only a leading type prefix and skips empty", () => {
    expect(removableKeyword("type:video holiday")).toBe("holiday");
    expect(removableKeyword("a-b")).toBe("a-b");
    expect(removableKeyword("type:pdf")).toBe("");
  });
});

describe('hit links (docs/product.md "Search panel")', () => {
  const file = { path: "docs/a b#1.txt", dir: false };
  const folder = { path: "docs/sub", dir: true };
  test("with an index location, /files/ plus the searched folder and the hit, encoded", () => {
    expect(hitHref("/my dir/", file, true)).toBe("/files/my%20dir/docs/a%20b%231.txt");
    expect(hitHref("/", folder, true)).toBe("/files/docs/sub/");
  });
  test("without an index location, ./ plus the hit", () => {
    expect(hitHref("/my dir/", file, false)).toBe("./docs/a%20b%231.txt");
    expect(hitHref("/x", folder, false)).toBe("./docs/sub/");
  });
  test("the route opened is absolute either way", () => {
    expect(hitRoute("/x", file)).toBe("/files/x/docs/a%20b%231.txt");
  });
  test("name and parent folder", () => {
    expect(hitName(file)).toBe("a b#1.txt");
    expect(hitParent(file)).toBe("docs/");
    expect(hitParent({ path: "top.txt", dir: false })).toBe("./");
    expect(hitName({ path: "docs/sub/", dir: true })).toBe("sub");
  });
});

describe('paging (docs/product.md "Sizes and paging": 50, growing by 50 at 100 px)', () => {
  test("grows by 50 and stops at the total", () => {
    expect(grownCount(50, 500)).toBe(100);
    expect(grownCount(100, 120)).toBe(120);
    expect(grownCount(120, 120)).toBe(120);
  });
  test("near the bottom means within 100 px", () => {
    expect(nearBottom(1000, 400, 1400)).toBe(true);
    expect(nearBottom(900, 400, 1400)).toBe(true);
    expect(nearBottom(899, 400, 1400)).toBe(false);
  });
  test("arrow moves wrap and start at either end", () => {
    expect(movedIndex(-1, 1, 3)).toBe(0);
    expect(movedIndex(-1, -1, 3)).toBe(2);
    expect(movedIndex(2, 1, 3)).toBe(0);
    expect(movedIndex(0, 1, 0)).toBe(-1);
  });
});

test("the server's type-only refusal is recognised", () => {
  expect(isEmptyKeywordError("400 Bad Request (empty keyword is not allowed!)")).toBe(true);
  expect(isEmptyKeywordError("500 Internal Server Error")).toBe(false);
});

describe("typing", () => {
  test("searches by itself once a keyword of two ASCII characters or one other character is typed", () => {
    expect(searchesAsYouType("a")).toBe(false);
    expect(searchesAsYouType("ab")).toBe(true);
    expect(searchesAsYouType("type:video")).toBe(false);
    expect(searchesAsYouType("type:video ab")).toBe(true);
    expect(searchesAsYouType("海")).toBe(true);
  });

  test("shows a thumbnail for image files only, at the hit's path under the searched folder", () => {
    expect(hitHasThumbnail({ path: "photos/Beach.JPG", dir: false })).toBe(true);
    expect(hitHasThumbnail({ path: "photos/beach.jpg", dir: true })).toBe(false);
    expect(hitHasThumbnail({ path: "notes.md", dir: false })).toBe(false);
    expect(hitPath("/trip", { path: "day 1/a.png", dir: false })).toBe("/trip/day 1/a.png");
    expect(hitPath("/", { path: "/a.png", dir: false })).toBe("/a.png");
  });
});
