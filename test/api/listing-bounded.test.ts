import { beforeAll, describe, expect, it } from "bun:test";
import { serverPerFile } from "../support/server-per-file";
import { appendFileSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// A cache of 2 folders and 10 KiB: every folder below is dropped and read again along the way.
const ctx = serverPerFile({ env: { FBE_LISTING_CACHE_MB: "0.01", FBE_LISTING_CACHE_FOLDERS: "2" } });
const FOLDERS = 6;

beforeAll(async () => {
  for (let d = 0; d < FOLDERS; d++) {
    mkdirSync(join(ctx.server.root, `d${d}`));
    for (let i = 0; i < 40; i++) writeFileSync(join(ctx.server.root, `d${d}`, `f${i}.txt`), "x".repeat(i));
  }
}, 60_000);

async function sizes(dir: string): Promise<Record<string, number>> {
  const res = await fetch(`${ctx.server.url}/api/resources/${dir}/`, { headers: { "X-Auth": ctx.admin } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { items: { name: string; size: number }[] };
  return Object.fromEntries(body.items.map((i) => [i.name, i.size]));
}

const onDisk = (dir: string) =>
  Object.fromEntries(
    readdirSync(join(ctx.server.root, dir)).map((n) => [n, statSync(join(ctx.server.root, dir, n)).size]),
  );

describe("a listing cache smaller than the folders listed", () => {
  it("answers every folder right while folders are dropped and read again", async () => {
    for (let round = 0; round < 2; round++) {
      for (let d = 0; d < FOLDERS; d++) expect(await sizes(`d${d}`)).toEqual(onDisk(`d${d}`));
    }
    for (let d = 0; d < FOLDERS; d++) {
      appendFileSync(join(ctx.server.root, `d${d}`, "f1.txt"), "changed");
      writeFileSync(join(ctx.server.root, `d${d}`, "added.txt"), "added");
    }
    for (let d = FOLDERS - 1; d >= 0; d--) expect(await sizes(`d${d}`)).toEqual(onDisk(`d${d}`));
  });
});
