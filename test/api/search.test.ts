import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { rawGet } from "../support/raw-http";
import { call, makeUser, putSettings, type TestUser } from "../support/factories";

interface Hit {
  path: string;
  dir: boolean;
}

let ruled: TestUser;
let scoped: TestUser;
const root = mkdtempSync(join(tmpdir(), "fbe-search-"));

const deny = (path: string) => ({ allow: false, path, regex: false, regexp: { raw: "" } });

// The tree exists before the server starts, so an index built at start holds it as well as a live walk sees it.
beforeAll(() => {
  makeTree(root, {
    docs: {
      "Summer-Report.txt": "a",
      "summer-photo.jpg": "b",
      "report-2024.pdf": "c",
      "My Report final.docx": "d",
      notes: { "notes.md": "n" },
    },
    media: { "clip.mkv": "v", "song.mp3": "s", "Sans.ttf": "f", "backup.zip": "z" },
    写真: { "2024年旅行写真.jpg": "p" },
    café: { "Crème brûlée.txt": "r" },
    deep: { a: { b: { c: { "notes.txt": "deep" } } } },
    secret: { "notes-secret.txt": "s", inner: { "summer-secret.txt": "s" } },
    ".hidden": { "notes-hidden.txt": "h" },
    many: Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`item-${String(i).padStart(3, "0")}.log`, "x"])),
  });
  // A link inside the scope of the /docs user to a folder outside it: never followed.
  symlinkSync(join(root, "secret"), join(root, "docs", "out-link"));
});
const ctx = serverInProcess({ root });
beforeAll(async () => {
  ruled = await makeUser(ctx.server, ctx.admin, { rules: [deny("/secret")] });
  scoped = await makeUser(ctx.server, ctx.admin, { scope: "/docs" });
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
});

const search = (token: string | null, query: string, dir = "/", extra = "") =>
  call(ctx.server, token, "GET", `/search${dir}?query=${encodeURIComponent(query)}${extra}`);
const hits = async (token: string, query: string, dir = "/", extra = ""): Promise<Hit[]> => {
  const res = await search(token, query, dir, extra);
  expect({ query, status: res.status }).toEqual({ query, status: 200 });
  expect(["absent", "building", "ready"]).toContain(res.headers.get("X-Search-Index") ?? "");
  return (await res.json()) as Hit[];
};
const paths = async (token: string, query: string, dir = "/") =>
  (await hits(token, query, dir)).map((h) => h.path).sort();

describe("GET /api/search/{path}?query=", () => {
  it("ANDs terms, case-insensitively, matching inside words", async () => {
    expect(await paths(ctx.admin, "SUMMER report")).toEqual(["docs/Summer-Report.txt"]);
    expect(await paths(ctx.admin, "mmer-rep")).toEqual(["docs/Summer-Report.txt"]);
  });

  it("reads +required, -excluded and quoted phrases", async () => {
    expect(await paths(ctx.admin, "+report -summer")).toEqual(["docs/My Report final.docx", "docs/report-2024.pdf"]);
    expect(await paths(ctx.admin, '"my report"')).toEqual(["docs/My Report final.docx"]);
    expect(await paths(ctx.admin, '"report my"')).toEqual([]);
  });

  it("filters by type", async () => {
    expect(await paths(ctx.admin, "type:image summer")).toEqual(["docs/summer-photo.jpg"]);
    expect(await paths(ctx.admin, "type:pdf report")).toEqual(["docs/report-2024.pdf"]);
    expect(await paths(ctx.admin, "TYPE:Document report")).toEqual([
      "docs/My Report final.docx",
      "docs/report-2024.pdf",
    ]);
    expect(await paths(ctx.admin, "type:video c")).toEqual(["media/clip.mkv"]);
    expect(await paths(ctx.admin, "type:audio s")).toEqual(["media/song.mp3"]);
    expect(await paths(ctx.admin, "type:font sans")).toEqual(["media/Sans.ttf"]);
    expect(await paths(ctx.admin, "type:archive back")).toEqual(["media/backup.zip"]);
    expect(await paths(ctx.admin, "type:text notes")).toEqual([
      "deep/a/b/c/notes.txt",
      "docs/notes/notes.md",
      "secret/notes-secret.txt",
    ]);
    expect(await hits(ctx.admin, "type:dir notes")).toEqual([{ path: "docs/notes", dir: true }]);
  });

  it("finds CJK and accented names, in either case", async () => {
    expect(await paths(ctx.admin, "旅行")).toEqual(["写真/2024年旅行写真.jpg"]);
    expect(await paths(ctx.admin, "写真")).toEqual(["写真", "写真/2024年旅行写真.jpg"]);
    expect(await paths(ctx.admin, "BRÛLÉE")).toEqual(["café/Crème brûlée.txt"]);
    expect(await paths(ctx.admin, "café")).toEqual(["café"]);
  });

  it("ranks exact names first, then shorter paths", async () => {
    expect((await hits(ctx.admin, "notes")).map((h) => h.path)).toEqual([
      "docs/notes",
      "docs/notes/notes.md",
      "deep/a/b/c/notes.txt",
      "secret/notes-secret.txt",
    ]);
  });

  it("answers paths relative to the searched folder, with or without its trailing slash", async () => {
    expect(await hits(ctx.admin, "notes", "/deep/a/")).toEqual([{ path: "b/c/notes.txt", dir: false }]);
    expect(await hits(ctx.admin, "notes", "/deep/a")).toEqual([{ path: "b/c/notes.txt", dir: false }]);
  });

  it("never returns a denied folder's files and refuses to search in it", async () => {
    expect(await paths(ruled.token, "notes")).toEqual(["deep/a/b/c/notes.txt", "docs/notes", "docs/notes/notes.md"]);
    expect(await paths(ruled.token, "summer")).toEqual(["docs/Summer-Report.txt", "docs/summer-photo.jpg"]);
    expect((await search(ruled.token, "notes", "/secret/")).status).toBe(403);
  });

  it("searches only inside the user's scope, paths relative to it", async () => {
    expect(await paths(scoped.token, "notes")).toEqual(["notes", "notes/notes.md"]);
  });

  it("leaves hidden names out unless the user shows them", async () => {
    expect(await paths(ctx.admin, "hidden")).toEqual([]);
  });

  it("refuses escapes from the scope and does not follow links out of it", async () => {
    for (const [token, path] of [
      [scoped.token, "/..%2F"],
      [ctx.admin, "/deep%2Fa/"],
      [scoped.token, "/out-link/"],
    ]) {
      const res = await rawGet(ctx.server.origin, `/api/search${path}?query=notes`, { "X-Auth": token });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
    // A literal `..` is either resolved by the HTTP layer before routing (404) or refused (403); never data.
    for (const path of ["/../", "/%2e%2e/secret/", "/notes/../../secret/"]) {
      const res = await rawGet(ctx.server.origin, `/api/search${path}?query=notes`, { "X-Auth": scoped.token });
      expect([403, 404]).toContain(res.status);
      expect(res.body).not.toContain("notes");
    }
    expect(await paths(scoped.token, "secret")).toEqual([]);
    // The link out of the scope is left out of the listing, so it is no search hit either.
    expect(await paths(scoped.token, "out")).toEqual([]);
  });

  it("answers 400 'empty keyword is not allowed!' to a type-only query and [] to an empty one", async () => {
    const res = await search(ctx.admin, "type:video");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("empty keyword is not allowed!");
    expect(await hits(ctx.admin, "")).toEqual([]);
    expect(await hits(ctx.admin, '  ""  ')).toEqual([]);
  });

  it("pages with limit and offset, stable across calls", async () => {
    const all = await hits(ctx.admin, "item");
    expect(all.length).toBe(120);
    const first = await hits(ctx.admin, "item", "/", "&limit=50");
    const second = await hits(ctx.admin, "item", "/", "&limit=50&offset=50");
    const third = await hits(ctx.admin, "item", "/", "&limit=50&offset=100");
    expect([...first, ...second, ...third]).toEqual(all);
    expect(third.length).toBe(20);
    expect(await hits(ctx.admin, "item", "/", "&limit=50&offset=50")).toEqual(second);
    expect((await search(ctx.admin, "item", "/", "&limit=-1")).status).toBe(400);
  });

  it("gives the same hits when an index location wraps plain terms as required phrases", async () => {
    const before = await Promise.all(
      ["summer report", "+report -summer", "type:image summer", "写真"].map((q) => paths(ctx.admin, q)),
    );
    await putSettings(ctx.server, ctx.admin, { indexLocation: join(ctx.server.home, "index") });
    try {
      const after = await Promise.all(
        ["summer report", "+report -summer", "type:image summer", "写真"].map((q) => paths(ctx.admin, q)),
      );
      expect(after).toEqual(before);
    } finally {
      await putSettings(ctx.server, ctx.admin, { indexLocation: "" });
    }
  });

  it("needs a login", async () => {
    expect((await search(null, "notes")).status).toBe(401);
  });
});
