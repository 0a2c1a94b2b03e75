import { describe, expect, it } from "bun:test";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { makeUser, type Perm } from "../support/factories";
import { isTask, openTaskSocket } from "../support/task-socket";
import { processesWith, queued, refusal, waitStatus } from "../support/task-helpers";
import { SEVERAL, SINGLE_TOP, legacyNameZip, makeSevenZip, sevenZip, slipZip } from "../support/archives";

const ctx = serverInProcess();
sevenZip();

/** A user with execute and rename (plus `perm`), a folder of their own and an open task socket. */
async function worker(perm: Perm = {}) {
  const name = `u${randomBytes(4).toString("hex")}`;
  const dir = join(ctx.server.root, name);
  mkdirSync(dir);
  const user = await makeUser(ctx.server, ctx.admin, {
    perm: { execute: true, rename: true, ...perm },
    scope: `/${name}`,
  });
  return { ws: await openTaskSocket(ctx.server, user.token), dir };
}

describe("unarchive over the task connection", () => {
  it("extracts into the template folder, wraps several entries in one folder and removes the archive", async () => {
    const { ws, dir } = await worker();
    makeSevenZip({ dest: join(dir, "photos.7z"), tree: SEVERAL });
    const t = await queued(ws, {
      Task: "unarchive",
      TargetPath: "/photos.7z",
      Params: { archiveOutput: "{{FileBasename}}.extracted", archiveRm: true },
    });
    expect(t.Params).toMatchObject({
      archiveOutput: "{{FileBasename}}.extracted",
      archiveRm: true,
      archiveOneTopLevel: true,
      autoFixFilename: true,
    });
    const done = await waitStatus(ws, t.TaskID, [3, 4, 5]);
    expect(done).toMatchObject({ Status: 4, Message: "/photos.extracted/photos" });
    expect(ws.statuses(t.TaskID)).toEqual([0, 1, 4]);
    expect(readdirSync(dir)).toEqual(["photos.extracted"]);
    expect(readdirSync(join(dir, "photos.extracted/photos")).sort()).toEqual(["dir", "one.txt", "two.txt"]);
    expect(readFileSync(join(dir, "photos.extracted/photos/dir/three.txt"), "utf8")).toBe("3");
    expect(processesWith(join(dir, "photos.7z"))).toEqual([]);
    await ws.close();
  });

  it("fixes GBK names and reports the entries refused for landing outside", async () => {
    const { ws, dir } = await worker();
    legacyNameZip(join(dir, "names.zip"), "gbk", ["中文目录/", "中文目录/测试文件.txt"]);
    slipZip(join(dir, "slip.zip"), ["../evil.txt"]);
    const names = await queued(ws, { Task: "unarchive", TargetPath: "/names.zip", Params: {} });
    expect((await waitStatus(ws, names.TaskID, [3, 4, 5])).Status).toBe(4);
    expect(readFileSync(join(dir, "中文目录/测试文件.txt"), "utf8")).toBe("content of 中文目录/测试文件.txt");
    const slip = await queued(ws, {
      Task: "unarchive",
      TargetPath: "/slip.zip",
      Params: { archiveOneTopLevel: false },
    });
    const done = await waitStatus(ws, slip.TaskID, [3, 4, 5]);
    expect(done.Status).toBe(4);
    expect(done.Message).toContain("../evil.txt");
    expect(readdirSync(ctx.server.root)).not.toContain("evil.txt");
    expect(readdirSync(dir).sort()).toEqual(["names.zip", "safe.txt", "slip.zip", "中文目录"]);
    await ws.close();
  });

  it("fails a wrong password with the documented message, extracting nothing and keeping the archive", async () => {
    const { ws, dir } = await worker();
    makeSevenZip({ dest: join(dir, "locked.7z"), tree: SINGLE_TOP, password: "right", headerEncrypted: true });
    const t = await queued(ws, {
      Task: "unarchive",
      TargetPath: "/locked.7z",
      Params: { archivePasswd: "wrong", archiveRm: true },
    });
    const failed = await waitStatus(ws, t.TaskID, [3, 4, 5]);
    expect(failed).toMatchObject({
      Status: 5,
      Message: "failed to get file list from archive, maybe encrypted archive. Wrong password?",
    });
    expect(ws.statuses(t.TaskID)).toEqual([0, 1, 5]);
    expect(readdirSync(dir)).toEqual(["locked.7z"]);
    await ws.close();
  });

  it("refuses a text file with the documented message and queues nothing", async () => {
    const { ws, dir } = await worker();
    makeSevenZip({ dest: join(dir, "x.7z"), tree: SINGLE_TOP });
    await Bun.write(join(dir, "readme.md"), "# not an archive");
    expect(await refusal(ws, { Task: "unarchive", TargetPath: "/readme.md", Params: {} })).toBe(
      "hey man, are you sure this is an archive file?",
    );
    await ws.close();
  });

  /** Makes `dir/name` with `tar` from a folder `top` holding a.txt and sub/b.txt (plus `big` random bytes), compressed by `flag`. */
  function compressedTar(dir: string, name: string, flag: string, big = 0): void {
    const src = join(dir, `src-${name}`);
    mkdirSync(join(src, "top/sub"), { recursive: true });
    writeFileSync(join(src, "top/a.txt"), "alpha");
    writeFileSync(join(src, "top/sub/b.txt"), "beta");
    if (big) writeFileSync(join(src, "top/big.bin"), randomBytes(big));
    const r = Bun.spawnSync(["tar", "-C", src, flag, "-cf", join(dir, name), "top"]);
    if (r.exitCode !== 0) throw new Error(`tar failed: ${r.stderr}`);
    Bun.spawnSync(["rm", "-rf", src]);
  }

  it("extracts .tar.gz, .tgz, .tar.bz2 and .tar.xz through both layers in one task and removes only the compressed file", async () => {
    const { ws, dir } = await worker();
    const names = { "a.tar.gz": "-z", "b.tgz": "-z", "c.tar.bz2": "-j", "d.tar.xz": "-J" };
    for (const [name, flag] of Object.entries(names)) {
      compressedTar(dir, name, flag);
      const t = await queued(ws, {
        Task: "unarchive",
        TargetPath: `/${name}`,
        Params: { archiveOutput: "{{FileBasename}}.out", archiveRm: true },
      });
      const done = await waitStatus(ws, t.TaskID, [3, 4, 5]);
      const base = name.replace(/\.(tar\.\w+|tgz)$/, "");
      expect(done).toMatchObject({ Status: 4, Message: `/${base}.out/top` });
      expect(readFileSync(join(dir, `${base}.out/top/sub/b.txt`), "utf8")).toBe("beta");
      expect(
        readdirSync(join(dir, `${base}.out`), { recursive: true })
          .map(String)
          .sort(),
      ).toEqual(["top", "top/a.txt", "top/sub", "top/sub/b.txt"]);
    }
    expect(readdirSync(dir).sort()).toEqual(["a.out", "b.out", "c.out", "d.out"]);
    await ws.close();
  });

  it("reports progress that only rises over both layers of a .tar.gz, and keeps the archive and leaves nothing when the inner tar is broken", async () => {
    const { ws, dir } = await worker();
    compressedTar(dir, "big.tar.gz", "-z", 16 * 1024 * 1024);
    const t = await queued(ws, { Task: "unarchive", TargetPath: "/big.tar.gz", Params: { archiveRm: true } });
    const from = ws.messages.length;
    expect((await waitStatus(ws, t.TaskID, [3, 4, 5], 120_000)).Status).toBe(4);
    const pcts = ws.messages
      .slice(from)
      .filter((m) => isTask(m) && m.TaskID === t.TaskID && /^\d+%$/.test(m.Message))
      .map((m) => parseInt((m as { Message: string }).Message, 10));
    expect(pcts).toEqual([...pcts].sort((a, b) => a - b));
    expect(readdirSync(dir)).toEqual(["top"]);

    // A gzip stream whose tar is cut short: the task fails, the .tgz stays and no output or intermediate is left.
    const tar = Bun.spawnSync(["tar", "-C", dir, "-cf", "-", "top"]).stdout;
    writeFileSync(join(dir, "cut.tgz"), Bun.gzipSync(new Uint8Array(tar.subarray(0, 5000))));
    const cut = await queued(ws, {
      Task: "unarchive",
      TargetPath: "/cut.tgz",
      Params: { archiveOutput: "cut", archiveRm: true },
    });
    expect((await waitStatus(ws, cut.TaskID, [3, 4, 5])).Status).toBe(5);
    expect(readdirSync(dir).sort()).toEqual(["cut.tgz", "top"]);
    await ws.close();
  });
});
