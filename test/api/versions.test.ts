/**
 * File versions (docs/product.md "Versions"): every write that replaces a file's bytes (editor save, upload with
 * override, tus over a name, copy and move with override) keeps the old content; a version downloads as it was,
 * restores exactly and is itself kept when replaced; the policy keeps the newest N and drops old ones as the clock
 * moves; nobody reads the versions of a file they cannot see.
 */
import { beforeAll, describe, expect, it } from "bun:test";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { login } from "../support/server";
import { call, makeUser, putSettings, type TestUser } from "../support/factories";
import type { VersionList } from "../../src/shared/wire/versions";
import { VERSIONS_DIR_NAME } from "../../src/server/fs/temp-name";

const ctx = serverInProcess();
let eve: TestUser;
let reader: TestUser;
const WRITE = { create: true, modify: true, rename: true, delete: true, download: true };

beforeAll(async () => {
  makeTree(ctx.server.root, { w: {}, other: {} });
  eve = await makeUser(ctx.server, ctx.admin, { scope: "/w", perm: WRITE });
  reader = await makeUser(ctx.server, ctx.admin, { scope: "/other", perm: WRITE });
});

const file = (...p: string[]) => join(ctx.server.root, "w", ...p);
const save = (path: string, text: string | Uint8Array, token = eve.token) =>
  call(ctx.server, token, "PUT", `/resources${path}`, typeof text === "string" ? text : Buffer.from(text));

async function versions(path: string, token = eve.token): Promise<VersionList["items"]> {
  const res = await call(ctx.server, token, "GET", `/versions${path}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as VersionList).items;
}

const content = async (id: string, token = eve.token) =>
  Buffer.from(await (await call(ctx.server, token, "GET", `/version/${id}`)).arrayBuffer());

describe("a save keeps the content it replaces", () => {
  it("lists the old content with its size, times and who replaced it, downloads it as it was, and restores it", async () => {
    const first = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    makeTree(file(), { "a.bin": first });
    expect(await versions("/a.bin")).toEqual([]);
    const before = Date.now();
    expect((await save("/a.bin", "second")).status).toBe(200);
    const [v1] = await versions("/a.bin");
    expect(v1).toMatchObject({ size: 5000, replacedBy: eve.username });
    expect(Date.parse(v1!.replacedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await content(v1!.id)).equals(first)).toBe(true);
    const dl = await call(ctx.server, eve.token, "GET", `/version/${v1!.id}`);
    expect(dl.headers.get("Content-Disposition")).toContain("a.bin");

    const res = await call(ctx.server, eve.token, "POST", `/version/${v1!.id}/restore`);
    expect(await res.json()).toEqual({ path: "/a.bin" });
    expect(readFileSync(file("a.bin")).equals(first)).toBe(true);
    // The restore kept what it replaced, so it can be undone in turn.
    const after = await versions("/a.bin");
    expect(after).toHaveLength(2);
    expect((await content(after[0]!.id)).toString()).toBe("second");
  });

  it("keeps the version's bytes when the file is saved again (the content is a link to the old bytes, never shared)", async () => {
    makeTree(file(), { "b.txt": "one" });
    await save("/b.txt", "two");
    await save("/b.txt", "three");
    const list = await versions("/b.txt");
    expect(await Promise.all(list.map(async (v) => (await content(v.id)).toString()))).toEqual(["two", "one"]);
    expect(readFileSync(file("b.txt"), "utf8")).toBe("three");
  });
});

describe("every write that replaces bytes keeps a version", () => {
  it("an upload with override", async () => {
    makeTree(file(), { "up.txt": "before upload" });
    const res = await call(ctx.server, eve.token, "POST", "/resources/up.txt?override=true", "after upload");
    expect(res.status).toBe(200);
    const [v] = await versions("/up.txt");
    expect((await content(v!.id)).toString()).toBe("before upload");
  });

  it("a tus upload over a name", async () => {
    makeTree(file(), { "tus.txt": "before tus" });
    const tus = (method: string, headers: Record<string, string>, body?: string) =>
      fetch(`${ctx.server.url}/api/tus/tus.txt?override=true`, {
        method,
        headers: { "X-Auth": eve.token, "Tus-Resumable": "1.0.0", ...headers },
        body,
      });
    expect((await tus("POST", { "Upload-Length": "9" })).status).toBe(201);
    const patched = await fetch(`${ctx.server.url}/api/tus/tus.txt`, {
      method: "PATCH",
      headers: {
        "X-Auth": eve.token,
        "Tus-Resumable": "1.0.0",
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
      },
      body: "after tus",
    });
    expect(patched.status).toBe(204);
    expect(readFileSync(file("tus.txt"), "utf8")).toBe("after tus");
    const [v] = await versions("/tus.txt");
    expect((await content(v!.id)).toString()).toBe("before tus");
  });

  it("a copy and a move with override", async () => {
    makeTree(file(), {
      src: { "c.txt": "copied in", "m.txt": "moved in" },
      dst: { "c.txt": "was c", "m.txt": "was m" },
    });
    const patch = (action: string, from: string, to: string) =>
      call(
        ctx.server,
        eve.token,
        "PATCH",
        `/resources${from}?action=${action}&destination=${encodeURIComponent(to)}&override=true`,
      );
    expect((await patch("copy", "/src/c.txt", "/dst/c.txt")).status).toBe(200);
    expect((await patch("rename", "/src/m.txt", "/dst/m.txt")).status).toBe(200);
    expect((await content((await versions("/dst/c.txt"))[0]!.id)).toString()).toBe("was c");
    expect((await content((await versions("/dst/m.txt"))[0]!.id)).toString()).toBe("was m");
    expect(readFileSync(file("dst", "m.txt"), "utf8")).toBe("moved in");
  });

  it("never a new file, and nothing from a write that replaces nothing", async () => {
    expect((await call(ctx.server, eve.token, "POST", "/resources/new.txt", "fresh")).status).toBe(200);
    expect(await versions("/new.txt")).toEqual([]);
  });
});

describe("a version that cannot be kept", () => {
  it("never stops the save, and the activity log says no version was kept", async () => {
    const store = join(ctx.server.root, VERSIONS_DIR_NAME);
    const aside = `${store}.aside`;
    if (existsSync(store)) renameSync(store, aside);
    // A file where the versions folder must be: keeping fails, the save goes on.
    writeFileSync(store, "in the way");
    try {
      makeTree(file(), { "lost.txt": "before" });
      expect((await save("/lost.txt", "after")).status).toBe(200);
      expect(readFileSync(file("lost.txt"), "utf8")).toBe("after");
      expect(await versions("/lost.txt")).toEqual([]);
      const res = await call(ctx.server, ctx.admin, "GET", "/activity?action=version-lost");
      const [entry] = ((await res.json()) as { items: { path: string; result: string; user: string }[] }).items;
      expect(entry).toMatchObject({ path: "/w/lost.txt", user: eve.username });
      expect(entry!.result).toContain("no version kept");
    } finally {
      rmSync(store, { force: true });
      if (existsSync(aside)) renameSync(aside, store);
    }
  });
});

describe("who reads what", () => {
  it("another user's scope, a rule-hidden path and the versions folder itself are out of reach", async () => {
    makeTree(file(), { "private.txt": "p1" });
    await save("/private.txt", "p2");
    const [v] = await versions("/private.txt");
    expect((await call(ctx.server, reader.token, "GET", `/version/${v!.id}`)).status).toBe(404);
    expect((await call(ctx.server, reader.token, "POST", `/version/${v!.id}/restore`)).status).toBe(404);
    const hidden = await makeUser(ctx.server, ctx.admin, {
      scope: "/w",
      perm: WRITE,
      rules: [{ allow: false, path: "/private.txt", regex: false, regexp: null }],
    });
    expect((await call(ctx.server, hidden.token, "GET", `/version/${v!.id}`)).status).toBe(404);
    expect((await call(ctx.server, hidden.token, "GET", "/versions/private.txt")).status).toBe(403);
    expect((await call(ctx.server, ctx.admin, "GET", `/resources/${VERSIONS_DIR_NAME}/`)).status).toBe(404);
    expect((await call(ctx.server, ctx.admin, "GET", `/raw/${VERSIONS_DIR_NAME}/${v!.id}`)).status).toBe(404);
    expect(existsSync(join(ctx.server.root, VERSIONS_DIR_NAME, v!.id))).toBe(true);
  });

  it("downloading needs the download permission and restoring the modify permission", async () => {
    makeTree(file(), { "perm.txt": "a" });
    await save("/perm.txt", "b");
    const [v] = await versions("/perm.txt");
    const looker = await makeUser(ctx.server, ctx.admin, { scope: "/w", perm: {} });
    expect((await versions("/perm.txt", looker.token)).length).toBe(1);
    expect((await call(ctx.server, looker.token, "GET", `/version/${v!.id}`)).status).toBe(403);
    expect((await call(ctx.server, looker.token, "POST", `/version/${v!.id}/restore`)).status).toBe(403);
    writeFileSync(file("perm.txt"), "c");
    expect(readFileSync(file("perm.txt"), "utf8")).toBe("c");
  });
});

describe("the policy", () => {
  it("keeps the newest versionsKeep per file, and none with 0", async () => {
    await putSettings(ctx.server, ctx.admin, { versionsKeep: 2 });
    try {
      makeTree(file(), { "k.txt": "v0" });
      for (let i = 1; i <= 4; i++) await save("/k.txt", `v${i}`);
      const list = await versions("/k.txt");
      expect(await Promise.all(list.map(async (v) => (await content(v.id)).toString()))).toEqual(["v3", "v2"]);
      await putSettings(ctx.server, ctx.admin, { versionsKeep: 0 });
      makeTree(file(), { "none.txt": "x" });
      await save("/none.txt", "y");
      expect(await versions("/none.txt")).toEqual([]);
    } finally {
      await putSettings(ctx.server, ctx.admin, { versionsKeep: 10 });
    }
  });

  it("drops versions older than versionsDays once the clock has moved", async () => {
    makeTree(file(), { "old.txt": "1" });
    await save("/old.txt", "2");
    const [v] = await versions("/old.txt");
    // Last in the file: every login ends once the clock has moved a month.
    ctx.server.clock.advance(31 * 86_400_000);
    expect(await ctx.server.deps.versions.purge()).toBeGreaterThanOrEqual(1);
    eve.token = await login(ctx.server, eve.username, eve.password);
    expect(await versions("/old.txt")).toEqual([]);
    const stored = readdirSync(join(ctx.server.root, VERSIONS_DIR_NAME));
    expect(stored).not.toContain(v!.id);
  });
});
