import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { call, makeUser, type TestUser } from "../support/factories";

const ctx = serverInProcess();
/** An admin whose own list the tests fill (removal needs admin). */
let user: TestUser;
/** A user without admin. */
let other: TestUser;

beforeAll(async () => {
  user = await makeUser(ctx.server, ctx.admin, { perm: { admin: true } });
  other = await makeUser(ctx.server, ctx.admin);
});

const top = async (num?: number, token = user.token) => {
  const res = await call(
    ctx.server,
    token,
    "GET",
    `/hot-search${num === undefined ? "" : `?num=${num}&_t=${Date.now()}`}`,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { keyword: string; hits: number }[];
};
const search = (query: string, token = user.token) =>
  call(ctx.server, token, "GET", `/search/?query=${encodeURIComponent(query)}`);
const record = (keyword: string, token = user.token) =>
  call(ctx.server, token, "POST", `/hot-search?keyword=${encodeURIComponent(keyword)}`);
const remove = (keyword: string, token = user.token) =>
  call(ctx.server, token, "DELETE", `/hot-search?keyword=${encodeURIComponent(keyword)}`);

describe("hot keywords", () => {
  it("every search records its keyword without the type filter, quotes, plus and minus", async () => {
    expect((await search('type:video "Summer Trip" +beach -cold')).status).toBe(200);
    expect(await top()).toEqual([{ keyword: "Summer Trip beach cold", hits: 1 }]);
    // Nothing left after normalisation, a refused type-only query and empty input record nothing.
    expect((await search('"" + -')).status).toBe(200);
    expect((await search("type:image")).status).toBe(400);
    expect((await search("")).status).toBe(200);
    expect(await top()).toEqual([{ keyword: "Summer Trip beach cold", hits: 1 }]);
  });

  it("a record call following the same user's search does not count it twice", async () => {
    expect((await search("type:text pairing")).status).toBe(200);
    expect((await record("pairing")).status).toBe(200);
    expect((await top()).find((k) => k.keyword === "pairing")).toEqual({ keyword: "pairing", hits: 1 });
    expect((await record("pairing")).status).toBe(200);
    expect((await top()).find((k) => k.keyword === "pairing")).toEqual({ keyword: "pairing", hits: 2 });
    expect((await remove("pairing")).status).toBe(200);
  });

  it("a search started by typing (typed=true) records nothing; the record call after Enter counts it once", async () => {
    expect((await call(ctx.server, user.token, "GET", "/search/?query=halfway&typed=true")).status).toBe(200);
    expect((await top(100)).find((k) => k.keyword === "halfway")).toBeUndefined();
    expect((await record("halfway")).status).toBe(200);
    expect((await top(100)).find((k) => k.keyword === "halfway")).toEqual({ keyword: "halfway", hits: 1 });
    expect((await remove("halfway")).status).toBe(200);
  });

  it("takes typed only as exactly true: TRUE, 1, false or an empty typed still record the search", async () => {
    for (const [value, keyword] of [
      ["TRUE", "upper"],
      ["1", "one"],
      ["false", "no"],
      ["", "empty"],
    ]) {
      expect((await call(ctx.server, user.token, "GET", `/search/?query=${keyword}&typed=${value}`)).status).toBe(200);
      expect((await top(100)).find((k) => k.keyword === keyword)).toEqual({ keyword, hits: 1 });
      expect((await remove(keyword)).status).toBe(200);
    }
    // Percent-encoded, it is still true: the value is decoded before it is compared.
    expect((await call(ctx.server, user.token, "GET", "/search/?query=encoded&typed=%74rue")).status).toBe(200);
    expect((await top(100)).find((k) => k.keyword === "encoded")).toBeUndefined();
  });

  it("POST records a hit; the list is ordered by hits, ties most recent first, cut at num", async () => {
    for (const k of ["写真", "café", "写真", "alpha", "type:pdf café"]) expect((await record(k)).status).toBe(200);
    expect((await record("type:dir")).status).toBe(200);
    expect(await top()).toEqual([
      { keyword: "café", hits: 2 },
      { keyword: "写真", hits: 2 },
      { keyword: "alpha", hits: 1 },
      { keyword: "Summer Trip beach cold", hits: 1 },
    ]);
    expect((await top(2)).map((k) => k.keyword)).toEqual(["café", "写真"]);
  });

  it("DELETE strips only the type filter, skips an empty keyword and needs admin", async () => {
    expect((await remove("type:pdf café", other.token)).status).toBe(403);
    expect((await remove("type:pdf café")).status).toBe(200);
    expect((await remove("type:video ")).status).toBe(200);
    // "-" is kept on removal, so this names no stored keyword.
    expect((await remove("-alpha")).status).toBe(200);
    expect((await top()).map((k) => k.keyword)).toEqual(["写真", "alpha", "Summer Trip beach cold"]);
  });

  it("keeps each user's keywords to that user: another user's searches and records never show, nor does a removal reach them", async () => {
    const before = await top(10);
    expect((await search("merger plans", other.token)).status).toBe(200);
    expect((await record("layoffs 2027", other.token)).status).toBe(200);
    expect((await record("alpha", other.token)).status).toBe(200);
    expect(await top(10)).toEqual(before);
    expect(await top(10, ctx.admin)).toEqual([]);
    expect(await top(10, other.token)).toEqual([
      { keyword: "alpha", hits: 1 },
      { keyword: "layoffs 2027", hits: 1 },
      { keyword: "merger plans", hits: 1 },
    ]);
    expect((await remove("alpha")).status).toBe(200);
    expect((await top(10, other.token)).map((k) => k.keyword)).toContain("alpha");
  });

  it("refuses a bad num and calls without a login", async () => {
    expect((await call(ctx.server, user.token, "GET", "/hot-search?num=x")).status).toBe(400);
    for (const [method, path] of [
      ["GET", "/hot-search?num=3"],
      ["POST", "/hot-search?keyword=a"],
      ["DELETE", "/hot-search?keyword=a"],
    ]) {
      expect({ method, status: (await call(ctx.server, null, method, path)).status }).toEqual({ method, status: 401 });
    }
  });
});
