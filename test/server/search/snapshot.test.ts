import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { SqliteFileIndex } from "../../../src/server/search/index-service";
import {
  decodeBlock,
  decodePosting,
  encodeBlock,
  intersect,
  PostingBuilder,
} from "../../../src/server/search/snapshot-codec";
import { BLOCK_SIZE } from "../../../src/server/search/snapshot-build";
import { APPLY_SLICE } from "../../../src/server/search/index-apply";
import type { ParsedQuery } from "../../../src/server/search/types";

// A tree several blocks long: the index must answer exactly what a brute-force scan of the disk answers, in the
// ranking order (exact names first, then shorter paths, then by path), before and after changes.
const work = mkdtempSync(join(tmpdir(), "fbe-snapshot-"));
const root = join(work, "root");
let index: SqliteFileIndex;
const WORDS = ["alpha", "Beta", "gamma", "delta", "Ωmega", "日本", "café", "zeta"];

function seeded(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
}

function makeFiles(): void {
  const rnd = seeded(7);
  for (let d = 0; d < 12; d++) {
    const dir = join(root, `dir-${d}`, d % 3 === 0 ? "sub" : "");
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < 90; f++) {
      const w1 = WORDS[Math.floor(rnd() * WORDS.length)]!;
      const w2 = WORDS[Math.floor(rnd() * WORDS.length)]!;
      writeFileSync(join(dir, `${w1}-${f}-${w2}${f % 4 === 0 ? ".jpg" : ".txt"}`), "x".repeat(f));
    }
  }
  writeFileSync(join(root, "gamma"), "exact");
  mkdirSync(join(root, "dir-5", "gamma"));
}

/** Every path below the root, found by walking the disk. */
function allPaths(dir = root, rel = ""): { path: string; isDir: boolean }[] {
  const out: { path: string; isDir: boolean }[] = [];
  for (const name of readdirSync(dir)) {
    const p = `${rel}/${name}`;
    const isDir = statSync(join(dir, name)).isDirectory();
    out.push({ path: p, isDir });
    if (isDir) out.push(...allPaths(join(dir, name), p));
  }
  return out;
}

/** What the index must answer for one positive term and one excluded term, computed from the disk. */
function expected(term: string, not?: string): string[] {
  const t = term.toLowerCase();
  const hits = allPaths()
    .map((e) => ({ ...e, name: e.path.slice(e.path.lastIndexOf("/") + 1).toLowerCase() }))
    .filter((e) => e.name.includes(t) && (!not || !e.name.includes(not)))
    .map((e) => ({ path: e.path, exact: e.name === t }));
  hits.sort((a, b) => Number(b.exact) - Number(a.exact) || a.path.length - b.path.length || (a.path < b.path ? -1 : 1));
  return hits.map((h) => h.path);
}

function find(term: string, not?: string, offset = 0, limit = 100_000): string[] {
  const query: ParsedQuery = {
    terms: [
      { text: term, excluded: false, required: true, phrase: false },
      ...(not ? [{ text: not, excluded: true, required: false, phrase: false }] : []),
    ],
    type: null,
  };
  return index.search({ query, under: "/", offset, limit, isVisible: () => true }).map((h) => h.path);
}

beforeAll(async () => {
  makeFiles();
  index = new SqliteFileIndex({
    rootAbs: root,
    file: join(work, "idx.db"),
    intervalMinutes: 0,
    excludeDirs: [],
    fromScratch: true,
  });
  await index.start();
});
afterAll(() => {
  index.close();
  rmSync(work, { recursive: true, force: true });
});

describe("the index snapshot", () => {
  it("round-trips blocks and posting lists in both forms", () => {
    const names = ["a", "Ωmega 日本.txt", "café", ""];
    const b = decodeBlock(
      encodeBlock({
        dirIds: new Uint32Array([3, 1, 7, 7]),
        types: new Uint8Array([0, 4, 9, 1]),
        sizes: new Float64Array([0, 2 ** 40, 5, 0]),
        mtimes: new Float64Array([1.7e12, 1.6e12, 1.8e12, 0]),
        names,
      }),
    );
    expect(b.names).toEqual(names);
    expect([...b.dirIds]).toEqual([3, 1, 7, 7]);
    expect([...b.sizes]).toEqual([0, 2 ** 40, 5, 0]);
    expect([...b.mtimes]).toEqual([1.7e12, 1.6e12, 1.8e12, 0]);
    expect(b.folded).toBe("a/ωmega 日本.txt/café/");
    const sparse = new PostingBuilder();
    for (const id of [0, 5, 5, 900]) sparse.add(id);
    const dense = new PostingBuilder();
    for (let id = 0; id < 1000; id += 2) dense.add(id);
    const s = sparse.finish(1000);
    const d = dense.finish(1000);
    expect([s[0], d[0]]).toEqual([0, 1]);
    expect([...decodePosting(s)]).toEqual([0, 5, 900]);
    expect(decodePosting(d).length).toBe(500);
    expect([...intersect([decodePosting(s), decodePosting(d)])]).toEqual([0, 900]);
  });

  it("spans several blocks and answers like a scan of the disk, in ranking order", () => {
    const db = new Database(join(work, "idx.db"), { readonly: true });
    const blocks = (db.prepare("SELECT count(*) AS n FROM snap_blocks").get() as { n: number }).n;
    db.close();
    expect(blocks).toBeGreaterThan(1000 / BLOCK_SIZE);
    for (const term of ["gamma", "ALPHA", "ωmega", "日本", "café", "a-1", "-4", "ta"])
      expect(find(term)).toEqual(expected(term));
    expect(find("gamma")[0]).toBe("/gamma");
    expect(find("beta", "alpha")).toEqual(expected("beta", "alpha"));
  });

  it("pages through hits of several blocks without a gap or a repeat", () => {
    const all = find("zeta");
    expect(all.length).toBeGreaterThan(BLOCK_SIZE);
    const paged: string[] = [];
    for (let off = 0; off < all.length; off += 37) paged.push(...find("zeta", undefined, off, 37));
    expect(paged).toEqual(all);
  });

  it("merges the product's changes with the snapshot: new, replaced, removed and moved", () => {
    writeFileSync(join(root, "gamma-new.txt"), "1");
    index.apply({ kind: "written", path: "/gamma-new.txt" });
    writeFileSync(join(root, "dir-1", "alpha-1-alpha.txt"), "longer now");
    index.apply({ kind: "written", path: "/dir-1/alpha-1-alpha.txt" });
    rmSync(join(root, "dir-2"), { recursive: true });
    index.apply({ kind: "removed", path: "/dir-2" });
    renameSync(join(root, "dir-3"), join(root, "dir-5", "moved"));
    index.apply({ kind: "moved", from: "/dir-3", to: "/dir-5/moved" });
    for (const term of ["gamma", "alpha", "zeta", "moved", "dir-"]) expect(find(term)).toEqual(expected(term));
    const total = allPaths().filter((e) => !e.isDir).length;
    expect(index.folderTotals("/")?.numFiles).toBe(total);
  });

  it("keeps changes made while a new snapshot is being built", async () => {
    const building = index.refresh();
    writeFileSync(join(root, "during-walk-gamma.txt"), "1");
    index.apply({ kind: "written", path: "/during-walk-gamma.txt" });
    rmSync(join(root, "dir-4"), { recursive: true });
    index.apply({ kind: "removed", path: "/dir-4" });
    await building;
    for (const term of ["gamma", "alpha", "during-walk"]) expect(find(term)).toEqual(expected(term));
    await index.refresh();
    expect(find("gamma")).toEqual(expected("gamma"));
    expect(index.status().entries).toBe(allPaths().length);
  });

  it("indexes a big copied folder in slices, so the change returns at once, then finds all of it", async () => {
    const big = join(root, "big-copy");
    mkdirSync(big);
    for (let i = 0; i < APPLY_SLICE * 2 + 10; i++) writeFileSync(join(big, `bulk-${i}.dat`), "ab");
    index.apply({ kind: "written", path: "/big-copy" });
    const soon = find("bulk-").length;
    expect(soon).toBeGreaterThan(0);
    expect(soon).toBeLessThan(APPLY_SLICE * 2);
    expect(index.status().building).toBe(true);
    await index.settled();
    expect(find("bulk-").length).toBe(APPLY_SLICE * 2 + 10);
    expect(index.folderTotals("/big-copy")).toEqual({
      size: (APPLY_SLICE * 2 + 10) * 2,
      numFiles: APPLY_SLICE * 2 + 10,
      numDirs: 0,
    });
    expect(index.status().entries).toBe(allPaths().length);
  });

  it("replaces an index file of an older layout", async () => {
    const file = join(work, "old.db");
    const old = new Database(file, { create: true });
    old.run(
      "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID; CREATE TABLE entries (id INTEGER PRIMARY KEY, path TEXT)",
    );
    old.close();
    const fresh = new SqliteFileIndex({ rootAbs: root, file, intervalMinutes: 0, excludeDirs: [], fromScratch: false });
    await fresh.start();
    const found = fresh.search({
      query: { terms: [{ text: "gamma", excluded: false, required: true, phrase: false }], type: null },
      under: "/",
      offset: 0,
      limit: 10,
      isVisible: () => true,
    });
    fresh.close();
    expect(found[0]?.path).toBe("/gamma");
  });
});
