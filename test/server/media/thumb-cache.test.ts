import { describe, expect, it } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collectThumbCache, isExpired, shouldCollect, thumbCachePath } from "../../../src/server/media/thumb-cache";

describe("shouldCollect", () => {
  it("draws with probability per million: 0 never, 1000000 always, 10 only below 0.00001", () => {
    expect(shouldCollect(0, () => 0)).toBe(false);
    expect(shouldCollect(1_000_000, () => 0.999999)).toBe(true);
    expect(shouldCollect(10, () => 0.0000099)).toBe(true);
    expect(shouldCollect(10, () => 0.00001)).toBe(false);
    expect(shouldCollect(500_000, () => 0.49)).toBe(true);
    expect(shouldCollect(500_000, () => 0.5)).toBe(false);
  });
});

describe("isExpired", () => {
  it("is true only past the TTL in seconds", () => {
    expect(isExpired(0, 604800, 604800_000)).toBe(false);
    expect(isExpired(0, 604800, 604800_001)).toBe(true);
    expect(isExpired(1000, 0, 1001)).toBe(true);
  });
});

describe("thumbCachePath", () => {
  it("differs by width, size and mtime of the source", () => {
    const dir = mkdtempSync(join(tmpdir(), "thumbkey-"));
    try {
      writeFileSync(join(dir, "a"), "x");
      const st = statSync(join(dir, "a"));
      const a = thumbCachePath("/c", join(dir, "a"), st, 128, "webp");
      expect(a).toMatch(/^\/c\/thumbs\/[0-9a-f]{2}\/[0-9a-f]{40}\.webp$/);
      expect(thumbCachePath("/c", join(dir, "a"), st, 256, "webp")).not.toBe(a);
      writeFileSync(join(dir, "a"), "xy");
      expect(thumbCachePath("/c", join(dir, "a"), statSync(join(dir, "a")), 128, "webp")).not.toBe(a);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("collectThumbCache", () => {
  it("removes entries older than the TTL, keeps newer ones and the one being served", async () => {
    const cache = mkdtempSync(join(tmpdir(), "thumbgc-"));
    try {
      mkdirSync(join(cache, "thumbs", "aa"), { recursive: true });
      const entry = (name: string, ageS: number) => {
        const p = join(cache, "thumbs", "aa", name);
        writeFileSync(p, "x");
        const t = (Date.now() - ageS * 1000) / 1000;
        utimesSync(p, t, t);
        return p;
      };
      const old = entry("old.webp", 7200);
      const fresh = entry("fresh.webp", 10);
      const served = entry("served.jpg", 7200);
      expect(await collectThumbCache(cache, 3600, served)).toBe(1);
      expect([existsSync(old), existsSync(fresh), existsSync(served)]).toEqual([false, true, true]);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it("does nothing when the cache folder does not exist yet", async () => {
    expect(await collectThumbCache(join(tmpdir(), "fbe-no-such-cache"), 0, null)).toBe(0);
  });
});
