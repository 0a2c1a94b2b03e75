/**
 * @module Archive fixtures made at test time with the real 7-Zip (and tar), plus zips with hostile or legacy-encoded
 * names written byte for byte by stored-zip.ts. Every builder writes into a folder the test owns.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import iconv from "iconv-lite";
import { findSevenZip } from "../../src/server/tools/sevenzip";
import { makeTree, type Tree } from "./tree";
import { storedZip } from "./stored-zip";

/** The 7-Zip engine; fails the test with a message naming it when missing (no silent skip). */
export function sevenZip(): string {
  const engine = findSevenZip();
  if (!engine) throw new Error("these tests need 7-Zip (7zz, 7z or 7za) on PATH; npm test installs the 7zip package");
  return engine;
}

/** Runs 7-Zip with `args` in `cwd`; throws with its output when it fails. */
function run7z(cwd: string, args: string[]): void {
  const r = Bun.spawnSync([sevenZip(), ...args], { cwd, stdout: "pipe", stderr: "pipe" });
  if (r.exitCode !== 0) throw new Error(`7-Zip ${args.join(" ")} failed: ${r.stderr.toString()}${r.stdout.toString()}`);
}

/** A single top folder `top/` with two files and a subfolder. */
export const SINGLE_TOP: Tree = { top: { "a.txt": "alpha", sub: { "b.txt": "beta" } } };
/** Several entries at the top: two files and a folder. */
export const SEVERAL: Tree = { "one.txt": "1", "two.txt": "2", dir: { "three.txt": "3" } };

/** What a 7-Zip archive fixture is made of. */
export interface SevenZipFixture {
  /** Archive file to create (absolute); its extension picks the format unless `type` is set. */
  dest: string;
  tree: Tree;
  password?: string;
  /** -mhe=on: names are encrypted too (7z only). */
  headerEncrypted?: boolean;
  /** -v: volume size such as "2k"; the files are `<dest>.001`, `<dest>.002`, ... */
  volumeSize?: string;
  /** -t: "7z", "zip", "tar". */
  type?: string;
  /** Extra switches, e.g. ["-m0=PPMd"]. */
  extra?: string[];
  /** Seconds since the epoch given to every file and folder of the tree before archiving (their Modified time). */
  mtimeS?: number;
}

/** Makes an archive of `f.tree` with 7-Zip (symlinks stored as links, -snl); returns `f.dest`. */
export function makeSevenZip(f: SevenZipFixture): string {
  const src = `${f.dest}.src`;
  makeTree(src, f.tree);
  if (f.mtimeS !== undefined) Bun.spawnSync(["find", src, "-exec", "touch", "-h", "-d", `@${f.mtimeS}`, "{}", "+"]);
  const args = ["a", "-bd", "-snl"];
  if (f.type) args.push(`-t${f.type}`);
  if (f.password) args.push(`-p${f.password}`);
  if (f.headerEncrypted) args.push("-mhe=on");
  if (f.volumeSize) args.push(`-v${f.volumeSize}`);
  args.push(...(f.extra ?? []), f.dest, ...Object.keys(f.tree));
  run7z(src, args);
  Bun.spawnSync(["rm", "-rf", src]);
  return f.dest;
}

/** Bytes of `n` pseudo-random printable characters (base64 lines), so compressors have real work. */
export function textBytes(n: number): Uint8Array {
  return new TextEncoder().encode(
    randomBytes(Math.ceil((n * 3) / 4))
      .toString("base64")
      .slice(0, n),
  );
}

/** A zip whose names are stored in `encoding` without the UTF-8 flag (what Windows zip tools in CJK locales write). */
export function legacyNameZip(dest: string, encoding: string, names: readonly string[]): string {
  writeFileSync(
    dest,
    storedZip(
      names.map((n) => ({
        name: new Uint8Array(iconv.encode(n, encoding)),
        data: n.endsWith("/") ? undefined : `content of ${n}`,
      })),
    ),
  );
  return dest;
}

/** A zip with one safe entry and the hostile `names` (e.g. "../evil.txt", "/abs/evil.txt"). */
export function slipZip(dest: string, names: readonly string[]): string {
  writeFileSync(
    dest,
    storedZip([{ name: "safe.txt", data: "safe" }, ...names.map((n) => ({ name: n, data: "evil" }))]),
  );
  return dest;
}

/**
 * An archive (`.tar` with tar, or `.zip` with 7-Zip) of `d/` holding a file, a link inside (`in -> f.txt`), a link
 * climbing out (`up -> ../../outside.txt`) and an absolute link (`abs -> /etc/hostname`).
 */
export function symlinkArchive(dest: string): string {
  const src = `${dest}.src`;
  mkdirSync(join(src, "d"), { recursive: true });
  writeFileSync(join(src, "d", "f.txt"), "inside");
  symlinkSync("f.txt", join(src, "d", "in"));
  symlinkSync("../../outside.txt", join(src, "d", "up"));
  symlinkSync("/etc/hostname", join(src, "d", "abs"));
  if (dest.endsWith(".tar")) {
    const r = Bun.spawnSync(["tar", "-C", src, "-cf", dest, "d"]);
    if (r.exitCode !== 0) throw new Error(`tar failed: ${r.stderr.toString()}`);
  } else {
    run7z(src, ["a", "-bd", "-snl", "-tzip", dest, "d"]);
  }
  Bun.spawnSync(["rm", "-rf", src]);
  return dest;
}

/** One ustar header block (POSIX.1-1988 ustar, IEEE 1003.1 section 10.1.1): a file ("0") or a hard link ("1"). */
function ustarHeader(name: string, type: "0" | "1", size: number, linkName = ""): Uint8Array {
  const h = new Uint8Array(512);
  const put = (at: number, text: string) => h.set(new TextEncoder().encode(text), at);
  const octal = (at: number, width: number, n: number) => put(at, n.toString(8).padStart(width - 1, "0"));
  put(0, name);
  octal(100, 8, 0o644);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, 0);
  put(148, "        ");
  put(156, type);
  put(157, linkName);
  put(257, "ustar\u000000");
  const sum = h.reduce((a, b) => a + b, 0);
  put(148, `${sum.toString(8).padStart(6, "0")}\u0000 `);
  return h;
}

/** A tar holding `d/f.txt` and hard links to it (`d/in`), to a `..` path (`d/up`) and to an absolute one (`d/abs`). */
export function hardLinkTar(dest: string): string {
  const data = new TextEncoder().encode("inside");
  const padded = new Uint8Array(512);
  padded.set(data);
  const blocks = [
    ustarHeader("d/f.txt", "0", data.length),
    padded,
    ustarHeader("d/in", "1", 0, "d/f.txt"),
    ustarHeader("d/up", "1", 0, "../../outside.txt"),
    ustarHeader("d/abs", "1", 0, "/etc/hostname"),
    new Uint8Array(1024),
  ];
  writeFileSync(dest, Buffer.concat(blocks));
  return dest;
}
