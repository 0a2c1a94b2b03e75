import { describe, expect, it } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import iconv from "iconv-lite";
import {
  buildExtractArgs,
  buildListArgs,
  buildTestArgs,
  isWrongPasswordError,
  parseDangerousLink,
  parseProgressLine,
  parseSltListing,
  passwordInput,
  runSevenZipList,
  type RawArchiveEntry,
} from "../../../src/server/tools/sevenzip";
import { SltListingReader } from "../../../src/server/tools/sevenzip-listing";
import { legacyNameZip, sevenZip } from "../../support/archives";
import { storedZip } from "../../support/stored-zip";
import { ToolFailed } from "../../../src/server/tools/spawn";

/** `7zz l -slt` of a split 7z (x.7z.001), as 7-Zip 26.02 prints it; runTool drops the blank lines. */
const SPLIT_7Z = `
7-Zip (z) 26.02 (x64) : Copyright (c) 1999-2026 Igor Pavlov : 2026-06-25
Listing archive: mv.7z.001
--
Path = mv.7z.001
Type = Split
Physical Size = 2048
Volumes = 3
Total Physical Size = 5223
----
Path = mv.7z
Size = 5223
--
Path = mv.7z
Type = 7z
Physical Size = 5223
Method = LZMA2:6k 7zAES
Solid = +
----------
Path = top
Size = 0
Packed Size = 0
Modified = 2026-11-23 15:14:36.6517827
Attributes = D drwxr-xr-x
CRC = 
Encrypted = -
Path = top/a.txt
Size = 6
Packed Size = 32
Modified = 2026-11-23 15:14:36.6510534
Attributes = A -rw-r--r--
CRC = 363A3020
Encrypted = +
Method = LZMA2:12 7zAES:19
Path = top/link
Size = 5
Packed Size = 
Modified = 2026-11-23 15:14:36.6510534
Attributes = A lrwxrwxrwx
Encrypted = +
`
  .split("\n")
  .filter((l) => l.trim());

/** A tar entry block (tar has Folder, Mode and Symbolic Link instead of Attributes). */
const TAR = `--
Path = sym.tar
Type = tar
----------
Path = d
Folder = +
Size = 0
Packed Size = 0
Mode = drwxr-xr-x
Symbolic Link = 
Path = d/out
Folder = -
Size = 19
Packed Size = 0
Modified = 2026-11-23 15:14:49
Mode = lrwxrwxrwx
Symbolic Link = ../../../etc/passwd
Path = name = with = equals
Folder = -
Size = 2
Packed Size = 512
Mode = -rw-r--r--
Path = d/h
Folder = -
Mode = -rw-r--r--
Symbolic Link = 
Hard Link = /etc/hostname
`.split("\n");

describe("7-Zip listing parser", () => {
  it("reads the innermost archive type, the volume count and every entry of a split 7z", () => {
    const l = parseSltListing(SPLIT_7Z);
    expect(l.type).toBe("7z");
    expect(l.volumes).toBe(3);
    expect(l.nameEncoding).toBeNull();
    expect(l.entries.map((e) => new TextDecoder().decode(e.rawPath))).toEqual(["top", "top/a.txt", "top/link"]);
    expect(l.entries.map(({ rawPath: _, ...e }) => e)).toEqual([
      {
        path: "top",
        isDir: true,
        size: 0,
        packedSize: 0,
        modified: "2026-11-23 15:14:36.6517827",
        encrypted: false,
        isSymlink: false,
        linkTarget: null,
        hardLinkTarget: null,
      },
      {
        path: "top/a.txt",
        isDir: false,
        size: 6,
        packedSize: 32,
        modified: "2026-11-23 15:14:36.6510534",
        encrypted: true,
        isSymlink: false,
        linkTarget: null,
        hardLinkTarget: null,
      },
      {
        path: "top/link",
        isDir: false,
        size: 5,
        packedSize: 0,
        modified: "2026-11-23 15:14:36.6510534",
        encrypted: true,
        isSymlink: true,
        linkTarget: null,
        hardLinkTarget: null,
      },
    ]);
  });

  it("reads tar folders, modes, symlink and hard link targets, and keeps ' = ' inside names", () => {
    const l = parseSltListing(TAR);
    expect(l.type).toBe("tar");
    expect(l.volumes).toBe(1);
    expect(l.entries.map((e) => [e.path, e.isDir, e.isSymlink, e.linkTarget, e.hardLinkTarget])).toEqual([
      ["d", true, false, null, null],
      ["d/out", false, true, "../../../etc/passwd", null],
      ["name = with = equals", false, false, null, null],
      ["d/h", false, false, null, "/etc/hostname"],
    ]);
  });

  it("hands out each entry as soon as the next block starts, keeping nothing of it", () => {
    const seen: RawArchiveEntry[] = [];
    const reader = new SltListingReader((e) => seen.push(e));
    const push = (l: string) => reader.push(new TextEncoder().encode(l));
    for (const l of ["Path = x.zip", "Type = zip", "----------", "Path = a.txt", "Size = 3", "CRC = 0A0B0C0D"]) push(l);
    expect(seen).toEqual([]);
    push("Path = b");
    expect(seen.map((e) => [new TextDecoder().decode(e.rawPath), e.size])).toEqual([["a.txt", 3]]);
    push("Folder = +");
    expect(reader.finish()).toEqual({ type: "zip", volumes: 1, nameEncoding: null });
    expect(seen.map((e) => [new TextDecoder().decode(e.rawPath), e.isDir])).toEqual([
      ["a.txt", false],
      ["b", true],
    ]);
  });

  it("judges the names' encoding on the first legacy names only when given a sample size", () => {
    // A name no encoding reads (a control byte) spoils the guess when it is judged too.
    const names = [new Uint8Array(iconv.encode("中文目录/测试文件.txt", "gbk")), Uint8Array.from([0xff, 0xfe, 0x01])];
    const encodingOf = (sampleBytes?: number) => {
      const reader = new SltListingReader(() => {}, sampleBytes);
      reader.push(new TextEncoder().encode("----------"));
      for (const name of names) reader.push(new Uint8Array(Buffer.concat([Buffer.from("Path = "), name])));
      return reader.finish().nameEncoding;
    };
    expect(encodingOf()).toBeNull();
    expect(encodingOf(1)).toBe("gb18030");
  });

  it("gives an empty listing for output without entries", () => {
    expect(parseSltListing(["Listing archive: x.7z", "Errors: 1"])).toEqual({
      type: "",
      volumes: 1,
      nameEncoding: null,
      entries: [],
    });
  });

  it("decodes raw names that are not UTF-8 with one encoding for the archive, keeps UTF-8 names and the exact bytes", () => {
    const line = (text: string, name?: Uint8Array) =>
      new Uint8Array(Buffer.concat([Buffer.from(text), Buffer.from(name ?? [])]));
    const gbk = (s: string) => new Uint8Array(iconv.encode(s, "gbk"));
    const lines = [
      line("Path = legacy.zip"),
      line("Type = zip"),
      line("----------"),
      line("Path = ", gbk("中文目录")),
      line("Folder = +"),
      line("Path = ", gbk("中文目录/测试文件.txt")),
      line("Size = 7"),
      line("Path = 日本語.txt"),
      line("Size = 1"),
    ];
    const l = parseSltListing(lines);
    expect(l.nameEncoding).toBe("gb18030");
    expect(l.entries.map((e) => e.path)).toEqual(["中文目录", "中文目录/测试文件.txt", "日本語.txt"]);
    expect(Buffer.from(l.entries[1]!.rawPath).equals(Buffer.from(gbk("中文目录/测试文件.txt")))).toBe(true);
    expect(l.entries[1]!.size).toBe(7);
  });
});

describe("7-Zip progress and error lines", () => {
  it("reads the percentage at the start of a -bsp1 line and nothing else", () => {
    expect(parseProgressLine(" 42% 3 - top/a.txt")).toBe(42);
    expect(parseProgressLine("100%")).toBe(100);
    expect(parseProgressLine("  0M Scan")).toBeNull();
    expect(parseProgressLine("Everything is Ok")).toBeNull();
  });

  it("reads the entry of a refused dangerous link", () => {
    expect(parseDangerousLink("ERROR: Dangerous link path was ignored : d/out : ../../../etc/passwd")).toEqual({
      path: "d/out",
      target: "../../../etc/passwd",
    });
    expect(parseDangerousLink("ERROR: Data Error in encrypted file. Wrong password? : top/a.txt")).toBeNull();
  });

  it("tells a wrong or missing password from other failures", () => {
    expect(
      isWrongPasswordError(new ToolFailed("7zz", 2, "ERROR: Data Error in encrypted file. Wrong password? : a")),
    ).toBe(true);
    expect(
      isWrongPasswordError(new ToolFailed("7zz", 2, "ERROR: hdr.7z : Cannot open encrypted archive. Wrong password?")),
    ).toBe(true);
    expect(isWrongPasswordError(new ToolFailed("7zz", 2, "ERROR: x : Cannot open the file as archive"))).toBe(false);
    expect(isWrongPasswordError(new Error("Wrong password"))).toBe(false);
  });
});

describe("7-Zip argument builders", () => {
  it("passes an empty password as -p, so 7-Zip never waits on a prompt, and any other only on stdin", () => {
    expect(buildListArgs("/a/x.7z", "")).toEqual(["l", "-slt", "-sccUTF-8", "-p", "--", "/a/x.7z"]);
    expect(passwordInput("")).toBeUndefined();
    expect(buildListArgs("/a/x.7z", "pw")).toEqual(["l", "-slt", "-sccUTF-8", "--", "/a/x.7z"]);
    expect(new TextDecoder().decode(passwordInput("p w"))).toBe("p w\n");
  });

  it("tests only the entries of a UTF-16LE list file, matched without wildcards", () => {
    expect(buildTestArgs("/a/x.7z", "pw", "/t/probe.lst")).toEqual([
      "t",
      "-bso0",
      "-bsp0",
      "-spd",
      "-sccUTF-8",
      "-scsUTF-16LE",
      "-i@/t/probe.lst",
      "--",
      "/a/x.7z",
    ]);
  });

  it("extracts with progress on stdout only, into the folder, leaving out the refused entries", () => {
    expect(
      buildExtractArgs({ archive: "/a/-x.zip", outDir: "/a/.tmp", password: "", excludeListFile: "/t/refused.lst" }),
    ).toEqual([
      "x",
      "-y",
      "-aoa",
      "-bso0",
      "-bsp1",
      "-bb0",
      "-spd",
      "-sccUTF-8",
      "-p",
      "-o/a/.tmp",
      "-scsUTF-16LE",
      "-x@/t/refused.lst",
      "--",
      "/a/-x.zip",
    ]);
    expect(buildExtractArgs({ archive: "/a/x.7z", outDir: "/o", password: "p w" })).toEqual([
      "x",
      "-y",
      "-aoa",
      "-bso0",
      "-bsp1",
      "-bb0",
      "-spd",
      "-sccUTF-8",
      "-o/o",
      "--",
      "/a/x.7z",
    ]);
  });
});

describe("7-Zip listing of real archives with legacy-encoded names", () => {
  for (const [encoding, names, expected] of [
    ["gbk", ["中文目录/", "中文目录/测试文件.txt", "中文目录/你好世界.txt"], "gb18030"],
    ["shift_jis", ["日本語のフォルダ/", "日本語のフォルダ/ファイル名.txt"], "shift_jis"],
  ] as const) {
    it(`shows the ${encoding} names of a zip without the UTF-8 flag correctly, keeping their stored bytes`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "fbe-7z-names-"));
      try {
        const zip = legacyNameZip(join(dir, "legacy.zip"), encoding, names);
        const listing = await runSevenZipList(sevenZip(), zip, "", new AbortController().signal);
        expect(listing.nameEncoding).toBe(expected);
        expect(listing.entries.map((e) => e.path)).toEqual(names.map((n) => n.replace(/\/$/, "")));
        expect(listing.entries.map((e) => e.path).join("")).not.toContain("\uFFFD");
        expect(listing.entries.map((e) => Buffer.from(e.rawPath).toString("hex"))).toEqual(
          names.map((n) => iconv.encode(n.replace(/\/$/, ""), encoding).toString("hex")),
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it("leaves UTF-8 names as they are next to legacy ones", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fbe-7z-names-"));
    try {
      const zip = join(dir, "mixed.zip");
      writeFileSync(
        zip,
        storedZip([
          { name: "中文-utf8.txt", data: "a" },
          { name: new Uint8Array(iconv.encode("中文-gbk.txt", "gbk")), data: "b" },
        ]),
      );
      const listing = await runSevenZipList(sevenZip(), zip, "", new AbortController().signal);
      expect(listing.entries.map((e) => e.path)).toEqual(["中文-utf8.txt", "中文-gbk.txt"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
