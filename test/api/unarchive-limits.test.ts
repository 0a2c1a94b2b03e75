import { describe, expect, it } from "bun:test";
import { copyFileSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { call, makeUser, putSettings } from "../support/factories";
import { openTaskSocket } from "../support/task-socket";
import { queued, waitStatus } from "../support/task-helpers";
import { makeSevenZip, sevenZip } from "../support/archives";
import { claimedSizeZip } from "../support/claimed-size-zip";

const ctx = serverInProcess();
sevenZip();
/** 20 MiB of zeros deflate to about 20 KiB: a ratio near 1:1000. */
const ZEROS_MIB = 20;

/** A user with execute and rename, a folder of their own and an open task socket. */
async function worker() {
  const name = `u${randomBytes(4).toString("hex")}`;
  const dir = join(ctx.server.root, name);
  mkdirSync(dir);
  const user = await makeUser(ctx.server, ctx.admin, { perm: { execute: true, rename: true }, scope: `/${name}` });
  return { ws: await openTaskSocket(ctx.server, user.token), dir };
}

/** Unarchives `/name` into `{{FileBasename}}.extracted` and resolves with the task's last message. */
async function unarchive(ws: Awaited<ReturnType<typeof worker>>["ws"], name: string) {
  const t = await queued(ws, {
    Task: "unarchive",
    TargetPath: `/${name}`,
    Params: { archiveOutput: "{{FileBasename}}.extracted" },
  });
  return waitStatus(ws, t.TaskID, [3, 4, 5]);
}

describe("unarchive limits", () => {
  it("refuses an archive that unpacks to more than 200 times its size, writing nothing", async () => {
    const { ws, dir } = await worker();
    makeSevenZip({
      dest: join(dir, "bomb.zip"),
      tree: { "zeros.bin": "\0".repeat(ZEROS_MIB * 1024 * 1024) },
      extra: ["-mx9"],
    });
    const done = await unarchive(ws, "bomb.zip");
    expect(done.Status).toBe(5);
    expect(done.Message).toMatch(
      /^refused: the archive unpacks to 20\.0 MiB, more than 200 times its own \d+\.\d KiB \(the unarchive ratio limit of the global settings\)$/,
    );
    expect(readdirSync(dir)).toEqual(["bomb.zip"]);
    await ws.close();
  }, 60_000);

  it("extracts the same archive once an admin raises the ratio limit or turns it off (0)", async () => {
    const { ws, dir } = await worker();
    makeSevenZip({
      dest: join(dir, "bomb.zip"),
      tree: { "zeros.bin": "\0".repeat(ZEROS_MIB * 1024 * 1024) },
      extra: ["-mx9"],
    });
    try {
      await putSettings(ctx.server, ctx.admin, { unarchiveMaxRatio: 100_000 });
      expect((await unarchive(ws, "bomb.zip")).Status).toBe(4);
      expect(statSync(join(dir, "bomb.extracted/bomb/zeros.bin")).size).toBe(ZEROS_MIB * 1024 * 1024);
      await putSettings(ctx.server, ctx.admin, { unarchiveMaxRatio: 0 });
      copyFileSync(join(dir, "bomb.zip"), join(dir, "again.zip"));
      expect((await unarchive(ws, "again.zip")).Status).toBe(4);
    } finally {
      await putSettings(ctx.server, ctx.admin, { unarchiveMaxRatio: 200 });
    }
    await ws.close();
  }, 60_000);

  it("refuses an archive whose entries declare more bytes than the output folder's free space, writing nothing", async () => {
    const { ws, dir } = await worker();
    writeFileSync(join(dir, "huge.zip"), claimedSizeZip("huge.bin", 2n ** 50n));
    try {
      // With the ratio limit off, only the free space stands in the way of 1 PiB (1024 TiB).
      await putSettings(ctx.server, ctx.admin, { unarchiveMaxRatio: 0 });
      const done = await unarchive(ws, "huge.zip");
      expect(done.Status).toBe(5);
      expect(done.Message).toMatch(
        /^not enough free space: the archive unpacks to 1024\.0 TiB, and the output folder has \d+\.\d [KMGT]iB free$/,
      );
      expect(readdirSync(dir)).toEqual(["huge.zip"]);
    } finally {
      await putSettings(ctx.server, ctx.admin, { unarchiveMaxRatio: 200 });
    }
    await ws.close();
  }, 60_000);

  it("keeps the ratio limit as a global setting: 200 by default, 0 to 1,000,000", async () => {
    const got = (await (await call(ctx.server, ctx.admin, "GET", "/settings")).json()) as Record<string, unknown>;
    expect(got.unarchiveMaxRatio).toBe(200);
    for (const bad of [-1, 1_000_001, 2.5, "lots"]) {
      const res = await call(ctx.server, ctx.admin, "PUT", "/settings", { unarchiveMaxRatio: bad });
      expect(await res.text()).toBe("400 Bad Request (unarchiveMaxRatio must be an integer from 0 to 1000000)");
    }
  });
});
