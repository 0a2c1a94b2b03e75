import { afterEach, describe, expect, it } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collectHlsCache, touchQualityDir } from "../../../src/server/hls/hls-cache-gc";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A cache dir with one source folder per key holding a 480-1 segment, every folder last used `ageS` seconds ago. */
function cacheWith(ages: Record<string, number>, now: number): string {
  const cache = mkdtempSync(join(tmpdir(), "fbe-hls-gc-"));
  dirs.push(cache);
  for (const [key, ageS] of Object.entries(ages)) {
    const q = join(cache, "hls", key, "480-1");
    mkdirSync(q, { recursive: true });
    writeFileSync(join(q, "seg-0.ts"), "ts");
    const t = new Date(now - ageS * 1000);
    for (const p of [join(q, "seg-0.ts"), q, join(cache, "hls", key)]) utimesSync(p, t, t);
  }
  return cache;
}

describe("collectHlsCache", () => {
  it("removes sources unused for longer than the TTL, except those an encoder is writing", async () => {
    const now = Date.now();
    const cache = cacheWith({ old: 7200, fresh: 60, busy: 7200 }, now);
    expect(await collectHlsCache(cache, 3600, new Set(["busy"]), now)).toBe(1);
    expect(existsSync(join(cache, "hls", "old"))).toBe(false);
    expect(existsSync(join(cache, "hls", "fresh", "480-1", "seg-0.ts"))).toBe(true);
    expect(existsSync(join(cache, "hls", "busy"))).toBe(true);
  });

  it("keeps a source whose cached segments were served lately", async () => {
    const now = Date.now();
    const cache = cacheWith({ watched: 7200 }, now);
    await touchQualityDir(join(cache, "hls", "watched", "480-1"), new Date(now - 10_000));
    expect(await collectHlsCache(cache, 3600, new Set(), now)).toBe(0);
    expect(existsSync(join(cache, "hls", "watched"))).toBe(true);
  });

  it("does nothing without an HLS cache folder", async () => {
    const cache = mkdtempSync(join(tmpdir(), "fbe-hls-gc-"));
    dirs.push(cache);
    expect(await collectHlsCache(cache, 1, new Set())).toBe(0);
  });
});
