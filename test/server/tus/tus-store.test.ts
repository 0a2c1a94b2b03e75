import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import type { Database } from "bun:sqlite";
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../src/server/db/open";
import { loadConfig } from "../../../src/server/config/load";
import { TusStore, tusStoreOptions, type TusStoreOptions } from "../../../src/server/tus/tus-store";
import { formatMetadata, parseByteCount, parseMetadata } from "../../../src/server/tus/tus-headers";
import { tempLeftovers } from "../../support/temp-leftovers";

let dir: string;
let db: Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fbe-tus-store-"));
  db = openDatabase(join(dir, "fbe.db"));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const journal = () => join(dir, "cache", "tus-uploads.json");
const options = (extra: Partial<TusStoreOptions> = {}): TusStoreOptions => ({
  expiryMs: 60_000,
  chunkBytes: 1024,
  db,
  legacyJournalPath: journal(),
  ...extra,
});
/** Limits that never refuse, on the device of `dir`. */
const roomy = () => ({ perUser: 100, freeBytes: Number.MAX_SAFE_INTEGER, dev: statSync(dir).dev });
const rows = () => (db.query("SELECT COUNT(*) AS n FROM tus_uploads").get() as { n: number }).n;

describe("TusStore", () => {
  it("keeps incomplete uploads across a restart as rows of the store, the temp file's size being the offset", async () => {
    const first = new TusStore(options());
    const up = await first.create(
      { userId: 1, abs: join(dir, "a.bin"), length: 10, override: false, metadata: { filename: "a.bin" } },
      roomy(),
    );
    expect(up.tmp.startsWith(join(dir, ".fbe-upload-tus-"))).toBe(true);
    appendFileSync(up.tmp, "hello");
    expect(rows()).toBe(1);
    expect(existsSync(journal())).toBe(false);
    const second = new TusStore(options());
    await second.load();
    const again = await second.get(1, join(dir, "a.bin"));
    expect(again).toMatchObject({ tmp: up.tmp, offset: 5, length: 10, metadata: { filename: "a.bin" } });
    expect(await second.get(2, join(dir, "a.bin"))).toBeNull();
  });

  it("moves the journal file of earlier versions into rows at load and deletes it", async () => {
    const tmp = join(dir, ".fbe-upload-tus-old");
    writeFileSync(tmp, "abc");
    mkdirSync(join(dir, "cache"));
    const row = {
      userId: 3,
      abs: join(dir, "old.bin"),
      tmp,
      length: 9,
      override: true,
      metadata: { filename: "old.bin" },
      expiresAt: Date.now() + 60_000,
    };
    writeFileSync(journal(), JSON.stringify([row, { junk: true }]));
    const store = new TusStore(options());
    await store.load();
    expect(await store.get(3, join(dir, "old.bin"))).toMatchObject({
      tmp,
      offset: 3,
      length: 9,
      override: true,
      metadata: { filename: "old.bin" },
    });
    expect(existsSync(journal())).toBe(false);
    expect(rows()).toBe(1);
  });

  it("removes expired uploads at start and by the sweep, with their temp files and rows", async () => {
    let now = 1_000_000;
    const store = new TusStore(options({ expiryMs: 1000, now: () => now }));
    const a = await store.create(
      { userId: 1, abs: join(dir, "a.bin"), length: 10, override: false, metadata: {} },
      roomy(),
    );
    now += 500;
    const b = await store.create(
      { userId: 1, abs: join(dir, "b.bin"), length: 10, override: false, metadata: {} },
      roomy(),
    );
    now += 600;
    expect(await store.sweep()).toBe(1);
    expect(existsSync(a.tmp)).toBe(false);
    expect(existsSync(b.tmp)).toBe(true);
    expect(rows()).toBe(1);
    // A later start finds b expired too (its file's mtime is long past at this clock).
    const later = new TusStore(options({ expiryMs: 1000, now: () => Date.now() + 5000 }));
    await later.load();
    expect(later.size).toBe(0);
    expect(rows()).toBe(0);
    expect(tempLeftovers(dir)).toEqual([]);
  });

  it("a new creation for the same user and target replaces the earlier upload", async () => {
    const store = new TusStore(options({ db: null }));
    const first = await store.create(
      { userId: 1, abs: join(dir, "a.bin"), length: 10, override: false, metadata: {} },
      roomy(),
    );
    const second = await store.create(
      { userId: 1, abs: join(dir, "a.bin"), length: 20, override: true, metadata: {} },
      roomy(),
    );
    expect(existsSync(first.tmp)).toBe(false);
    expect(await store.get(1, join(dir, "a.bin"))).toBe(second);
    expect(store.size).toBe(1);
  });

  it("refuses a user's upload past the per-user count, and bytes past the free space counting what others still expect", async () => {
    const store = new TusStore(options());
    const dev = statSync(dir).dev;
    const limits = { perUser: 2, freeBytes: 100, dev };
    await store.create({ userId: 1, abs: join(dir, "a"), length: 40, override: false, metadata: {} }, limits);
    await store.create({ userId: 1, abs: join(dir, "b"), length: 40, override: false, metadata: {} }, limits);
    await expect(
      store.create({ userId: 1, abs: join(dir, "c"), length: 1, override: false, metadata: {} }, limits),
    ).rejects.toThrow("at most 2 resumable uploads");
    // Starting one of the same target over replaces it, so it does not count twice.
    await store.create({ userId: 1, abs: join(dir, "b"), length: 50, override: false, metadata: {} }, limits);
    await expect(
      store.create({ userId: 2, abs: join(dir, "d"), length: 11, override: false, metadata: {} }, limits),
    ).rejects.toThrow("not enough free space");
    await store.create({ userId: 2, abs: join(dir, "d"), length: 10, override: false, metadata: {} }, limits);
    // Another device's uploads do not take this one's space.
    await store.create(
      { userId: 3, abs: join(dir, "e"), length: 100, override: false, metadata: {} },
      { ...limits, dev: dev + 1 },
    );
    expect(store.size).toBe(4);
  });

  it("reads its options from the environment with bounds", () => {
    expect(tusStoreOptions(loadConfig([], {}, "/"), "/c", null)).toEqual({
      expiryMs: 86_400_000,
      chunkBytes: 32 * 1024 * 1024,
      db: null,
      legacyJournalPath: "/c/tus-uploads.json",
    });
    expect(
      tusStoreOptions(loadConfig([], { FBE_TUS_EXPIRY_MS: "1500", FBE_TUS_CHUNK_BYTES: "262144" }, "/"), "/c", null),
    ).toMatchObject({ expiryMs: 1500, chunkBytes: 262144 });
    expect(
      tusStoreOptions(
        loadConfig([], { FBE_TUS_EXPIRY_MS: "-1", FBE_TUS_CHUNK_BYTES: String(2 ** 40) }, "/"),
        "/c",
        null,
      ),
    ).toMatchObject({ expiryMs: 86_400_000, chunkBytes: 96 * 1024 * 1024 });
  });
});

describe("tus headers", () => {
  it("parses byte counts and metadata, refusing malformed ones", () => {
    expect(parseByteCount("1024")).toBe(1024);
    expect(parseByteCount(" 0 ")).toBe(0);
    for (const bad of [null, undefined, "", "-1", "1e3", "12a", "99999999999999999"])
      expect(parseByteCount(bad)).toBeNull();
    expect(parseMetadata(`filename ${btoa("a b.txt")},is_confidential`)).toEqual({
      filename: "a b.txt",
      is_confidential: "",
    });
    expect(parseMetadata(undefined)).toEqual({});
    for (const bad of ["a b c", "k v!", "k dg==,k dg=="]) expect(parseMetadata(bad)).toBeNull();
    expect(parseMetadata(formatMetadata({ name: "ünï.txt", flag: "" }))).toEqual({ name: "ünï.txt", flag: "" });
  });
});
