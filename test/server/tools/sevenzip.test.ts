import { describe, expect, it } from "bun:test";
import {
  buildExtractArgs, buildListArgs, buildTestArgs, isWrongPasswordError, parseDangerousLink, parseProgressLine, parseSltListing,
  passwordInput,
} from "../../../src/server/tools/sevenzip";
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
`.split("\n").filter((l) => l.trim());

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
    expect(l.entries).toEqual([
      { path: "top", isDir: true, size: 0, packedSize: 0, modified: "2026-11-23 15:14:36.6517827", encrypted: false, isSymlink: false, linkTarget: null, hardLinkTarget: null },
      { path: "top/a.txt", isDir: false, size: 6, packedSize: 32, modified: "2026-11-23 15:14:36.6510534", encrypted: true, isSymlink: false, linkTarget: null, hardLinkTarget: null },
      { path: "top/link", isDir: false, size: 5, packedSize: 0, modified: "2026-11-23 15:14:36.6510534", encrypted: true, isSymlink: true, linkTarget: null, hardLinkTarget: null },
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

  it("gives an empty listing for output without entries", () => {
    expect(parseSltListing(["Listing archive: x.7z", "Errors: 1"])).toEqual({ type: "", volumes: 1, entries: [] });
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
    expect(parseDangerousLink("ERROR: Dangerous link path was ignored : d/out : ../../../etc/passwd")).toEqual({ path: "d/out", target: "../../../etc/passwd" });
    expect(parseDangerousLink("ERROR: Data Error in encrypted file. Wrong password? : top/a.txt")).toBeNull();
  });

  it("tells a wrong or missing password from other failures", () => {
    expect(isWrongPasswordError(new ToolFailed("7zz", 2, "ERROR: Data Error in encrypted file. Wrong password? : a"))).toBe(true);
    expect(isWrongPasswordError(new ToolFailed("7zz", 2, "ERROR: hdr.7z : Cannot open encrypted archive. Wrong password?"))).toBe(true);
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

  it("tests only the named entries, matched without wildcards", () => {
    expect(buildTestArgs("/a/x.7z", "pw", ["dir/*.txt"])).toEqual(["t", "-bso0", "-bsp0", "-spd", "-sccUTF-8", "--", "/a/x.7z", "dir/*.txt"]);
  });

  it("extracts with progress on stdout only, into the folder, leaving out the refused entries", () => {
    expect(buildExtractArgs({ archive: "/a/-x.zip", outDir: "/a/.tmp", password: "", excludeListFile: "/t/refused.lst" })).toEqual([
      "x", "-y", "-aoa", "-bso0", "-bsp1", "-bb0", "-spd", "-sccUTF-8", "-p", "-o/a/.tmp", "-scsUTF-8", "-x@/t/refused.lst", "--", "/a/-x.zip",
    ]);
    expect(buildExtractArgs({ archive: "/a/x.7z", outDir: "/o", password: "p w" })).toEqual([
      "x", "-y", "-aoa", "-bso0", "-bsp1", "-bb0", "-spd", "-sccUTF-8", "-o/o", "--", "/a/x.7z",
    ]);
  });
});
