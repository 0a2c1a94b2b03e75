/**
 * The listing of a 300,000-entry zip (35 MB, the size that took 4.3 GB of server memory per request when the whole
 * 7-Zip output was kept): four requests at once answer the first 10,000 entries with the totals, one 7-Zip runs, and
 * the server's peak resident memory (VmHWM) grows by less than 100 MiB.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { login, startServer, type ProcessServer } from "../support/server";
import { sevenZip } from "../support/archives";
import { processesWith } from "../support/task-helpers";
import { manyEntryName, manyEntrySize, writeManyEntryZip } from "../support/many-entry-zip";

const COUNT = 300_000;
/** Growth of the server's peak RSS allowed for the four listings (measured: under 10 MiB; 4.3 GiB before). */
const MAX_GROWTH_KIB = 100 * 1024;

let server: ProcessServer;
let token: string;

beforeAll(async () => {
  sevenZip();
  server = await startServer();
  token = await login(server);
  writeManyEntryZip(join(server.root, "big.zip"), COUNT);
});

afterAll(() => server?.stop());

/** The server's peak resident set size so far, in KiB. */
const peakKib = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.process.pid}/status`, "utf8"))![1]);

describe("archive listing memory", () => {
  it("answers four listings of a 300,000-entry zip at once with one 7-Zip and flat memory", async () => {
    const before = peakKib();
    const abs = join(server.root, "big.zip");
    let most = 0;
    const watch = setInterval(
      () => (most = Math.max(most, processesWith(abs).filter((c) => / l -slt /.test(c)).length)),
      20,
    );
    const answers = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const res = await fetch(`${server.url}/api/resources/big.zip?probe=yes`, { headers: { "X-Auth": token } });
        expect(res.status).toBe(200);
        return (await res.json()) as { metainfo: { Path: string }[]; archiveListing: Record<string, number> };
      }),
    );
    clearInterval(watch);
    for (const a of answers) {
      expect(a.metainfo).toHaveLength(10_000);
      expect(a.metainfo[9_999]!.Path).toBe(manyEntryName(9_999));
      expect(a.archiveListing).toEqual({
        offset: 0,
        limit: 10_000,
        total: COUNT,
        files: COUNT,
        folders: 0,
        size: manyEntrySize(COUNT),
      });
    }
    expect(most).toBe(1);
    const last = (await (
      await fetch(`${server.url}/api/resources/big.zip?probe=yes&offset=299990`, { headers: { "X-Auth": token } })
    ).json()) as {
      metainfo: { Path: string }[];
    };
    expect(last.metainfo.map((e) => e.Path)).toEqual(Array.from({ length: 10 }, (_, i) => manyEntryName(299_990 + i)));
    const growth = peakKib() - before;
    console.log(`[stress] peak RSS grew by ${(growth / 1024).toFixed(1)} MiB for the 300,000-entry listings`);
    expect(growth).toBeLessThan(MAX_GROWTH_KIB);
  }, 300_000);
});
