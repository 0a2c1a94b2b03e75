import { describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import {
  buildMktorrentArgs,
  parseMktorrentProgress,
  runMktorrent,
  type MktorrentOptions,
} from "../../../src/server/tools/mktorrent";
import { isToolAvailable } from "../../../src/server/tools/available";
import { inspectTorrent } from "../../support/torrent";

const base: MktorrentOptions = {
  target: "/d/x",
  output: "/d/x.torrent",
  announce: "",
  isPrivate: false,
  pieceLength: 20,
  comment: "",
  source: "",
  name: "",
  threads: 2,
};

describe("buildMktorrentArgs", () => {
  it("passes every option as its own argument and ends options before the target", () => {
    expect(
      buildMktorrentArgs({
        ...base,
        announce: "http://t/a",
        isPrivate: true,
        pieceLength: 22,
        comment: "c; rm -rf /",
        source: "SRC",
        name: "N",
        threads: 4,
      }),
    ).toEqual([
      "-a",
      "http://t/a",
      "-p",
      "-l",
      "22",
      "-c",
      "c; rm -rf /",
      "-s",
      "SRC",
      "-n",
      "N",
      "-o",
      "/d/x.torrent",
      "-t",
      "4",
      "--",
      "/d/x",
    ]);
  });

  it("leaves out empty announce, comment, source and name and the private flag when off", () => {
    expect(buildMktorrentArgs(base)).toEqual(["-l", "20", "-o", "/d/x.torrent", "-t", "2", "--", "/d/x"]);
  });

  it("keeps a target that looks like an option after the end of options", () => {
    expect(buildMktorrentArgs({ ...base, target: "-p" }).slice(-2)).toEqual(["--", "-p"]);
  });
});

describe("parseMktorrentProgress", () => {
  const cases: [string, { done: number; total: number } | null][] = [
    ["Hashed 4 of 80 pieces.", { done: 4, total: 80 }],
    ["Hashed 80 of 80 pieces.", { done: 80, total: 80 }],
    ["Writing metainfo file... done.", null],
    ["mktorrent 1.1 (c) 2007, 2009 Emil Renner Berthing", null],
    ["Hashed 0 of 0 pieces.", null],
  ];
  for (const [line, want] of cases)
    it(`reads ${JSON.stringify(line)}`, () => expect(parseMktorrentProgress(line)).toEqual(want));
});

describe("runMktorrent", () => {
  it("needs mktorrent installed", () =>
    expect(isToolAvailable("mktorrent") ? "mktorrent" : "mktorrent is missing").toBe("mktorrent"));

  it("makes a torrent of a folder whose info hash and pieces verify, reporting progress up to 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fbe-mkt-"));
    try {
      mkdirSync(join(dir, "data", "sub"), { recursive: true });
      writeFileSync(join(dir, "data", "a.bin"), randomBytes(700_000));
      writeFileSync(join(dir, "data", "sub", "b.bin"), randomBytes(123_457));
      const seen: number[] = [];
      await runMktorrent(
        {
          ...base,
          target: join(dir, "data"),
          output: join(dir, "out.torrent"),
          pieceLength: 18,
          isPrivate: true,
          announce: "http://t/a",
          comment: "hello",
          source: "S",
        },
        new AbortController().signal,
        (f) => seen.push(f),
      );
      const t = inspectTorrent(join(dir, "out.torrent"), join(dir, "data"));
      expect(t).toMatchObject({
        name: "data",
        announce: "http://t/a",
        private: true,
        pieceLength: 262144,
        comment: "hello",
        source: "S",
        badPieces: [],
      });
      expect(t.files.map((f) => [f.path, f.length]).sort()).toEqual([
        ["a.bin", 700_000],
        ["sub/b.bin", 123_457],
      ]);
      expect(t.pieceCount).toBe(Math.ceil(823_457 / 262144));
      expect(t.infoHash).toBe(t.infoHashReencoded);
      expect(seen.at(-1)).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
