import { beforeAll, describe, expect, it } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { call } from "../support/factories";
import { inspectTorrent } from "../support/torrent";
import { isToolAvailable } from "../../src/server/tools/available";
import { buildAsusUImage, buildTrx } from "../support/trx";
import { makeSevenZip, sevenZip } from "../support/archives";
import { makeTree, type Tree } from "../support/tree";

const ctx = serverInProcess();
const ANNOUNCE = "http://tracker.example/announce";
let startS = 0;

/** Runs mktorrent on `target` under the files root; fails with its output. */
function mktorrent(args: string[]): void {
  const r = Bun.spawnSync(["mktorrent", ...args], { cwd: ctx.server.root, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`mktorrent failed: ${r.stderr.toString()}`);
}

beforeAll(() => {
  if (!isToolAvailable("mktorrent"))
    throw new Error("mktorrent is not installed: these tests need it (npm test installs it)");
  const root = ctx.server.root;
  mkdirSync(join(root, "album", "disc 2"), { recursive: true });
  writeFileSync(join(root, "album", "a.txt"), "hello torrent\n");
  writeFileSync(join(root, "album", "disc 2", "b.bin"), randomBytes(70_000));
  writeFileSync(join(root, "single.bin"), randomBytes(40_000));
  startS = Math.floor(Date.now() / 1000);
  mktorrent(["-a", ANNOUNCE, "-p", "-l", "15", "-c", "made in a test", "-s", "FBE", "-o", "album.torrent", "album"]);
  mktorrent(["-a", ANNOUNCE, "-l", "16", "-o", "single.torrent", "single.bin"]);
});

type Json = Record<string, any>;
async function probe(path: string): Promise<{ status: number; body: Json | string }> {
  const res = await call(ctx.server, ctx.admin, "GET", `/resources${path}?probe=yes`);
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as Json) : await res.text() };
}

describe("GET ?probe=yes on a torrent", () => {
  it("answers every Torrent metadata field of a private multi-file torrent made by mktorrent", async () => {
    const { status, body } = await probe("/album.torrent");
    expect(status).toBe(200);
    const m = (body as Json).metainfo;
    // A second reading: the test's own bencode walk over the raw info bytes, and the data's piece hashes.
    const facts = inspectTorrent(join(ctx.server.root, "album.torrent"), join(ctx.server.root, "album"));
    expect(facts.badPieces).toEqual([]);
    expect(m.InfoHash).toBe(facts.infoHash);
    expect(m.InfoHash).toMatch(/^[0-9a-f]{40}$/);
    expect(m).toMatchObject({
      Name: "album",
      Announce: ANNOUNCE,
      Length: 14 + 70_000,
      NumFiles: 2,
      Comment: "made in a test",
      Source: "FBE",
      PieceLength: 32768,
      Private: true,
    });
    expect(m.Files).toEqual([
      { Path: "a.txt", Length: 14 },
      { Path: "disc 2/b.bin", Length: 70_000 },
    ]);
    expect(m.CreatedBy).toMatch(/^mktorrent \d/);
    expect(m.CreationDate).toBeGreaterThanOrEqual(startS);
    expect(m.CreationDate).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it("reads a single-file public torrent: the file is the torrent's name", async () => {
    const m = ((await probe("/single.torrent")).body as Json).metainfo;
    const facts = inspectTorrent(join(ctx.server.root, "single.torrent"), join(ctx.server.root, "single.bin"));
    expect(m).toMatchObject({
      Name: "single.bin",
      InfoHash: facts.infoHash,
      Length: 40_000,
      NumFiles: 1,
      PieceLength: 65536,
      Private: false,
      Comment: "",
      Source: "",
    });
    expect(m.Files).toEqual([{ Path: "single.bin", Length: 40_000 }]);
  });

  it("hashes the info dictionary's bytes as written, even when its keys are not in canonical order", async () => {
    // "name" before "length": a re-encoding would sort the keys and give another hash.
    const info = `d4:name5:x.bin6:lengthi3e12:piece lengthi16384e6:pieces20:${"p".repeat(20)}e`;
    writeFileSync(join(ctx.server.root, "odd.torrent"), `d8:announce${ANNOUNCE.length}:${ANNOUNCE}4:info${info}e`);
    const m = ((await probe("/odd.torrent")).body as Json).metainfo;
    expect(m.InfoHash).toBe(createHash("sha1").update(info).digest("hex"));
    expect(m).toMatchObject({ Name: "x.bin", Length: 3, NumFiles: 1, CreationDate: 0, CreatedBy: "" });
  });

  it("answers 400 for a .torrent that is not bencoded", async () => {
    writeFileSync(join(ctx.server.root, "broken.torrent"), "this is no torrent");
    const { status, body } = await probe("/broken.torrent");
    expect(status).toBe(400);
    expect(body).toMatch(/^400 Bad Request \(not a torrent file/);
  });

  it("does not read a .torrent larger than 64 MiB", async () => {
    writeFileSync(join(ctx.server.root, "huge.torrent"), "");
    truncateSync(join(ctx.server.root, "huge.torrent"), 64 * 1024 * 1024 + 1);
    expect(await probe("/huge.torrent")).toEqual({
      status: 400,
      body: "400 Bad Request (the file is too large for a torrent)",
    });
  });
});

describe("GET ?probe=yes on a .trx firmware image", () => {
  const CREATED_S = 1_600_000_000;

  it("answers the TRX header with its CRC checked, and ProductId, KernelVer, FsVer and Created from the ASUS tail and U-Boot header", async () => {
    const img = buildTrx({
      version: 1,
      flags: 0x5,
      createdS: CREATED_S,
      imageName: "Linux Kernel Image",
      asus: { productId: "RT-AC68U", versions: [3, 0, 0, 4] },
      payloadBytes: 3000,
    });
    writeFileSync(join(ctx.server.root, "fw.trx"), img.bytes);
    const { status, body } = await probe("/fw.trx");
    expect(status).toBe(200);
    expect((body as Json).metainfo).toEqual({
      ProductId: "RT-AC68U",
      KernelVer: "3.0",
      FsVer: "0.4",
      Created: "2020-09-13T12:26:40.000Z",
      Magic: "HDR0",
      Length: img.bytes.length,
      CRC32: img.crc.toString(16).padStart(8, "0"),
      CRCValid: true,
      Flags: 5,
      Version: 1,
      Offsets: img.offsets,
    });
  });

  it("says the CRC does not match when a byte of the image changed", async () => {
    const img = buildTrx({
      version: 1,
      flags: 0,
      asus: { productId: "RT-N66U", versions: [1, 9, 2, 7] },
      payloadBytes: 2000,
    });
    img.bytes[100] ^= 0xff;
    writeFileSync(join(ctx.server.root, "bad.trx"), img.bytes);
    const m = ((await probe("/bad.trx")).body as Json).metainfo;
    expect([m.CRCValid, m.ProductId, m.KernelVer, m.FsVer, m.Created]).toEqual([false, "RT-N66U", "1.9", "2.7", ""]);
  });

  it("reads a version 2 header with four offsets and no vendor parts", async () => {
    const img = buildTrx({ version: 2, flags: 0, payloadBytes: 600_000 });
    writeFileSync(join(ctx.server.root, "v2.trx"), img.bytes);
    const m = ((await probe("/v2.trx")).body as Json).metainfo;
    expect(m).toMatchObject({
      Version: 2,
      Offsets: img.offsets,
      CRCValid: true,
      ProductId: "",
      KernelVer: "",
      FsVer: "",
      Created: "",
    });
    expect(m.Offsets).toHaveLength(4);
  });

  it("reads ProductId, KernelVer, FsVer and Created of an ASUS firmware that is a bare U-Boot image, with its data CRC checked", async () => {
    const bytes = buildAsusUImage({
      createdS: CREATED_S,
      productId: "RT-AX53U",
      versions: [3, 0, 0, 4],
      payloadBytes: 5000,
    });
    writeFileSync(join(ctx.server.root, "RT-AX53U_3.0.0.4_386_51948-g1ce5fdc.trx"), bytes);
    const { status, body } = await probe("/RT-AX53U_3.0.0.4_386_51948-g1ce5fdc.trx");
    expect(status).toBe(200);
    expect((body as Json).metainfo).toMatchObject({
      ProductId: "RT-AX53U",
      KernelVer: "3.0",
      FsVer: "0.4",
      Created: "2020-09-13T12:26:40.000Z",
      Magic: "uImage",
      Length: bytes.length,
      CRCValid: true,
    });
    bytes[3000] ^= 0xff;
    writeFileSync(join(ctx.server.root, "changed.trx"), bytes);
    expect(((await probe("/changed.trx")).body as Json).metainfo).toMatchObject({
      ProductId: "RT-AX53U",
      CRCValid: false,
    });
  });

  it("answers 400 for a .trx without the HDR0 magic", async () => {
    writeFileSync(join(ctx.server.root, "no.trx"), "HDR1".padEnd(64, "\0"));
    const { status, body } = await probe("/no.trx");
    expect(status).toBe(400);
    expect(body).toBe("400 Bad Request (not a TRX firmware image: no HDR0 magic)");
  });
});

describe("GET ?probe=yes on an archive", () => {
  const TREE: Tree = { top: { "a.txt": "alpha!", sub: { "b.txt": "beta beta" } } };
  /** The entries 7-Zip lists for TREE, in its order (folders have no size). */
  const ENTRIES = [
    { Path: "top", IsDir: true, Size: 0 },
    { Path: "top/a.txt", IsDir: false, Size: 6 },
    { Path: "top/sub", IsDir: true, Size: 0 },
    { Path: "top/sub/b.txt", IsDir: false, Size: 9 },
  ];
  const sorted = (m: Json[]) => [...m].sort((a, b) => a.Path.localeCompare(b.Path));
  /** The time given to every archived entry: an even second, which zip's 2 s DOS time keeps exactly. */
  const TREE_TIME_S = 1_600_000_000;
  /** 7-Zip prints entry times in the server's local time; the server runs in this test's time zone. */
  const localTime = (s: number) => {
    const d = new Date(s * 1000);
    const p = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  };

  it("lists the entries of a stored zip: path, folder flag, sizes and time", async () => {
    sevenZip();
    makeSevenZip({ dest: join(ctx.server.root, "t.zip"), tree: TREE, extra: ["-mx0"], mtimeS: TREE_TIME_S });
    const m = ((await probe("/t.zip")).body as Json).metainfo as Json[];
    expect(sorted(m).map(({ Path, IsDir, Size }) => ({ Path, IsDir, Size }))).toEqual(ENTRIES);
    // Stored without compression: each file packs to its own size.
    for (const e of m.filter((x) => !x.IsDir)) expect(e.PackedSize).toBe(e.Size);
    expect(new Set(m.map((e) => e.Modified))).toEqual(new Set([localTime(TREE_TIME_S)]));
  });

  it("lists a 7z with its files' times", async () => {
    makeSevenZip({ dest: join(ctx.server.root, "t.7z"), tree: TREE, mtimeS: TREE_TIME_S });
    const m = ((await probe("/t.7z")).body as Json).metainfo as Json[];
    expect(sorted(m).map(({ Path, IsDir, Size }) => ({ Path, IsDir, Size }))).toEqual(ENTRIES);
    expect(new Set(m.map((e) => e.Modified))).toEqual(new Set([localTime(TREE_TIME_S)]));
  });

  it("lists a tar with the entries' own times", async () => {
    makeTree(join(ctx.server.root, "tarsrc"), TREE);
    const r = Bun.spawnSync([
      "tar",
      "-C",
      join(ctx.server.root, "tarsrc"),
      `--mtime=@${TREE_TIME_S}`,
      "-cf",
      join(ctx.server.root, "t.tar"),
      "top",
    ]);
    expect(r.exitCode).toBe(0);
    const m = ((await probe("/t.tar")).body as Json).metainfo as Json[];
    expect(sorted(m).map(({ Path, IsDir, Size }) => ({ Path, IsDir, Size }))).toEqual(ENTRIES);
    expect(new Set(m.map((e) => e.Modified))).toEqual(new Set([localTime(TREE_TIME_S)]));
  });

  it("gives no entry list for compressed single streams: .tar.gz, .tar.bz2, .tar.xz, .gz, .bz2, .xz, .tgz", async () => {
    // Each made by the real compressor from the tar above, which 7-Zip could open as a stream holding a tar.
    const compressor: Record<string, string> = { gz: "gzip", tgz: "gzip", bz2: "bzip2", xz: "xz" };
    for (const name of [
      "t.tar.gz",
      "t.tar.bz2",
      "t.tar.xz",
      "t.tgz",
      "notes.txt.gz",
      "notes.txt.bz2",
      "notes.txt.xz",
    ]) {
      const tool = compressor[name.split(".").pop()!]!;
      if (!Bun.which(tool)) throw new Error(`${tool} is not installed: this test needs it`);
      const r = Bun.spawnSync([
        "sh",
        "-c",
        `${tool} -c "$1" > "$2"`,
        "sh",
        join(ctx.server.root, "t.tar"),
        join(ctx.server.root, name),
      ]);
      expect(r.exitCode).toBe(0);
      const { status, body } = await probe(`/${name}`);
      expect(status).toBe(200);
      expect((body as Json).type).toBe("archive");
      expect((body as Json).metainfo).toBeUndefined();
    }
  });

  it("answers 400 with the documented sentence for a 7z with encrypted names and for an empty archive", async () => {
    makeSevenZip({ dest: join(ctx.server.root, "secret.7z"), tree: TREE, password: "pw", headerEncrypted: true });
    writeFileSync(
      join(ctx.server.root, "empty.zip"),
      Uint8Array.from([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]),
    );
    for (const name of ["secret.7z", "empty.zip"]) {
      const { status, body } = await probe(`/${name}`);
      expect(status).toBe(400);
      expect(body).toBe(
        "400 Bad Request (failed to get file list from archive, maybe encrypted archive. Wrong password?)",
      );
    }
  });

  it("lists a zip whose contents are encrypted but whose names are not", async () => {
    makeSevenZip({ dest: join(ctx.server.root, "locked.zip"), tree: TREE, password: "pw" });
    const m = ((await probe("/locked.zip")).body as Json).metainfo as Json[];
    expect(sorted(m).map((e) => e.Path)).toEqual(ENTRIES.map((e) => e.Path));
  });
});
