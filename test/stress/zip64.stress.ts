/**
 * The zip writer past 4 GiB (ZIP64, APPNOTE 6.3.10 section 4.5.3): a sparse file of 4 GiB + 3 bytes streamed as the
 * server streams a download, saved sparse, then listed and checked byte by byte with unzip and 7-Zip. Half a
 * minute of CRC work, so it runs with the long tests.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findSevenZip } from "../../src/server/tools/sevenzip";
import { runTool as run, saveSparse, zipOf } from "../support/zip-writer";

let work: string;
let sevenZip: string;

beforeAll(() => {
  const found = findSevenZip();
  if (!found) throw new Error("the ZIP64 test needs 7zz (or 7z) on PATH");
  sevenZip = found;
  work = mkdtempSync(join(tmpdir(), "fbe-zip64-"));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("stored zip writer", () => {
  it("writes ZIP64 sizes and offsets for a file over 4 GiB and the entry after it", async () => {
    const scope = join(work, "large");
    mkdirSync(join(scope, "sel"), { recursive: true });
    const big = join(scope, "sel", "big.bin");
    const size = 4 * 1024 ** 3 + 3;
    writeFileSync(big, "head");
    truncateSync(big, size);
    const fh = await open(big, "r+");
    await fh.write("tail", size - 4);
    await fh.close();
    writeFileSync(join(scope, "sel", "z-after.txt"), "after the big one");
    const file = join(work, "large.zip");
    expect(await saveSparse(zipOf(scope, ["/sel"]), file)).toBeGreaterThan(size);

    // `unzip -t` of 4 GiB takes half a minute here; 7-Zip checks every byte's CRC in a few seconds.
    expect(run(["unzip", "-l", file])).toMatch(/^ *4294967299 .* sel\/big\.bin$/m);
    expect(run(["unzip", "-p", file, "sel/z-after.txt"])).toBe("after the big one");
    const listing = run([sevenZip, "l", "-slt", file]);
    expect(listing).toContain(`Path = sel/big.bin\nFolder = -\nSize = ${size}\n`);
    expect(run([sevenZip, "t", file])).toContain("Everything is Ok");
  }, 120_000);
});
