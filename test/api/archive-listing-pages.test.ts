import { beforeAll, describe, expect, it } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { sevenZip } from "../support/archives";
import { storedZip } from "../support/stored-zip";
import { processesWith } from "../support/task-helpers";
import { manyEntryName, manyEntrySize, writeManyEntryZip } from "../support/many-entry-zip";

const ctx = serverInProcess();
/** Enough entries for three pages of 10,000 (the last one short). */
const COUNT = 25_000;
/** Each listing of the 25,000 entries takes about a second on a loaded 2-core machine; a test makes up to six. */
const SLOW_MS = 60_000;
const LIST_FAILED = "400 Bad Request (failed to get file list from archive, maybe encrypted archive. Wrong password?)";

type Json = Record<string, any>;

beforeAll(() => {
  sevenZip();
  writeManyEntryZip(join(ctx.server.root, "many.zip"), COUNT);
});

async function probe(path: string, query = "", signal?: AbortSignal): Promise<{ status: number; body: Json | string }> {
  const res = await fetch(`${ctx.server.url}/api/resources${path}?probe=yes${query}`, {
    headers: { "X-Auth": ctx.admin },
    signal,
  });
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as Json) : await res.text() };
}

/** The 7-Zip processes listing `abs` right now. */
const listingsOf = (abs: string) => processesWith(abs).filter((cmd) => /\b7zz?a? l /.test(cmd));

describe("GET ?probe=yes on an archive of many entries", () => {
  const totals = { total: COUNT, files: COUNT, folders: 0, size: manyEntrySize(COUNT) };

  it(
    "answers the first 10,000 entries in 7-Zip's order with the totals of the whole archive",
    async () => {
      const { status, body } = await probe("/many.zip");
      expect(status).toBe(200);
      const b = body as Json;
      expect(b.name).toBe("many.zip");
      expect(b.metainfo).toHaveLength(10_000);
      expect(b.metainfo[0]).toMatchObject({ Path: manyEntryName(0), IsDir: false, Size: 2, PackedSize: 2 });
      expect(b.metainfo[9_999].Path).toBe(manyEntryName(9_999));
      expect(b.archiveListing).toEqual({ offset: 0, limit: 10_000, ...totals });
    },
    SLOW_MS,
  );

  it(
    "answers the rest page by page with offset and limit, each entry once",
    async () => {
      const seen: string[] = [];
      for (let offset = 0; offset < COUNT; offset += 10_000) {
        const b = (await probe("/many.zip", `&offset=${offset}&limit=10000`)).body as Json;
        expect(b.archiveListing).toEqual({ offset, limit: 10_000, ...totals });
        seen.push(...b.metainfo.map((e: Json) => e.Path));
      }
      expect(seen).toEqual(Array.from({ length: COUNT }, (_, i) => manyEntryName(i)));
      const small = (await probe("/many.zip", "&offset=24990&limit=3")).body as Json;
      expect(small.metainfo.map((e: Json) => e.Path)).toEqual([24_990, 24_991, 24_992].map(manyEntryName));
      const past = (await probe("/many.zip", `&offset=${COUNT}`)).body as Json;
      expect(past.metainfo).toEqual([]);
      expect(past.archiveListing).toEqual({ offset: COUNT, limit: 10_000, ...totals });
    },
    SLOW_MS,
  );

  it(
    "refuses an offset or a limit that is not a whole number in range",
    async () => {
      for (const [query, detail] of [
        ["&offset=-1", "offset must be a whole number from 0 to 2147483647"],
        ["&offset=1e3", "offset must be a whole number from 0 to 2147483647"],
        ["&limit=0", "limit must be a whole number from 1 to 10000"],
        ["&limit=10001", "limit must be a whole number from 1 to 10000"],
        ["&limit=abc", "limit must be a whole number from 1 to 10000"],
      ]) {
        expect(await probe("/many.zip", query)).toEqual({ status: 400, body: `400 Bad Request (${detail})` });
      }
    },
    SLOW_MS,
  );

  it(
    "runs one 7-Zip listing of an archive at a time, shared by the requests for the same page",
    async () => {
      const abs = join(ctx.server.root, "many.zip");
      let most = 0;
      const watch = setInterval(() => (most = Math.max(most, listingsOf(abs).length)), 10);
      const queries = ["", "", "", "&offset=10000", "&offset=20000&limit=5"];
      const answers = await Promise.all(queries.map((q) => probe("/many.zip", q)));
      clearInterval(watch);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map((a) => (a.body as Json).metainfo[0].Path)).toEqual(
        [0, 0, 0, 10_000, 20_000].map(manyEntryName),
      );
      expect(answers.map((a) => (a.body as Json).metainfo.length)).toEqual([10_000, 10_000, 10_000, 10_000, 5]);
      expect(most).toBe(1);
    },
    SLOW_MS,
  );

  it(
    "stops the listing once every request waiting for it has gone away",
    async () => {
      // Big enough that its listing takes seconds: it cannot end by itself while the test looks.
      const abs = join(ctx.server.root, "slow.zip");
      writeManyEntryZip(abs, 200_000);
      const clients = [new AbortController(), new AbortController()];
      const pending = clients.map((c) => probe("/slow.zip", "&offset=5", c.signal).catch(() => null));
      const started = Date.now();
      while (listingsOf(abs).length === 0 && Date.now() - started < 10_000) await Bun.sleep(5);
      expect(listingsOf(abs)).toHaveLength(1);
      clients[0]!.abort();
      await Bun.sleep(50);
      // One request still waits: the listing goes on for it.
      expect(listingsOf(abs)).toHaveLength(1);
      clients[1]!.abort();
      await Promise.all(pending);
      const stopped = Date.now();
      while (listingsOf(abs).length > 0 && Date.now() - stopped < 5_000) await Bun.sleep(10);
      expect(listingsOf(abs)).toEqual([]);
      // The next request gets a listing of its own.
      expect(((await probe("/slow.zip", "&offset=5&limit=1")).body as Json).metainfo[0].Path).toBe(manyEntryName(5));
    },
    SLOW_MS,
  );
});

describe("errors of GET ?probe=yes on archives", () => {
  it(
    "name no disk path and carry none of 7-Zip's words, only the documented sentence",
    async () => {
      const root = ctx.server.root;
      const zip = storedZip([
        { name: "a.txt", data: "hello ".repeat(1000) },
        { name: "b.txt", data: "x".repeat(5000) },
      ]);
      writeFileSync(join(root, "garbage.zip"), "this is not a zip at all");
      writeFileSync(join(root, "cut.zip"), zip.subarray(0, 3000));
      writeFileSync(join(root, "bad.7z"), "7z\xbc\xaf\x27\x1c then garbage");
      writeFileSync(join(root, "zeros.tar"), Buffer.alloc(1024, 1));
      for (const name of ["garbage.zip", "cut.zip", "bad.7z", "zeros.tar"]) {
        const { status, body } = await probe(`/${name}`);
        expect({ name, status, body }).toEqual({ name, status: 400, body: LIST_FAILED });
      }
    },
    SLOW_MS,
  );
});
