import { afterAll, describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  api,
  boot,
  homePaths,
  indexReady,
  kill9,
  sha,
  slowBody,
  stop,
  TEMP_PREFIX,
  tempFiles,
  tempsGone,
  type Running,
} from "../support/kill-points";

const homes: string[] = [];
afterAll(() => {
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});

function newHome(): string {
  const home = mkdtempSync(join(tmpdir(), "fbe-temp-sweep-"));
  homes.push(home);
  return home;
}

/** Waits until a temp file shows below `dir` (an upload under way); fails after 5 s. */
async function tempAppears(dir: string): Promise<void> {
  for (let i = 0; i < 250 && tempFiles(dir).length === 0; i++) await Bun.sleep(20);
  expect(tempFiles(dir).length).toBeGreaterThan(0);
}

async function names(r: Running, path = "/"): Promise<string[]> {
  const res = await api(r, "GET", `/resources${path}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { name: string }[] }).items.map((i) => i.name).sort();
}

async function searchPaths(r: Running, query: string): Promise<string[]> {
  const res = await api(r, "GET", `/search/?query=${encodeURIComponent(query)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { path: string }[]).map((h) => h.path).sort();
}

describe("temp files of interrupted writes", () => {
  it("are swept at the next start after a kill -9 mid-upload, and the target name never appears", async () => {
    const home = newHome();
    const { root } = homePaths(home);
    const first = await boot(home);
    mkdirSync(join(root, "in"), { recursive: true });
    const body = slowBody(16 * 1024 * 1024, 64 * 1024, 10);
    const upload = api(first, "POST", "/resources/in/big.bin", body.stream).catch(() => null);
    await tempAppears(join(root, "in"));
    await kill9(first);
    await upload;
    // The killed server could not clean up: its temp file is still there, never under the target name.
    expect(tempFiles(root).length).toBe(1);
    expect(readdirSync(join(root, "in"))).not.toContain("big.bin");
    const second = await boot(home);
    try {
      await indexReady(second);
      expect(await tempsGone(root)).toEqual([]);
      expect(await names(second, "/in/")).toEqual([]);
    } finally {
      await stop(second);
    }
  });

  it("spare a resumable tus upload across a kill -9: its temp file stays and the upload completes", async () => {
    const home = newHome();
    const { root } = homePaths(home);
    const tus = { "Tus-Resumable": "1.0.0" };
    const octets = { ...tus, "Content-Type": "application/offset+octet-stream" };
    const bytes = new Uint8Array(256 * 1024).map((_, i) => (i * 7) & 255);
    const first = await boot(home);
    expect(
      (await api(first, "POST", "/tus/resumed.bin", null, { ...tus, "Upload-Length": String(bytes.length) })).status,
    ).toBe(201);
    expect(
      (await api(first, "PATCH", "/tus/resumed.bin", bytes.subarray(0, 100_000), { ...octets, "Upload-Offset": "0" }))
        .status,
    ).toBe(204);
    await kill9(first);
    const second = await boot(home);
    try {
      await indexReady(second);
      await Bun.sleep(300);
      expect(tempFiles(root).length).toBe(1);
      const head = await api(second, "HEAD", "/tus/resumed.bin", null, tus);
      expect(head.headers.get("upload-offset")).toBe("100000");
      expect(
        (
          await api(second, "PATCH", "/tus/resumed.bin", bytes.subarray(100_000), {
            ...octets,
            "Upload-Offset": "100000",
          })
        ).status,
      ).toBe(204);
      expect(sha(await Bun.file(join(root, "resumed.bin")).bytes())).toBe(sha(bytes));
      expect(tempFiles(root)).toEqual([]);
    } finally {
      await stop(second);
    }
  });

  it("are never listed, even with hidden files shown, nor found by search", async () => {
    const home = newHome();
    const { root } = homePaths(home);
    mkdirSync(join(root, "docs"), { recursive: true });
    writeFileSync(join(root, "docs", ".hidden-report.txt"), "shown to those who show hidden files");
    const r = await boot(home);
    try {
      const show = await api(
        r,
        "PUT",
        "/users/1",
        JSON.stringify({ what: "user", which: ["showHidden"], data: { id: 1, showHidden: true } }),
      );
      expect(show.status).toBe(200);
      await indexReady(r);
      // Written after the start: young, so kept until the maximum age, and still never shown.
      writeFileSync(join(root, "docs", `${TEMP_PREFIX}report.txt`), "partial report");
      mkdirSync(join(root, "docs", `${TEMP_PREFIX}unarchive-report`));
      writeFileSync(join(root, "docs", `${TEMP_PREFIX}unarchive-report`, "report.txt"), "partial");
      expect(await names(r, "/docs/")).toEqual([".hidden-report.txt"]);
      expect(await searchPaths(r, "report")).toEqual(["docs/.hidden-report.txt"]);
      expect((await api(r, "POST", "/search-index/rebuild")).status).toBe(202);
      await indexReady(r);
      expect(await searchPaths(r, "report")).toEqual(["docs/.hidden-report.txt"]);
      expect(await searchPaths(r, "fbe-upload")).toEqual([]);
      expect(await names(r, "/docs/")).toEqual([".hidden-report.txt"]);
      // Not counted in the folder usage, not copied, not in an archive download.
      const usage = await api(r, "GET", "/resources/docs/?usage=true");
      expect(await usage.json()).toEqual({ size: 36, numFiles: 1, numDirs: 0 });
      expect(
        (await api(r, "PATCH", `/resources/docs/?action=copy&destination=${encodeURIComponent("/copy/")}`)).status,
      ).toBe(200);
      expect(readdirSync(join(root, "copy"))).toEqual([".hidden-report.txt"]);
      const tar = await api(r, "GET", "/raw/docs/?algo=tar");
      expect(tar.status).toBe(200);
      const listed = Bun.spawnSync(["tar", "-t"], { stdin: new Uint8Array(await tar.arrayBuffer()) })
        .stdout.toString()
        .trim()
        .split("\n")
        .sort();
      expect(listed).toEqual(["docs", "docs/.hidden-report.txt"]);
      expect(tempFiles(root).length).toBe(3);
    } finally {
      await stop(r);
    }
  });

  it("are swept by the timer once older than the maximum age, but never while an upload holds one", async () => {
    const home = newHome();
    const { root } = homePaths(home);
    const r = await boot(home, { env: { FBE_TEMP_MAX_AGE_MS: "800" } });
    try {
      await indexReady(r);
      const stale = join(root, `${TEMP_PREFIX}left-by-a-crash`);
      writeFileSync(stale, "partial");
      // A slow upload whose temp file stays untouched longer than the maximum age between two chunks.
      const body = slowBody(3 * 64 * 1024, 64 * 1024, 1000);
      const upload = api(r, "POST", "/resources/slow.bin", body.stream);
      await tempAppears(root);
      // Seen by a walk, young at first, then older than 800 ms: the timer (every 200 ms) removes it.
      expect((await api(r, "POST", "/search-index/rebuild")).status).toBe(202);
      await indexReady(r);
      utimesSync(stale, new Date(Date.now() - 5000), new Date(Date.now() - 5000));
      await Bun.sleep(1000);
      expect((await api(r, "POST", "/search-index/rebuild")).status).toBe(202);
      await indexReady(r);
      const res = await upload;
      expect(res.status).toBe(200);
      expect(sha(await Bun.file(join(root, "slow.bin")).bytes())).toBe(sha(body.bytes));
      expect(await tempsGone(root)).toEqual([]);
    } finally {
      await stop(r);
    }
  }, 20_000);
});
