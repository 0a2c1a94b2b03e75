import { beforeAll, describe, expect, it } from "bun:test";
import { serverPerFile } from "../support/server-per-file";
import {
  mkdirSync,
  openSync,
  closeSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  unlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { login, startServer } from "../support/server";

const ctx = serverPerFile();
const BIG = 40_000;

beforeAll(async () => {
  mkdirSync(join(ctx.server.root, "big"));
  for (let i = 0; i < BIG; i++) writeFileSync(join(ctx.server.root, "big", `entry-${i}.txt`), "x".repeat(i % 50));
  mkdirSync(join(ctx.server.root, "small"));
  for (const n of ["a.txt", "b.txt", "c.txt"]) writeFileSync(join(ctx.server.root, "small", n), n);
  const fd = openSync(join(ctx.server.root, "blob.bin"), "w");
  const block = new Uint8Array(1 << 20).map((_, i) => i * 7);
  for (let i = 0; i < 16; i++) writeSync(fd, block);
  closeSync(fd);
}, 120_000);

const auth = () => ({ "X-Auth": ctx.admin });

/** Milliseconds `req` took, with its status and answer. */
async function timed(
  url: string,
  headers: Record<string, string>,
): Promise<{ ms: number; status: number; bytes: ArrayBuffer; end: number }> {
  const t = performance.now();
  const res = await fetch(url, { headers });
  const bytes = await res.arrayBuffer();
  return { ms: performance.now() - t, status: res.status, bytes, end: performance.now() };
}

describe("a large folder listed for the first time", () => {
  it("does not hold other requests back: small listings and 1 MiB Range reads are answered while it is built", async () => {
    await timed(`${ctx.server.url}/api/resources/small/`, auth());
    // A change in the folder: the next listing reads it again.
    for (let round = 0; round < 2; round++) {
      writeFileSync(join(ctx.server.root, "big", "stir.tmp"), "");
      unlinkSync(join(ctx.server.root, "big", "stir.tmp"));
      await Bun.sleep(100);
      const started = performance.now();
      const big = timed(`${ctx.server.url}/api/resources/big/`, auth());
      let done = false;
      void big.then(() => (done = true));
      const others: { ms: number; end: number }[] = [];
      await Bun.sleep(5);
      while (!done) {
        const [list, range] = await Promise.all([
          timed(`${ctx.server.url}/api/resources/small/`, auth()),
          timed(`${ctx.server.url}/api/raw/blob.bin`, { ...auth(), Range: "bytes=1048576-2097151" }),
        ]);
        expect(list.status).toBe(200);
        expect(range.status).toBe(206);
        expect(range.bytes.byteLength).toBe(1 << 20);
        others.push({ ms: Math.max(list.ms, range.ms), end: Math.min(list.end, range.end) });
      }
      const answer = await big;
      expect(answer.status).toBe(200);
      const body = JSON.parse(new TextDecoder().decode(answer.bytes)) as {
        items: { name: string }[];
        numFiles: number;
      };
      expect(body.numFiles).toBe(BIG);
      expect(body.items[0].name).toBe("entry-0.txt");
      expect(body.items[BIG - 1].name).toBe(`entry-${BIG - 1}.txt`);
      // Answered while the big listing was still being built, each well before it was done.
      const during = others.filter((o) => o.end < started + answer.ms);
      expect(during.length).toBeGreaterThanOrEqual(1);
      expect(Math.max(...during.map((o) => o.ms))).toBeLessThan(answer.ms);
    }
  }, 60_000);
});

describe("the folder threads", () => {
  it("end after their idle time, the listing cache empties with its folder watches, and both start again with the next listing", async () => {
    // The file index may watch no folder here, so the watches counted are the listing cache's own.
    const idle = await startServer({ env: { FBE_LISTING_IDLE_MS: "1000", FBE_INDEX_WATCH_MAX: "0" } });
    try {
      const own = await login(idle);
      mkdirSync(join(idle.root, "d"));
      for (let i = 0; i < 20; i++) writeFileSync(join(idle.root, "d", `f-${i}.txt`), String(i));
      // Bun names the thread of each Worker "Worker" (/proc/PID/task/TID/comm).
      const task = `/proc/${idle.process.pid}/task`;
      const threads = () =>
        readdirSync(task).filter((tid) => readFileSync(`${task}/${tid}/comm`, "utf8").trim() === "Worker").length;
      const list = async () =>
        (
          (await (await fetch(`${idle.url}/api/resources/d/`, { headers: { "X-Auth": own } })).json()) as {
            items: unknown[];
          }
        ).items.length;
      // Folder watches of the cache: the "inotify wd:" lines of each inotify descriptor (/proc/PID/fdinfo).
      const fds = `/proc/${idle.process.pid}/fd`;
      const watches = () =>
        readdirSync(fds)
          .filter((fd) => {
            try {
              return readlinkSync(`${fds}/${fd}`) === "anon_inode:inotify";
            } catch {
              return false;
            }
          })
          .reduce(
            (n, fd) =>
              n +
              readFileSync(`/proc/${idle.process.pid}/fdinfo/${fd}`, "utf8")
                .split("\n")
                .filter((l) => l.startsWith("inotify wd:")).length,
            0,
          );
      const before = threads();
      const watchedBefore = watches();
      expect(before).toBe(0);
      expect(await list()).toBe(20);
      expect(threads()).toBeGreaterThan(before);
      // The cache keeps the folder (and watches it) as the read that answered ends; on a busy machine a moment later,
      // and maybe after the idle time went by: so the folder is listed again (which keeps it in use) until it shows.
      for (const until = Date.now() + 10_000; watches() <= watchedBefore && Date.now() < until; ) {
        await Bun.sleep(50);
        if (watches() <= watchedBefore) expect(await list()).toBe(20);
      }
      expect(watches()).toBeGreaterThan(watchedBefore);
      const end = Date.now() + 10_000;
      while ((threads() > before || watches() > watchedBefore) && Date.now() < end) await Bun.sleep(200);
      expect(threads()).toBe(before);
      expect(watches()).toBe(watchedBefore);
      writeFileSync(join(idle.root, "d", "late.txt"), "x");
      expect(await list()).toBe(21);
      expect(threads()).toBeGreaterThan(before);
    } finally {
      await idle.stop();
    }
  }, 30_000);
});
