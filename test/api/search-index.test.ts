import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeTree } from "../support/tree";
import { call } from "../support/factories";
import { openTaskSocket } from "../support/task-socket";
import { queued, waitStatus } from "../support/task-helpers";
import { makeSevenZip, sevenZip, SEVERAL } from "../support/archives";

const root = mkdtempSync(join(tmpdir(), "fbe-search-index-"));
sevenZip();

const enc = (p: string) => p.split("/").map(encodeURIComponent).join("/");

/** Paths the index answers for `query` (fails when the answer came from the live walk, not the index). */
async function indexed(query: string): Promise<string[]> {
  const res = await call(ctx.server, ctx.admin, "GET", `/search/?query=${encodeURIComponent(query)}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("X-Search-Index")).toBe("ready");
  return ((await res.json()) as { path: string }[]).map((h) => h.path).sort();
}

beforeAll(() => makeTree(root, { start: { "kiwi-start.txt": "12345", sub: { "kiwi-deep.txt": "123" } }, other: {} }));
const ctx = serverInProcess({ root });
beforeAll(async () => {
  // The first walk runs in the background after `listening`; a tiny tree is done at once.
  for (let i = 0; i < 100; i++) {
    const res = await call(ctx.server, ctx.admin, "GET", "/search/?query=kiwi");
    await res.arrayBuffer();
    if (res.headers.get("X-Search-Index") === "ready") break;
    await Bun.sleep(50);
  }
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
});

describe("the index follows every write of the product at once", () => {
  it("holds the tree built at start", async () => {
    expect(await indexed("kiwi")).toEqual(["start/kiwi-start.txt", "start/sub/kiwi-deep.txt"]);
  });

  it("an upload, a new folder, a rename, a move, a copy and a delete", async () => {
    expect(
      (await call(ctx.server, ctx.admin, "POST", `/resources${enc("/other/Mango Ünïcode.txt")}`, "mango!")).status,
    ).toBe(200);
    expect(await indexed("ünï")).toEqual(["other/Mango Ünïcode.txt"]);
    expect((await call(ctx.server, ctx.admin, "POST", "/resources/other/papaya-dir/")).status).toBe(200);
    expect(await indexed("papaya")).toEqual(["other/papaya-dir"]);
    const patch = (from: string, action: string, dest: string) =>
      call(
        ctx.server,
        ctx.admin,
        "PATCH",
        `/resources${enc(from)}?action=${action}&destination=${encodeURIComponent(dest)}`,
      );
    expect((await patch("/other/Mango Ünïcode.txt", "rename", "/other/guava.txt")).status).toBe(200);
    expect(await indexed("mango")).toEqual([]);
    expect(await indexed("guava")).toEqual(["other/guava.txt"]);
    expect((await patch("/start", "rename", "/other/papaya-dir/start")).status).toBe(200);
    expect(await indexed("kiwi")).toEqual([
      "other/papaya-dir/start/kiwi-start.txt",
      "other/papaya-dir/start/sub/kiwi-deep.txt",
    ]);
    expect((await patch("/other/papaya-dir/start", "copy", "/copied")).status).toBe(200);
    expect(await indexed("kiwi-deep")).toEqual([
      "copied/sub/kiwi-deep.txt",
      "other/papaya-dir/start/sub/kiwi-deep.txt",
    ]);
    expect((await call(ctx.server, ctx.admin, "DELETE", "/resources/other/papaya-dir")).status).toBe(200);
    expect(await indexed("kiwi")).toEqual(["copied/kiwi-start.txt", "copied/sub/kiwi-deep.txt"]);
    expect(await indexed("papaya")).toEqual([]);
  });

  it("a saved file keeps its place; a file written behind the product's back is found once its folder's watch tells it", async () => {
    expect((await call(ctx.server, ctx.admin, "PUT", "/resources/other/guava.txt", "now longer content")).status).toBe(
      200,
    );
    expect(await indexed("guava")).toEqual(["other/guava.txt"]);
    writeFileSync(join(root, "other", "behind-back.txt"), "x");
    // The watches are read every second (search-index-watch.test.ts holds the 5 s promise).
    let found = await indexed("behind-back");
    for (let i = 0; i < 50 && found.length === 0; i++) found = (await Bun.sleep(100), await indexed("behind-back"));
    expect(found).toEqual(["other/behind-back.txt"]);
  });

  it("an unarchive task's output is found as soon as the task is done, the removed archive is gone", async () => {
    makeSevenZip({ dest: join(root, "fruit-box.7z"), tree: SEVERAL });
    const ws = await openTaskSocket(ctx.server, ctx.admin);
    const t = await queued(ws, {
      Task: "unarchive",
      TargetPath: "/fruit-box.7z",
      Params: { archiveOutput: "{{FileBasename}}.out", archiveRm: true },
    });
    expect(await waitStatus(ws, t.TaskID, [3, 4, 5])).toMatchObject({ Status: 4 });
    await ws.close();
    expect(await indexed("three")).toEqual(["fruit-box.out/fruit-box/dir/three.txt"]);
    expect(await indexed("fruit-box.7z")).toEqual([]);
  });

  it("a term holding a NUL character matches nothing, and excludes nothing, without an error", async () => {
    // A write first, so the recent changes (searched through SQLite's FTS5) hold entries too.
    expect((await call(ctx.server, ctx.admin, "POST", "/resources/kiwi-nul.txt", "n")).status).toBe(200);
    expect(await indexed("kiwi\0x")).toEqual([]);
    expect(await indexed("nul\0")).toEqual([]);
    expect(await indexed("kiwi-nul -a\0b")).toEqual(["kiwi-nul.txt"]);
  });

  it("the listing shows the total size of each folder from the index", async () => {
    const res = await call(ctx.server, ctx.admin, "GET", "/resources/");
    const items = ((await res.json()) as { items: { name: string; size: number; isDir: boolean }[] }).items;
    const copied = items.find((i) => i.name === "copied")!;
    expect(copied.isDir).toBe(true);
    expect(copied.size).toBe(5 + 3);
    const other = items.find((i) => i.name === "other")!;
    expect(other.size).toBe(
      statSync(join(root, "other", "guava.txt")).size + statSync(join(root, "other", "behind-back.txt")).size,
    );
  });
});
