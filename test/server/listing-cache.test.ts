import { afterAll, describe, expect, it } from "bun:test";
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FolderCache } from "../../src/server/listing/listing-cache/folder-cache";
import { entryBytes } from "../../src/server/listing/listing-cache/entries";
import { sortYielding } from "../../src/server/listing/listing-cache/yielding";
import { fsWatchers, watchSeesAll, folderWatchers } from "../../src/server/listing/listing-cache/watchers";

const base = mkdtempSync(join(tmpdir(), "fbe-listing-cache-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function folderWith(name: string, files: number): string {
  const dir = join(base, name);
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < files; i++) writeFileSync(join(dir, `f-${i}.txt`), "x".repeat(i));
  return dir;
}

const names = (entries: { name: string }[]) => entries.map((e) => e.name).sort();
const sizes = (entries: { name: string; size: number }[]) => Object.fromEntries(entries.map((e) => [e.name, e.size]));
const diskSizes = (dir: string) => Object.fromEntries(readdirSync(dir).map((n) => [n, statSync(join(dir, n)).size]));

describe("FolderCache", () => {
  it("holds no more bytes than its budget when more folders are listed than fit, and still answers each right", async () => {
    const dirs = Array.from({ length: 8 }, (_, i) => folderWith(`bytes-${i}`, 60));
    const probe = new FolderCache({ maxBytes: 1 << 30, maxFolders: 100 });
    const oneFolder = (await probe.get(dirs[0])).entries.reduce((n, e) => n + entryBytes(e), 0);
    probe.clear();
    const cache = new FolderCache({ maxBytes: Math.floor(oneFolder * 3.5), maxFolders: 100 });
    for (const round of [0, 1]) {
      for (const dir of dirs) {
        const folder = await cache.get(dir);
        expect({ round, dir, names: names(folder.entries) }).toEqual({ round, dir, names: readdirSync(dir).sort() });
        expect(cache.bytes).toBeLessThanOrEqual(Math.floor(oneFolder * 3.5));
      }
    }
    expect(cache.size).toBeLessThan(dirs.length);
    // A folder dropped from the cache and changed meanwhile is read again.
    appendFileSync(join(dirs[0], "f-3.txt"), "more");
    writeFileSync(join(dirs[0], "late.txt"), "late");
    expect(sizes((await cache.get(dirs[0])).entries)).toEqual(diskSizes(dirs[0]));
    cache.clear();
    expect(cache.bytes).toBe(0);
    expect(cache.size).toBe(0);
  });

  it("watches no more folders than its count limit", async () => {
    const dirs = Array.from({ length: 5 }, (_, i) => folderWith(`count-${i}`, 3));
    const cache = new FolderCache({ maxBytes: 1 << 30, maxFolders: 2 });
    for (const dir of dirs) {
      await cache.get(dir);
      expect(cache.size).toBeLessThanOrEqual(2);
    }
    cache.clear();
  });

  it("answers a cached folder fresh after changes made directly on disk", async () => {
    const dir = folderWith("fresh", 4);
    const cache = new FolderCache({ maxBytes: 1 << 30, maxFolders: 10 });
    const first = await cache.get(dir);
    expect(await cache.get(dir)).toBe(first);
    appendFileSync(join(dir, "f-1.txt"), "grown");
    expect(sizes((await cache.get(dir)).entries)).toEqual(diskSizes(dir));
    rmSync(join(dir, "f-2.txt"));
    expect(names((await cache.get(dir)).entries)).toEqual(readdirSync(dir).sort());
    // The folder itself replaced: the old watch ended, the new folder is read.
    rmSync(dir, { recursive: true });
    mkdirSync(dir);
    writeFileSync(join(dir, "only.txt"), "1");
    expect(names((await cache.get(dir)).entries)).toEqual(["only.txt"]);
    writeFileSync(join(dir, "second.txt"), "2");
    expect(names((await cache.get(dir)).entries)).toEqual(["only.txt", "second.txt"]);
    cache.clear();
  });

  it("forgets a folder the product reports written", async () => {
    const dir = folderWith("reported", 2);
    const cache = new FolderCache({ maxBytes: 1 << 30, maxFolders: 10 });
    const first = await cache.get(dir);
    cache.invalidate(dir);
    expect(await cache.get(dir)).not.toBe(first);
    cache.clear();
  });
});

describe("FolderCache with watches that may miss changes", () => {
  it("compares the folder's mtime, so entries created, deleted or renamed show at once", async () => {
    const dir = folderWith("late-watch", 3);
    const watchers = fsWatchers();
    expect(watchSeesAll(watchers, dir)).toBe(false);
    expect(watchSeesAll(folderWatchers(), dir)).toBe(process.platform === "linux");
    const cache = new FolderCache({ maxBytes: 1 << 30, maxFolders: 10 }, watchers);
    await cache.get(dir);
    writeFileSync(join(dir, "new.txt"), "n");
    expect(names((await cache.get(dir)).entries)).toEqual(readdirSync(dir).sort());
    rmSync(join(dir, "f-0.txt"));
    expect(names((await cache.get(dir)).entries)).toEqual(readdirSync(dir).sort());
    cache.clear();
  });
});

describe("sortYielding", () => {
  it("gives the order of a stable Array.prototype.sort", async () => {
    const items = Array.from({ length: 5000 }, (_, i) => ({ k: (i * 7919) % 97, i }));
    const cmp = (a: { k: number }, b: { k: number }) => a.k - b.k;
    expect(await sortYielding(items, cmp)).toEqual([...items].sort(cmp));
    expect(await sortYielding([], cmp)).toEqual([]);
  });
});
