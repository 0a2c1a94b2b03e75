import { describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildJpegtranArgs, hasJpegtran, runJpegtran } from "../../../src/server/tools/jpegtran";
import { imageFacts, orientedJpeg, redCorner } from "../../support/oriented-jpeg";

describe("buildJpegtranArgs", () => {
  it("keeps every marker, asks for a perfect transform and maps each orientation to its turn", () => {
    expect(buildJpegtranArgs(6, "/in.jpg", "/out.jpg")).toEqual([
      "-copy",
      "all",
      "-perfect",
      "-rotate",
      "90",
      "-outfile",
      "/out.jpg",
      "/in.jpg",
    ]);
    expect(buildJpegtranArgs(8, "a", "b").slice(3, 5)).toEqual(["-rotate", "270"]);
    expect(buildJpegtranArgs(3, "a", "b").slice(3, 5)).toEqual(["-rotate", "180"]);
    expect(buildJpegtranArgs(2, "a", "b").slice(3, 5)).toEqual(["-flip", "horizontal"]);
    expect(buildJpegtranArgs(5, "a", "b")[3]).toBe("-transpose");
    expect(buildJpegtranArgs(7, "a", "b")[3]).toBe("-transverse");
    expect(() => buildJpegtranArgs(1, "a", "b")).toThrow();
  });
});

describe("runJpegtran", () => {
  it("turns a whole-MCU JPEG losslessly and reports a size that is not perfect as false", async () => {
    if (!hasJpegtran()) throw new Error("jpegtran is not installed: apt-get install libjpeg-turbo-progs");
    const dir = mkdtempSync(join(tmpdir(), "jpegtran-"));
    try {
      writeFileSync(join(dir, "a.jpg"), await orientedJpeg(64, 32, 6));
      expect(
        await runJpegtran(buildJpegtranArgs(6, join(dir, "a.jpg"), join(dir, "a2.jpg")), new AbortController().signal),
      ).toBe(true);
      expect(await imageFacts(join(dir, "a2.jpg"))).toMatchObject({ width: 32, height: 64 });
      expect(await redCorner(join(dir, "a2.jpg"))).toBe("tr");
      writeFileSync(join(dir, "b.jpg"), await orientedJpeg(70, 30, 8));
      expect(
        await runJpegtran(buildJpegtranArgs(8, join(dir, "b.jpg"), join(dir, "b2.jpg")), new AbortController().signal),
      ).toBe(false);
      expect(existsSync(join(dir, "b2.jpg"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
