import { afterAll, describe, expect, it } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { TempSweeper } from "../../../src/server/fs/temp-sweep";
import { loadConfig } from "../../../src/server/config/load";
import { isTempName, tempPathBeside } from "../../../src/server/fs/temp-name";

const dir = mkdtempSync(join(tmpdir(), "fbe-temp-sweeper-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A temp file (or folder) beside `dir`/target last written `ageMs` ago. */
function temp(ageMs: number, folder = false): string {
  const p = tempPathBeside(join(dir, "target.bin"));
  if (folder) {
    mkdirSync(p);
    writeFileSync(join(p, "inside.txt"), "partial");
  } else writeFileSync(p, "partial");
  const t = new Date(Date.now() - ageMs);
  utimesSync(p, t, t);
  return p;
}

describe("TempSweeper", () => {
  it("removes what was written before the start, or is older than the maximum age, unless held", async () => {
    const held = new Set<string>();
    const sweeper = new TempSweeper({ maxAgeMs: 60_000, bootMs: Date.now() - 10_000, inUse: (p) => held.has(p) });
    const beforeBoot = temp(20_000);
    const folderBeforeBoot = temp(20_000, true);
    const young = temp(1_000);
    const heldOld = temp(20_000);
    held.add(heldOld);
    for (const p of [beforeBoot, folderBeforeBoot, young, heldOld, join(dir, ".fbe-upload-vanished")]) sweeper.found(p);
    expect(await sweeper.sweep()).toBe(2);
    expect([beforeBoot, folderBeforeBoot, young, heldOld].map(existsSync)).toEqual([false, false, true, true]);
    // The young and the held one are kept in mind; the vanished one is forgotten.
    expect(sweeper.pending).toBe(2);
    held.delete(heldOld);
    expect(await sweeper.sweep()).toBe(1);
    expect(existsSync(heldOld)).toBe(false);
  });

  it("removes a temp once it passes the maximum age", async () => {
    let now = Date.now();
    const sweeper = new TempSweeper({ maxAgeMs: 60_000, bootMs: now - 100_000, inUse: () => false, now: () => now });
    const p = temp(30_000);
    sweeper.found(p);
    expect(await sweeper.sweep()).toBe(0);
    now += 31_000;
    expect(await sweeper.sweep()).toBe(1);
    expect(existsSync(p)).toBe(false);
  });

  it("reads FBE_TEMP_MAX_AGE_MS, falling back to an hour", () => {
    expect(loadConfig([], { FBE_TEMP_MAX_AGE_MS: "5000" }, "/").tempMaxAgeMs).toBe(5000);
    expect(loadConfig([], { FBE_TEMP_MAX_AGE_MS: "-1" }, "/").tempMaxAgeMs).toBe(3_600_000);
    expect(loadConfig([], {}, "/").tempMaxAgeMs).toBe(3_600_000);
  });

  it("names temps in one family", () => {
    expect(isTempName(basename(tempPathBeside("/x/y.txt", "tus-")))).toBe(true);
    expect(isTempName("y.txt")).toBe(false);
  });
});
