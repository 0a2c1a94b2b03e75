import { afterAll, describe, expect, it } from "bun:test";
import {
  appendFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { entriesOfSync, folderFromRead, nameAt } from "../../src/server/listing/listing-cache/compact";
import { readEntries, readEntry, type CachedEntry } from "../../src/server/listing/listing-cache/entries";
import { FolderCache, PATCH_MAX, type CachedFolder } from "../../src/server/listing/listing-cache/folder-cache";
import { patchFolder } from "../../src/server/listing/listing-cache/folder-patch";
import { folderWatchers, type FolderWatchers, type OnChange } from "../../src/server/listing/listing-cache/watchers";
import {
  bodyInWorker,
  readInWorker,
  workersEnabled,
  type WorkerRead,
} from "../../src/server/listing/listing-cache/worker-client";
import type { CompactBodyRequest } from "../../src/server/listing/compact-body";
import type { Sorting } from "../../src/server/users/types";

const base = mkdtempSync(join(tmpdir(), "fbe-listing-patch-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const START_NAMES = [
  'quote".txt',
  "back\\slash.md",
  "tab\there.txt",
  "ünïcödé.pdf",
  "日本語.mkv",
  "emoji-😀.jpg",
  ".hidden",
  "file10.txt",
  "file2.txt",
  "FILE1.TXT",
  "noext",
  "a.b.c.tar.gz",
  "x\u0001ctl.txt",
];

function folderOf(name: string, bulk: number): string {
  const dir = join(base, name);
  mkdirSync(dir);
  START_NAMES.forEach((n, i) => writeFileSync(join(dir, n), "x".repeat(i * 3)));
  for (let i = 0; i < bulk; i++)
    writeFileSync(join(dir, `bulk-${i % 7}-${i}.${["txt", "jpg", "MP4", ""][i % 4]}`), "y".repeat(i % 50));
  mkdirSync(join(dir, "sub 1"));
  return dir;
}

/** A small deterministic generator (tests repeat exactly). */
function generator(seed: number): (n: number) => number {
  let s = seed;
  return (n) => (s = (s * 1103515245 + 12345) % 2 ** 31) % n;
}

/**
 * Makes `rounds` of random changes in `dir` (files added, removed, grown, touched, renamed, turned into folders;
 * `links` adds symbolic links too), calling `check` with the names changed in each round. New names are lower
 * case, so no two entries tie in natural order (ties keep the directory's order, which a patch cannot know).
 */
async function churn(
  dir: string,
  rounds: number,
  links: boolean,
  check: (changed: string[]) => Promise<void>,
): Promise<void> {
  const rnd = generator(rounds * 31 + (links ? 1 : 0));
  let made = 0;
  // Unique, so no change lands on an entry of another kind.
  const newName = () =>
    `${["new", "z", "a", "file", "img-", "ü"][rnd(6)]}${rnd(3) ? rnd(1000) : ""}${['"q', "", "-x", "\\b", ""][rnd(5)]}~${made++}.${["txt", "png", "", "md"][rnd(4)]}`;
  for (let round = 0; round < rounds; round++) {
    const changed = new Set<string>();
    for (let k = 1 + rnd(5); k > 0; k--) {
      const present = readdirSync(dir).filter((n) => n !== "sub 1");
      const pick = present[rnd(present.length)];
      let op = rnd(links ? 7 : 6);
      // Folders and links are only removed or renamed.
      if ((op === 2 || op === 3) && pick && !lstatSync(join(dir, pick)).isFile()) op = 1;
      if (op === 0 || !pick) {
        const n = newName();
        writeFileSync(join(dir, n), "n".repeat(rnd(90)));
        changed.add(n);
      } else if (op === 1) {
        rmSync(join(dir, pick), { recursive: true, force: true });
        changed.add(pick);
      } else if (op === 2) {
        appendFileSync(join(dir, pick), "more");
        changed.add(pick);
      } else if (op === 3) {
        utimesSync(
          join(dir, pick),
          new Date(1_700_000_000_000 + rnd(1e9)),
          new Date(1_600_000_000_000 + rnd(1e9) + 0.25),
        );
        changed.add(pick);
      } else if (op === 4) {
        const to = newName();
        renameSync(join(dir, pick), join(dir, to));
        changed.add(pick).add(to);
      } else if (op === 5) {
        const n = newName();
        mkdirSync(join(dir, n), { recursive: true });
        changed.add(n);
      } else {
        const n = `link-${made++}`;
        symlinkSync(rnd(2) ? join(dir, "sub 1") : join(dir, "missing"), join(dir, n));
        changed.add(n);
      }
    }
    await check([...changed]);
  }
}

async function freshOf(dir: string, names: string[]): Promise<Map<string, CachedEntry | null>> {
  return new Map(
    await Promise.all(names.map(async (n): Promise<[string, CachedEntry | null]> => [n, await readEntry(dir, n)])),
  );
}

const byName = (list: CachedEntry[]) => [...list].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** The names of a worker read in its natural name order. */
const orderedNames = (read: WorkerRead) => Array.from(read.nameOrder!, (i) => nameAt(read.folder, i));

/** The entries of a compact read by name, with their raw flags (NEEDS_ESCAPE included). */
function flagsByName(read: WorkerRead): Record<string, number> {
  return Object.fromEntries(
    Array.from({ length: read.folder.count }, (_, i) => [nameAt(read.folder, i), read.folder.flags[i]]),
  );
}

describe.skipIf(!workersEnabled())("a worker's read patched with changed names", () => {
  it("equals a fresh read of the folder after every round of changes: entries, flags, links and name order", async () => {
    const dir = folderOf("compact", 300);
    let folder: CachedFolder = folderFromRead((await readInWorker(dir))!, 0);
    let rounds = 0;
    await churn(dir, 40, true, async (changed) => {
      const patched = patchFolder(folder, await freshOf(dir, changed));
      const fresh = (await readInWorker(dir))!;
      if (patched) folder = patched;
      const mine = folder.compact!;
      expect(byName(entriesOfSync(mine.folder))).toEqual(byName(entriesOfSync(fresh.folder)));
      expect(flagsByName(mine)).toEqual(flagsByName(fresh));
      expect(orderedNames(mine)).toEqual(orderedNames(fresh));
      expect(folder.linksAndFolders.map((e) => e.name).sort()).toEqual(
        entriesOfSync(fresh.folder)
          .filter((e) => e.isDir || e.isSymlink)
          .map((e) => e.name)
          .sort(),
      );
      rounds++;
    });
    expect(rounds).toBe(40);
  });

  it("gives byte-identical listing bodies in every sorting", async () => {
    const dir = folderOf("bodies", 5000);
    let folder: CachedFolder = folderFromRead((await readInWorker(dir))!, 0);
    const sortings: Sorting[] = [
      { by: "name", asc: true },
      { by: "name", asc: false },
      { by: "size", asc: true },
      { by: "modified", asc: false },
    ];
    const req = (sorting: Sorting, count: number): CompactBodyRequest => ({
      prefix: '{"items":[',
      base: "/bodies",
      showHidden: sorting.asc,
      canModify: true,
      sorting,
      dirSizes: new Float64Array(count).fill(Number.NaN),
    });
    await churn(dir, 6, false, async (changed) => {
      folder = patchFolder(folder, await freshOf(dir, changed)) ?? folder;
      const fresh = (await readInWorker(dir))!;
      for (const sorting of sortings) {
        const mine = await bodyInWorker(folder.compact!, req(sorting, folder.compact!.folder.count));
        const theirs = await bodyInWorker(fresh, req(sorting, fresh.folder.count));
        expect(new TextDecoder().decode(mine!.json)).toBe(new TextDecoder().decode(theirs!.json));
        expect(mine!.etag).toBe(theirs!.etag);
      }
    });
  });

  it("keeps the read id when only stats changed, and answers null when nothing did", async () => {
    const dir = folderOf("same-names", 20);
    const folder = folderFromRead((await readInWorker(dir))!, 0);
    writeFileSync(join(dir, "gone-again.txt"), "x");
    rmSync(join(dir, "gone-again.txt"));
    expect(patchFolder(folder, await freshOf(dir, ["gone-again.txt", "file2.txt"]))).toBeNull();
    appendFileSync(join(dir, "file2.txt"), "grown");
    const grown = patchFolder(folder, await freshOf(dir, ["file2.txt"]))!;
    expect(grown.compact!.readId).toBe(folder.compact!.readId);
    expect(sizes(grown)["file2.txt"]).toBe(sizes(folder)["file2.txt"] + 5);
    writeFileSync(join(dir, "added.txt"), "x");
    expect(patchFolder(grown, await freshOf(dir, ["added.txt"]))!.compact!.readId).not.toBe(folder.compact!.readId);
  });
});

describe("records patched with changed names (a folder read on the main thread)", () => {
  it("equal a fresh read after every round of changes", async () => {
    const dir = folderOf("records", 100);
    const entries = await readEntries(dir);
    let folder: CachedFolder = {
      entries,
      linksAndFolders: entries.filter((e) => e.isDir || e.isSymlink),
      dirMtimeMs: 0,
      derived: new Map(),
    };
    await churn(dir, 30, true, async (changed) => {
      folder = patchFolder(folder, await freshOf(dir, changed)) ?? folder;
      expect(byName(folder.entries)).toEqual(byName(await readEntries(dir)));
      expect(folder.linksAndFolders.map((e) => e.name).sort()).toEqual(
        (await readEntries(dir))
          .filter((e) => e.isDir || e.isSymlink)
          .map((e) => e.name)
          .sort(),
      );
    });
  });
});

/** Exact watchers driven by the test: a change reaches the cache only when `tell` reports it. */
function toldWatchers(): { watchers: FolderWatchers; tell: (abs: string, names?: string[]) => void } {
  const fns = new Map<string, OnChange>();
  return {
    watchers: {
      exact: true,
      drain: () => {},
      observe: () => {},
      watch: (abs, fn) => (fns.set(abs, fn), { close: () => fns.delete(abs) }),
    },
    tell: (abs, names) => fns.get(abs)?.(false, names),
  };
}

const sizes = (folder: CachedFolder) => Object.fromEntries(folder.entries.map((e) => [e.name, e.size]));

describe("FolderCache patching", () => {
  it("stats only the names reported, keeps the rest, and reads the whole folder again past PATCH_MAX names or without names", async () => {
    const dir = folderOf("told", 10);
    const { watchers, tell } = toldWatchers();
    const cache = new FolderCache({ maxBytes: 1 << 30, maxFolders: 10 }, watchers);
    const first = await cache.get(dir);
    appendFileSync(join(dir, "file2.txt"), "12345");
    appendFileSync(join(dir, "noext"), "12345");
    tell(dir, ["file2.txt"]);
    const patched = await cache.get(dir);
    expect(patched).not.toBe(first);
    // Only the reported entry was stat-ed again: the unreported change is not seen (a fresh read would see it).
    expect(sizes(patched)["file2.txt"]).toBe(sizes(first)["file2.txt"] + 5);
    expect(sizes(patched).noext).toBe(sizes(first).noext);
    // Names the product reports are patched the same way.
    writeFileSync(join(dir, "by-product.txt"), "p");
    cache.changed(dir, ["by-product.txt"]);
    expect(sizes(await cache.get(dir))["by-product.txt"]).toBe(1);
    // A created and removed file changes nothing: the cached folder (and what was derived from it) stays.
    const before = await cache.get(dir);
    tell(dir, ["never-seen.txt"]);
    expect(await cache.get(dir)).toBe(before);
    // Too many names, or none: the folder is read whole, and the unreported change shows.
    tell(
      dir,
      Array.from({ length: PATCH_MAX + 1 }, (_, i) => `n-${i}`),
    );
    expect(sizes(await cache.get(dir)).noext).toBe(sizes(first).noext + 5);
    appendFileSync(join(dir, "noext"), "6");
    tell(dir);
    expect(sizes(await cache.get(dir)).noext).toBe(sizes(first).noext + 6);
    cache.clear();
  });

  it("patches from the names inotify reports, so a shell's changes show at once", async () => {
    const dir = folderOf("inotify", 50);
    const cache = new FolderCache({ maxBytes: 1 << 30, maxFolders: 10 }, folderWatchers());
    const first = await cache.get(dir);
    writeFileSync(join(dir, "stir.tmp"), "");
    rmSync(join(dir, "stir.tmp"));
    expect(await cache.get(dir)).toBe(first);
    await churn(dir, 15, true, async () => {
      expect(byName((await cache.get(dir)).entries)).toEqual(byName(await readEntries(dir)));
    });
    cache.clear();
  });

  it("answers concurrent uses during a patch with one patch, and a folder forgotten meanwhile with a fresh read", async () => {
    const dir = folderOf("concurrent", 10);
    const { watchers, tell } = toldWatchers();
    const cache = new FolderCache({ maxBytes: 1 << 30, maxFolders: 10 }, watchers);
    await cache.get(dir);
    writeFileSync(join(dir, "one.txt"), "1");
    tell(dir, ["one.txt"]);
    const [a, b] = await Promise.all([cache.get(dir), cache.get(dir)]);
    expect(a).toBe(b);
    expect(sizes(a)["one.txt"]).toBe(1);
    writeFileSync(join(dir, "two.txt"), "22");
    appendFileSync(join(dir, "noext"), "zz");
    tell(dir, ["two.txt"]);
    const during = cache.get(dir);
    cache.invalidate(dir);
    const after = await during;
    expect(sizes(after)["two.txt"]).toBe(2);
    expect(sizes(after).noext).toBe(sizes(a).noext + 2);
    cache.clear();
  });
});
