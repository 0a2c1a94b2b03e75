import { beforeAll, describe, expect, it } from "bun:test";
import { cpSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { call } from "../support/factories";
import { inspectTorrent } from "../support/torrent";

const ctx = serverInProcess();
/** The .torrent files and their content shipped by the webtorrent-fixtures package (MIT; content public domain or CC). */
const FIXTURES = join(dirname(Bun.resolveSync("webtorrent-fixtures", import.meta.dir)), "fixtures");

/**
 * v1 info hashes of the fixtures as published: leaves in the READMEs of parse-torrent and magnet-uri, and every one
 * as webtorrent-fixtures' own parsedTorrent (computed by parse-torrent, another implementation than ours).
 */
const PUBLISHED = {
  leaves: "d2474e86c95b19b8bcfdb92bc12c9d44667cfa36",
  numbers: "89d97c2261a21b040cf11caa661a3ba7233bb7e6",
  "lots-of-numbers": "114ead6243792ba56297edbb9a78dfba84d4fc00",
  bunny: "af8f10f30bf9aefecf3686922bfa0d5bd290a395",
  sintel: "c334138ef5bfc2d568ea7324e0e2a3a7ec229bdd",
} as const;

type Json = Record<string, any>;
/** The package's default export: per fixture, parse-torrent's reading of the .torrent. */
let parsed: Record<string, { parsedTorrent: Json }> = {};

beforeAll(async () => {
  cpSync(FIXTURES, ctx.server.root, { recursive: true });
  parsed = (await import("webtorrent-fixtures")).default;
});

async function metainfo(name: string): Promise<Json> {
  const res = await call(ctx.server, ctx.admin, "GET", `/resources/${name}.torrent?probe=yes`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Json).metainfo as Json;
}

/** parse-torrent's view of the fixture `file` (its name without .torrent; the package's keys are camel case), in our field names. */
function byParseTorrent(file: string): Json {
  const p = parsed[file.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())]!.parsedTorrent;
  return {
    Name: p.name,
    Length: p.length,
    NumFiles: p.files.length,
    PieceLength: p.pieceLength,
    Private: p.private === true,
    CreatedBy: p.createdBy ?? "",
    Comment: p.comment ?? "",
    // parse-torrent puts the torrent's name before a multi-file torrent's paths; ours are inside the torrent.
    Files: p.files.map((f: Json) => ({
      Path: p.info.files ? f.path.split("/").slice(1).join("/") : f.path,
      Length: f.length,
    })),
  };
}

describe("GET ?probe=yes on the real torrents of webtorrent-fixtures", () => {
  it("answers each torrent's published info hash", async () => {
    for (const [name, hash] of Object.entries(PUBLISHED)) expect((await metainfo(name)).InfoHash).toBe(hash);
    expect(parsed.leaves!.parsedTorrent.infoHash).toBe(PUBLISHED.leaves);
    expect(parsed.bunny!.parsedTorrent.infoHash).toBe(PUBLISHED.bunny);
  });

  it("reads a single-file uTorrent torrent whose pieces match the epub shipped beside it", async () => {
    const m = await metainfo("leaves");
    const epub = join(ctx.server.root, "Leaves of Grass by Walt Whitman.epub");
    expect(inspectTorrent(join(ctx.server.root, "leaves.torrent"), epub).badPieces).toEqual([]);
    expect(m).toMatchObject(byParseTorrent("leaves"));
    expect(m).toMatchObject({
      Name: "Leaves of Grass by Walt Whitman.epub",
      Length: statSync(epub).size,
      NumFiles: 1,
      PieceLength: 16384,
      CreatedBy: "uTorrent/3300",
      CreationDate: 1375363666,
      Private: false,
      Announce: "",
      Comment: "",
      Source: "",
    });
    expect(new Date(m.CreationDate * 1000).toISOString()).toBe(parsed.leaves!.parsedTorrent.created.toISOString());
  });

  it("reads multi-file torrents with subfolders, file by file, against the files shipped with them", async () => {
    for (const name of ["numbers", "lots-of-numbers"]) {
      const m = await metainfo(name);
      expect(inspectTorrent(join(ctx.server.root, `${name}.torrent`), join(ctx.server.root, name)).badPieces).toEqual(
        [],
      );
      for (const f of m.Files) expect(f.Length).toBe(statSync(join(ctx.server.root, name, f.Path)).size);
      expect(m).toMatchObject(byParseTorrent(name));
    }
    const lots = await metainfo("lots-of-numbers");
    expect(lots.Files.map((f: Json) => f.Path)).toEqual([
      "big numbers/10.txt",
      "big numbers/11.txt",
      "big numbers/12.txt",
      "small numbers/1.txt",
      "small numbers/2.txt",
      "small numbers/3.txt",
    ]);
    // numbers.torrent holds its creation date in milliseconds (1449730287842): answered in seconds.
    expect((await metainfo("numbers")).CreationDate).toBe(1449730287);
  });

  it("reads the private flag of Big Buck Bunny and the 5.5 GB length of Sintel", async () => {
    const bunny = await metainfo("bunny");
    expect(bunny).toMatchObject({
      ...byParseTorrent("bunny"),
      Private: true,
      PieceLength: 524288,
      Length: 434839491,
      CreatedBy: "uTorrent/3320",
      CreationDate: 1387309701,
    });
    const sintel = await metainfo("sintel");
    expect(sintel).toMatchObject({
      ...byParseTorrent("sintel"),
      Length: 5490455272,
      PieceLength: 4194304,
      CreationDate: 1304585353,
    });
    expect(sintel.Length).toBeGreaterThan(2 ** 32);
  });
});
