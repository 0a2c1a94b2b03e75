import { beforeAll, describe, expect, it } from "bun:test";
import { truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { call } from "../support/factories";

const ctx = serverInProcess();

/** CP437 bytes of the art, written by hand from the IBM code page 437 chart (not through any decoder). */
const CP437_ART = Uint8Array.from([
  0xc9,
  0xcd,
  0xcd,
  0xbb,
  0x0d,
  0x0a, // ╔══╗ CRLF
  0xba,
  0x41,
  0x82,
  0xba,
  0x0d,
  0x0a, // ║Aé║
  0xc8,
  0xcd,
  0xcd,
  0xbc,
  0x0d,
  0x0a, // ╚══╝
  0xb0,
  0xb1,
  0xb2,
  0xdb,
  0x20,
  0x9c,
  0xe1, // ░▒▓█ £ß
]);
const CP437_TEXT = "╔══╗\r\n║Aé║\r\n╚══╝\r\n░▒▓█ £ß";

beforeAll(() => {
  const root = ctx.server.root;
  writeFileSync(join(root, "release.nfo"), CP437_ART);
  writeFileSync(join(root, "modern.nfo"), "\uFEFF┌─┐ café 日本\n");
  writeFileSync(join(root, "huge.nfo"), "");
  truncateSync(join(root, "huge.nfo"), 5 * 1024 * 1024);
});

const nfo = (path: string) => call(ctx.server, ctx.admin, "GET", `/resources${path}?preview=nfo`);

describe("GET ?preview=nfo", () => {
  it("decodes an nfo that is not UTF-8 from CP437, box-drawing art included", async () => {
    const res = await nfo("/release.nfo");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { name: string; content: string };
    expect(body.name).toBe("release.nfo");
    expect(body.content).toBe(CP437_TEXT);
  });

  it("keeps a UTF-8 nfo as it is, without its byte order mark", async () => {
    const body = (await (await nfo("/modern.nfo")).json()) as { content: string };
    expect(body.content).toBe("┌─┐ café 日本\n");
  });

  it("refuses files of 5 MiB and more, and folders", async () => {
    const big = await nfo("/huge.nfo");
    expect(big.status).toBe(400);
    expect(await big.text()).toBe("400 Bad Request (the file is too large to preview as text)");
    expect((await nfo("/")).status).toBe(400);
  });
});
