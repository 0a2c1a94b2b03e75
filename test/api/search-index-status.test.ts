import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { serverPerFile } from "../support/server-per-file";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { login, startServer } from "../support/server";
import { makeTree } from "../support/tree";
import { call, makeUser, type TestUser } from "../support/factories";

interface Status {
  entries: number;
  builtAt: number | null;
  building: boolean;
  state: string;
}
interface Item {
  name: string;
  isDir: boolean;
  size: number;
  sizeKnown?: boolean;
}

let plain: TestUser;

async function status(): Promise<Status> {
  const res = await call(ctx.server, ctx.admin, "GET", "/search-index");
  expect(res.status).toBe(200);
  return (await res.json()) as Status;
}

/** Polls the status until `done` holds (fails after 10 s with the last status). */
async function statusWhen(done: (s: Status) => boolean): Promise<Status> {
  let last = await status();
  for (let i = 0; i < 200 && !done(last); i++) {
    await Bun.sleep(50);
    last = await status();
  }
  expect(done(last)).toBe(true);
  return last;
}

async function items(path = "/"): Promise<Record<string, Item>> {
  const res = await call(ctx.server, ctx.admin, "GET", `/resources${path}`);
  expect(res.status).toBe(200);
  const list = ((await res.json()) as { items: Item[] }).items;
  return Object.fromEntries(list.map((i) => [i.name, i]));
}

const root = mkdtempSync(join(tmpdir(), "fbe-index-status-"));

// The tree exists before the server starts, so the first walk finds it.
beforeAll(() => makeTree(root, { docs: { "a.txt": "12345", sub: { "b.txt": "123" } }, "c.txt": "1", empty: {} }));
const ctx = serverPerFile({ root });
beforeAll(async () => {
  await statusWhen((s) => s.state === "ready" && !s.building);
  plain = await makeUser(ctx.server, ctx.admin, { perm: { create: true, download: true } });
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
});

describe("GET /api/search-index", () => {
  it("answers the entries, the last build time, whether a walk runs, the state and the folder watches", async () => {
    const s = await status();
    expect(Object.keys(s).sort()).toEqual(["building", "builtAt", "entries", "state", "watch"]);
    expect(s.state).toBe("ready");
    expect(s.building).toBe(false);
    // docs, docs/a.txt, docs/sub, docs/sub/b.txt, c.txt, empty
    expect(s.entries).toBeGreaterThanOrEqual(6);
    expect(typeof s.builtAt).toBe("number");
    expect(s.builtAt!).toBeLessThanOrEqual(Date.now());
  });

  it("counts a file the product writes at once", async () => {
    const before = (await status()).entries;
    expect((await call(ctx.server, ctx.admin, "POST", "/resources/docs/new.txt", "hello")).status).toBe(200);
    expect((await status()).entries).toBe(before + 1);
    expect((await call(ctx.server, ctx.admin, "DELETE", "/resources/docs/new.txt")).status).toBe(200);
    expect((await status()).entries).toBe(before);
  });

  it("refuses users who are not admins with 403, and a request without a token with 401", async () => {
    for (const [method, path] of [
      ["GET", "/search-index"],
      ["POST", "/search-index/rebuild"],
    ] as const) {
      const res = await call(ctx.server, plain.token, method, path);
      expect(res.status).toBe(403);
      expect(await res.text()).toBe("403 Forbidden");
      expect((await call(ctx.server, null, method, path)).status).toBe(401);
    }
  });
});

describe("POST /api/search-index/rebuild", () => {
  it("answers 202 at once; the walk then ends with a newer build time and the same entries", async () => {
    const before = await status();
    await Bun.sleep(5);
    const res = await call(ctx.server, ctx.admin, "POST", "/search-index/rebuild");
    expect(res.status).toBe(202);
    expect(((await res.json()) as Status).state).toBe("ready");
    const after = await statusWhen((s) => !s.building && (s.builtAt ?? 0) > before.builtAt!);
    expect(after.entries).toBe(before.entries);
    expect(after.state).toBe("ready");
  });
});

describe("folder sizes in the listing", () => {
  it("gives each folder its total size from the index with sizeKnown true; files carry no flag", async () => {
    const list = await items();
    expect(list.docs).toMatchObject({ isDir: true, size: 5 + 3, sizeKnown: true });
    expect(list.empty).toMatchObject({ isDir: true, size: 0, sizeKnown: true });
    expect(list["c.txt"].size).toBe(1);
    expect("sizeKnown" in list["c.txt"]).toBe(false);
    expect((await items("/docs/")).sub).toMatchObject({ size: 3, sizeKnown: true });
    // The listed folder itself has no flag.
    const res = await call(ctx.server, ctx.admin, "GET", "/resources/docs/");
    expect("sizeKnown" in ((await res.json()) as object)).toBe(false);
  });

  it("a folder the index does not know yet has sizeKnown false, and its total after a rebuild", async () => {
    // Nothing watches `old/` (the index may watch no folder here, and nobody listed it), so a folder made in it
    // behind the product's back stays unknown until a walk: the state a watch limit leaves folders in.
    const home = mkdtempSync(join(tmpdir(), "fbe-index-unknown-"));
    makeTree(home, { old: { "a.txt": "1" } });
    const unwatched = await startServer({ root: home, env: { FBE_INDEX_WATCH_MAX: "0" } });
    try {
      const token = await login(unwatched);
      const statusOf = async () => (await (await call(unwatched, token, "GET", "/search-index")).json()) as Status;
      const listOld = async () => {
        const list = ((await (await call(unwatched, token, "GET", "/resources/old/")).json()) as { items: Item[] })
          .items;
        return Object.fromEntries(list.map((i) => [i.name, i]));
      };
      for (let i = 0; i < 200 && !((await statusOf()).state === "ready" && !(await statusOf()).building); i++)
        await Bun.sleep(50);
      const before = await statusOf();
      mkdirSync(join(home, "old", "behind"));
      writeFileSync(join(home, "old", "behind", "x.bin"), "1234567");
      expect((await listOld()).behind.sizeKnown).toBe(false);
      await Bun.sleep(5);
      expect((await call(unwatched, token, "POST", "/search-index/rebuild")).status).toBe(202);
      for (let i = 0; i < 200; i++) {
        const now = await statusOf();
        if (!now.building && (now.builtAt ?? 0) > before.builtAt!) break;
        await Bun.sleep(50);
      }
      expect((await listOld()).behind).toMatchObject({ size: 7, sizeKnown: true });
    } finally {
      await unwatched.stop();
      rmSync(home, { recursive: true, force: true });
    }
  }, 30_000);

  it("a folder the product creates is known at once, and grows with an upload", async () => {
    expect((await call(ctx.server, ctx.admin, "POST", "/resources/made/")).status).toBe(200);
    expect((await items()).made).toMatchObject({ size: 0, sizeKnown: true });
    expect((await call(ctx.server, ctx.admin, "POST", "/resources/made/f.txt", "abcd")).status).toBe(200);
    expect((await items()).made).toMatchObject({ size: 4, sizeKnown: true });
  });
});

describe("folder sizes and rules", () => {
  it("hides the index total of a folder a rule cuts into, from that user only", async () => {
    const deny = (path: string) => ({ allow: false, path, regex: false, regexp: { raw: "" } });
    const ruled = await makeUser(ctx.server, ctx.admin, { perm: { download: true }, rules: [deny("/docs/sub")] });
    const res = await call(ctx.server, ruled.token, "GET", "/resources/");
    const list = ((await res.json()) as { items: Item[] }).items;
    const byName = Object.fromEntries(list.map((i) => [i.name, i]));
    expect(byName.docs).toMatchObject({ sizeKnown: false });
    expect(byName.empty).toMatchObject({ size: 0, sizeKnown: true });
    expect((await items()).docs).toMatchObject({ sizeKnown: true });
  });
});

describe("index settings saved while the server runs", () => {
  it("skips newly excluded folders from the next walk, keeping the old index searchable during it", async () => {
    makeTree(root, { "skip-me": { "hidden-by-setting.txt": "x" } });
    expect((await call(ctx.server, ctx.admin, "POST", "/search-index/rebuild")).status).toBe(202);
    await statusWhen((s) => !s.building);
    const hits = async () =>
      (await (await call(ctx.server, ctx.admin, "GET", "/search/?query=hidden-by-setting")).json()) as {
        path: string;
      }[];
    expect((await hits()).map((h) => h.path)).toEqual(["skip-me/hidden-by-setting.txt"]);
    const settings = (await (await call(ctx.server, ctx.admin, "GET", "/settings")).json()) as Record<string, unknown>;
    expect(
      (await call(ctx.server, ctx.admin, "PUT", "/settings", { ...settings, excludeIndexDirs: ["skip-me"] })).status,
    ).toBe(200);
    expect((await call(ctx.server, ctx.admin, "POST", "/search-index/rebuild")).status).toBe(202);
    // The old snapshot answers until the new one replaces it.
    expect((await status()).state).toBe("ready");
    await statusWhen((s) => !s.building);
    expect(await hits()).toEqual([]);
  });
});
