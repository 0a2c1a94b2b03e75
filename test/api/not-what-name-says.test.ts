/**
 * Files that are not what their name says, read by the routes that open a user's file beneath the scope
 * (docs/security.md "Paths and races"): FIFOs named like text, pictures, subtitles, torrents or firmware, and a folder
 * named like a picture. Each answer comes at once with a short error or an empty text, never a hang, a 500 or a
 * FIFO in an archive.
 */
import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ctx = serverInProcess();

beforeAll(async () => {
  for (const name of ["f.txt", "f.nfo", "f.md", "f.jpg", "f.srt", "f.torrent", "f.trx", "f.bin"])
    execFileSync("mkfifo", [join(ctx.server.root, name)]);
  mkdirSync(join(ctx.server.root, "d.jpg"));
  writeFileSync(join(ctx.server.root, "v.mp4"), "not a video either");
});

/** GET `path` with the admin's token; gives up after 8 s (a hang fails the test). */
async function get(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${ctx.server.url}${path}`, {
    headers: { "X-Auth": ctx.admin },
    signal: AbortSignal.timeout(8_000),
  });
  return { status: res.status, body: await res.text() };
}

describe("a FIFO or a folder under a file's name", () => {
  it("answers the raw, inline, thumbnail, subtitle, torrent and firmware calls with a short 400", async () => {
    for (const path of [
      "/api/raw/f.txt",
      "/api/raw/f.txt?inline=true",
      "/api/raw/f.bin",
      "/api/raw/f.jpg?thumb=true&w=128",
      "/api/raw/d.jpg?thumb=true&w=128",
      "/api/raw/f.srt?subtitle=true&movie=%2Fv.mp4",
      "/api/resources/f.torrent?probe=yes",
      "/api/resources/f.trx?probe=yes",
    ]) {
      const { status, body } = await get(path);
      expect(`${path} ${status}`).toBe(`${path} 400`);
      expect(body).toStartWith("400 Bad Request (");
      expect(body).not.toContain(ctx.server.root);
    }
  });

  it("gives the text previews nothing to show instead of waiting for a writer", async () => {
    for (const path of [
      "/api/resources/f.txt",
      "/api/resources/f.nfo?preview=nfo",
      "/api/resources/f.md?preview=markdown",
    ]) {
      expect(`${path} ${(await get(path)).status}`).toBe(`${path} 200`);
    }
  });

  it("leaves FIFOs out of archives, and the server keeps answering", async () => {
    for (const algo of ["zip", "tar"]) {
      const { status, body } = await get(`/api/raw/?algo=${algo}`);
      expect(status).toBe(200);
      expect(body).toContain("v.mp4");
      expect(body).not.toContain("f.txt");
    }
    expect((await fetch(`${ctx.server.url}/health`)).status).toBe(200);
  });
});
