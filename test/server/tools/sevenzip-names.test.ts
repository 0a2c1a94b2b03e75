import { describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildExtractArgs, sevenZipListFile } from "../../../src/server/tools/sevenzip";
import { sevenZipName } from "../../../src/server/tools/sevenzip-names";
import { sevenZip } from "../../support/archives";
import { storedZip } from "../../support/stored-zip";

/** Bytes from a string whose characters are byte values ("\xd6" is the byte 0xD6). */
const bytes = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));
/** The escape 7-Zip uses for an undecodable byte. */
const esc = (...bs: number[]) => bs.map((b) => String.fromCharCode(0xef00 + b)).join("");

// [what, stored bytes, the name 7-Zip gives it]
const CASES: [string, string, string][] = [
  ["ASCII", "dir/a.txt", "dir/a.txt"],
  ["valid UTF-8", "\xe4\xb8\xad.txt", "中.txt"],
  ["GBK bytes", "\xd6\xd0\xce\xc4", esc(0xd6, 0xd0, 0xce, 0xc4)],
  ["a truncated sequence", "\xe4\xb8a", `${esc(0xe4, 0xb8)}a`],
  ["an overlong slash", "\xc0\xafx", `${esc(0xc0, 0xaf)}x`],
  ["an overlong 3-byte form", "\xe0\x80\xaf", esc(0xe0, 0x80, 0xaf)],
  ["a UTF-16 surrogate", "\xed\xa0\x80", esc(0xed, 0xa0, 0x80)],
  ["valid UTF-8 of an escape code point", "\xee\xbe\x80", esc(0xee, 0xbe, 0x80)],
  ["a 4-byte character", "\xf0\x9f\x98\x80\xff", `😀${esc(0xff)}`],
  ["a point past U+10FFFF", "\xf4\x90\x80\x80", esc(0xf4, 0x90, 0x80, 0x80)],
  ["a byte never in UTF-8", "\xf5\x80q", `${esc(0xf5, 0x80)}q`],
];

describe("the names 7-Zip gives stored names", () => {
  for (const [what, raw, name] of CASES) {
    it(`maps ${what} as 7-Zip does`, () => expect(sevenZipName(bytes(raw))).toBe(name));
  }

  it("writes a list file as UTF-16LE, one name a line", () => {
    const file = sevenZipListFile([bytes("a"), bytes("\xd6")]);
    expect(Buffer.from(file).toString("utf16le")).toBe(`a\n${esc(0xd6)}\n`);
  });
});

describe("7-Zip leaving out entries named in a list file", () => {
  /** The names extracted from a zip of `safe.txt` and `../<raw>` when the list names `listed`. */
  function extractedWith(dir: string, raw: Uint8Array, listed: Uint8Array): string[] {
    const zip = join(dir, "a.zip");
    const out = join(dir, "out");
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out);
    writeFileSync(
      zip,
      storedZip([
        { name: "safe.txt", data: "s" },
        { name: raw, data: "evil" },
      ]),
    );
    writeFileSync(join(dir, "x.lst"), sevenZipListFile([listed]));
    const args = buildExtractArgs({ archive: zip, outDir: out, password: "", excludeListFile: join(dir, "x.lst") });
    const r = Bun.spawnSync([sevenZip(), ...args]);
    expect(r.exitCode).toBe(0);
    return readdirSync(out);
  }

  it("leaves out exactly the entry listed, whatever bytes its name holds, and not one a byte away", () => {
    const dir = mkdtempSync(join(tmpdir(), "fbe-7z-list-"));
    try {
      for (const [what, raw] of CASES) {
        const stored = bytes(`../${raw}`);
        expect({ what, left: extractedWith(dir, stored, stored) }).toEqual({ what, left: ["safe.txt"] });
        expect({ what, left: extractedWith(dir, stored, bytes(`../${raw}_`)).length }).toEqual({ what, left: 2 });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
