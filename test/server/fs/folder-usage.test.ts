import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { folderUsage, type UsageRequest } from "../../../src/server/fs/folder-usage";
import { makeTree } from "../../support/tree";

let home: string;
let scope: string;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "fbe-usage-"));
  scope = join(home, "scope");
  makeTree(home, {
    outside: { "big.bin": "x".repeat(1000) },
    scope: {
      "a.txt": "12345",
      ".hidden": "123",
      sub: { "b.txt": "1234567890", deeper: { "c.txt": "1" } },
      secret: { "s.txt": "0123456789012345678901234567890123456789" },
      wide: Object.fromEntries(
        Array.from({ length: 30 }, (_, d) => [
          `d${d}`,
          Object.fromEntries(Array.from({ length: 20 }, (_, f) => [`f${f}.txt`, "ab"])),
        ]),
      ),
    },
  });
  symlinkSync(join(home, "outside"), join(scope, "sub", "out-link"));
  symlinkSync(join(scope, "sub", "b.txt"), join(scope, "b-link"));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const request = (over: Partial<UsageRequest> = {}): UsageRequest => ({
  scopeAbs: scope,
  abs: join(scope, "sub"),
  path: "/sub",
  showHidden: false,
  isVisible: () => true,
  signal: new AbortController().signal,
  ...over,
});

describe("folderUsage", () => {
  it("sums file sizes and counts files and folders below, leaving out links that lead outside the scope", async () => {
    expect(await folderUsage(request())).toEqual({ size: 11, numFiles: 2, numDirs: 1 });
  });

  it("counts a link inside the scope as an item without following it or adding bytes", async () => {
    const noWide = (p: string) => !p.startsWith("/wide");
    const hidden = await folderUsage(request({ abs: scope, path: "/", isVisible: noWide }));
    // a.txt, b.txt, c.txt, s.txt and the link b-link; sub, deeper, secret.
    expect(hidden).toEqual({ size: 5 + 10 + 1 + 40, numFiles: 5, numDirs: 3 });
    const shown = await folderUsage(request({ abs: scope, path: "/", isVisible: noWide, showHidden: true }));
    expect(shown).toEqual({ size: 5 + 10 + 1 + 40 + 3, numFiles: 6, numDirs: 3 });
  });

  it("leaves out what the rules deny, and does not enter it", async () => {
    const seen: string[] = [];
    const isVisible = (p: string) => (seen.push(p), !p.startsWith("/secret") && !p.startsWith("/wide"));
    expect(await folderUsage(request({ abs: scope, path: "/", isVisible }))).toEqual({
      size: 16,
      numFiles: 4,
      numDirs: 2,
    });
    expect(seen.filter((p) => p.startsWith("/secret/"))).toEqual([]);
  });

  it("answers a file's own size", async () => {
    expect(await folderUsage(request({ abs: join(scope, "a.txt"), path: "/a.txt" }))).toEqual({
      size: 5,
      numFiles: 1,
      numDirs: 0,
    });
  });

  it("stops walking soon after the signal aborts and rejects with the abort", async () => {
    const full = await folderUsage(request({ abs: join(scope, "wide"), path: "/wide" }));
    expect(full).toEqual({ size: 30 * 20 * 2, numFiles: 600, numDirs: 30 });
    const controller = new AbortController();
    let looked = 0;
    const isVisible = () => {
      if (++looked === 40) controller.abort();
      return true;
    };
    const walk = folderUsage(
      request({ abs: join(scope, "wide"), path: "/wide", isVisible, signal: controller.signal }),
    );
    await expect(walk).rejects.toMatchObject({ name: "AbortError" });
    // At most the folders already open finish their current batch: far from the 630 entries of a full walk.
    expect(looked).toBeLessThan(200);
  });

  it("reads nothing when the signal has already aborted", async () => {
    let looked = 0;
    const controller = new AbortController();
    controller.abort();
    await expect(
      folderUsage(request({ isVisible: () => (looked++, true), signal: controller.signal })),
    ).rejects.toMatchObject({ name: "AbortError" });
    expect(looked).toBe(0);
  });
});
