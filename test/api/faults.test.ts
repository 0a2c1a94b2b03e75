import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sevenZip } from "../support/archives";
import { KillSession, killScenarios } from "../support/kill-scenarios";
import { uploadStorm } from "../support/disk-storm";
import { api, boot, smallDisk, sha, stop, tempFiles, type Running } from "../support/kill-points";

sevenZip();
const homes: string[] = [];
afterAll(() => {
  for (const h of homes) rmSync(h, { recursive: true, force: true });
});

// The quick version: one SIGKILL per operation, all in one home, so one restart serves the next operation too
// (the many-rounds runs are test/stress/kill.stress.ts).
describe("a server killed with SIGKILL in the middle of an operation", () => {
  const scenarios = killScenarios();
  const home = mkdtempSync(join(tmpdir(), "fbe-faults-"));
  homes.push(home);
  const session = new KillSession(home);
  beforeAll(() => session.open(scenarios), 30_000);
  afterAll(() => session.close());
  for (const scenario of scenarios) {
    it(`leaves nothing partial after ${scenario.name}, and the store whole`, async () => {
      expect(typeof (await session.round(scenario, 0))).toBe("string");
    }, 30_000);
  }
});

/** A short error body: "<status> <reason> (<detail>)", no stack trace, no path. */
function expectShortError(what: string, status: number, body: string, want: number, detail: string): void {
  expect({ what, status, body }).toEqual({
    what,
    status: want,
    body: `${want} ${want === 507 ? "Insufficient Storage" : "Service Unavailable"} (${detail})`,
  });
}

describe("a files root on a full disk", () => {
  it("answers 507 with a short message, keeps the old file on a failed save and leaves no temp file", async () => {
    const home = mkdtempSync(join(tmpdir(), "fbe-faults-full-"));
    homes.push(home);
    const old = randomBytes(600 * 1024);
    const disk = smallDisk(join(home, "small"), "2m", { "keep.bin": old });
    let r: Running | null = null;
    try {
      r = await boot(home, { root: disk.root, wrap: disk.wrap });
      const root = disk.view(r);
      let res = await api(r, "POST", "/resources/big.bin", randomBytes(3 * 1024 * 1024));
      expectShortError("upload", res.status, await res.text(), 507, "no space left on the disk");
      expect(readdirSync(root)).toEqual(["keep.bin"]);
      res = await api(r, "PUT", "/resources/keep.bin", randomBytes(3 * 1024 * 1024));
      expectShortError("save", res.status, await res.text(), 507, "no space left on the disk");
      expect(sha(readFileSync(join(root, "keep.bin")))).toBe(sha(old));
      expect(readdirSync(root)).toEqual(["keep.bin"]);
      // Copies fill the disk until one no longer fits: that one answers 507 and leaves nothing.
      let copies = 0;
      for (; copies < 5; copies++) {
        res = await api(
          r,
          "PATCH",
          `/resources/keep.bin?action=copy&destination=${encodeURIComponent(`/copy${copies}.bin`)}`,
        );
        if (res.status !== 200) break;
      }
      expectShortError("copy", res.status, await res.text(), 507, "no space left on the disk");
      expect(tempFiles(root)).toEqual([]);
      for (let i = 0; i < copies; i++) expect(sha(readFileSync(join(root, `copy${i}.bin`)))).toBe(sha(old));
      expect(sha(readFileSync(join(root, "keep.bin")))).toBe(sha(old));
      expect(r.output()).not.toContain("    at ");
    } finally {
      if (r) await stop(r);
      disk.unmount();
    }
  }, 20_000);
});

describe("concurrent uploads filling a small disk", () => {
  it("answer 200 only for files stored whole, 507 for the rest, leaving no temp file", async () => {
    const { home, statuses } = await uploadStorm(4);
    homes.push(home);
    expect((statuses[200] ?? 0) + (statuses[507] ?? 0)).toBe(16);
  }, 20_000);
});

describe("a read-only files root", () => {
  it("answers writes with a short 503, while reads go on", async () => {
    const home = mkdtempSync(join(tmpdir(), "fbe-faults-ro-"));
    homes.push(home);
    const disk = smallDisk(join(home, "ro"), "2m", { "keep.txt": "kept", "dir/": "" }, true);
    let r: Running | null = null;
    try {
      r = await boot(home, { root: disk.root, wrap: disk.wrap });
      const root = disk.view(r);
      const writes: [string, string, string, BodyInit | null][] = [
        ["upload", "POST", "/resources/new.txt", "new"],
        ["save", "PUT", "/resources/keep.txt", "changed"],
        ["mkdir", "POST", "/resources/made/", null],
        ["delete", "DELETE", "/resources/keep.txt", null],
        ["rename", "PATCH", `/resources/keep.txt?action=rename&destination=${encodeURIComponent("/moved.txt")}`, null],
        ["copy", "PATCH", `/resources/keep.txt?action=copy&destination=${encodeURIComponent("/copied.txt")}`, null],
        ["tus upload", "POST", "/tus/resumable.bin", null],
      ];
      const tus = { "Tus-Resumable": "1.0.0", "Upload-Length": "10" };
      for (const [what, method, path, body] of writes) {
        const res = await api(r, method, path, body, what.startsWith("tus") ? tus : {});
        expectShortError(what, res.status, await res.text(), 503, "the file system is read-only");
      }
      expect((await api(r, "GET", "/resources/")).status).toBe(200);
      expect(await (await api(r, "GET", "/raw/keep.txt")).text()).toBe("kept");
      expect(readdirSync(root).sort()).toEqual(["dir", "keep.txt"]);
      expect(r.output()).not.toContain("    at ");
    } finally {
      if (r) await stop(r);
      disk.unmount();
    }
  }, 20_000);
});
