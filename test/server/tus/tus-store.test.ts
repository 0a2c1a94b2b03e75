import { afterEach, beforeEach, describe, expect, it } from "bun:test";
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TusStore, tusStoreOptions } from "../../../src/server/tus/tus-store";
import { formatMetadata, parseByteCount, parseMetadata } from "../../../src/server/tus/tus-headers";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "fbe-tus-store-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const journal = () => join(dir, "cache", "tus-uploads.json");

describe("TusStore", () => {
  it("keeps incomplete uploads across a restart, the temp file's size being the offset", async () => {
    const first = new TusStore({ expiryMs: 60_000, chunkBytes: 1024, journalPath: journal() });
    const up = await first.create({ userId: 1, abs: join(dir, "a.bin"), length: 10, override: false, metadata: { filename: "a.bin" } });
    expect(up.tmp.startsWith(join(dir, ".fbe-upload-tus-"))).toBe(true);
    appendFileSync(up.tmp, "hello");
    const second = new TusStore({ expiryMs: 60_000, chunkBytes: 1024, journalPath: journal() });
    await second.load();
    const again = await second.get(1, join(dir, "a.bin"));
    expect(again).toMatchObject({ tmp: up.tmp, offset: 5, length: 10, metadata: { filename: "a.bin" } });
    expect(await second.get(2, join(dir, "a.bin"))).toBeNull();
  });

  it("removes expired uploads at start and by the sweep, with their temp files", async () => {
    let now = 1_000_000;
    const store = new TusStore({ expiryMs: 1000, chunkBytes: 1024, journalPath: journal(), now: () => now });
    const a = await store.create({ userId: 1, abs: join(dir, "a.bin"), length: 10, override: false, metadata: {} });
    now += 500;
    const b = await store.create({ userId: 1, abs: join(dir, "b.bin"), length: 10, override: false, metadata: {} });
    now += 600;
    expect(await store.sweep()).toBe(1);
    expect(existsSync(a.tmp)).toBe(false);
    expect(existsSync(b.tmp)).toBe(true);
    // A later start finds b expired too (its file's mtime is long past at this clock).
    const later = new TusStore({ expiryMs: 1000, chunkBytes: 1024, journalPath: journal(), now: () => Date.now() + 5000 });
    await later.load();
    expect(later.size).toBe(0);
    expect(readdirSync(dir).filter((n) => n.startsWith(".fbe-upload-"))).toEqual([]);
  });

  it("a new creation for the same user and target replaces the earlier upload", async () => {
    const store = new TusStore({ expiryMs: 60_000, chunkBytes: 1024, journalPath: null });
    const first = await store.create({ userId: 1, abs: join(dir, "a.bin"), length: 10, override: false, metadata: {} });
    const second = await store.create({ userId: 1, abs: join(dir, "a.bin"), length: 20, override: true, metadata: {} });
    expect(existsSync(first.tmp)).toBe(false);
    expect(await store.get(1, join(dir, "a.bin"))).toBe(second);
    expect(store.size).toBe(1);
  });

  it("reads its options from the environment with bounds", () => {
    expect(tusStoreOptions({}, "/c")).toEqual({ expiryMs: 86_400_000, chunkBytes: 32 * 1024 * 1024, journalPath: "/c/tus-uploads.json" });
    expect(tusStoreOptions({ FBE_TUS_EXPIRY_MS: "1500", FBE_TUS_CHUNK_BYTES: "262144" }, "/c")).toMatchObject({ expiryMs: 1500, chunkBytes: 262144 });
    expect(tusStoreOptions({ FBE_TUS_EXPIRY_MS: "-1", FBE_TUS_CHUNK_BYTES: String(2 ** 40) }, "/c")).toMatchObject({ expiryMs: 86_400_000, chunkBytes: 96 * 1024 * 1024 });
  });
});

describe("tus headers", () => {
  it("parses byte counts and metadata, refusing malformed ones", () => {
    expect(parseByteCount("1024")).toBe(1024);
    expect(parseByteCount(" 0 ")).toBe(0);
    for (const bad of [null, undefined, "", "-1", "1e3", "12a", "99999999999999999"]) expect(parseByteCount(bad)).toBeNull();
    expect(parseMetadata(`filename ${btoa("a b.txt")},is_confidential`)).toEqual({ filename: "a b.txt", is_confidential: "" });
    expect(parseMetadata(undefined)).toEqual({});
    for (const bad of ["a b c", "k v!", "k dg==,k dg=="]) expect(parseMetadata(bad)).toBeNull();
    expect(parseMetadata(formatMetadata({ name: "ünï.txt", flag: "" }))).toEqual({ name: "ünï.txt", flag: "" });
  });
});
