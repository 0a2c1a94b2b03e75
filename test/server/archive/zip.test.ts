import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import {
  chmodSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import type { ArchiveEntry } from "../../../src/server/archive/collect";
import { zipStream } from "../../../src/server/archive/zip";
import { tarStream } from "../../../src/server/archive/tar";
import { runTool as run, zipOf } from "../../support/zip-writer";
import { dosDateTime } from "../../../src/server/archive/zip-records";
import { missingTools } from "../../../src/server/tools/available";
import { findSevenZip } from "../../../src/server/tools/sevenzip";
import { makeTree } from "../../support/tree";

let work: string;
let sevenZip: string;
const WHEN = new Date(Date.UTC(2021, 2, 4, 5, 6, 8));

beforeAll(() => {
  const missing = missingTools(["unzip"]);
  const found = findSevenZip();
  if (missing.length || !found) throw new Error(`zip writer tests need unzip and 7zz (or 7z) on PATH`);
  sevenZip = found;
  work = mkdtempSync(join(tmpdir(), "fbe-zip-writer-"));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Relative paths of every file and folder below `dir`, sorted. */
function tree(dir: string, rel = ""): string[] {
  return readdirSync(join(dir, rel), { withFileTypes: true })
    .flatMap((d) => {
      const r = rel ? `${rel}/${d.name}` : d.name;
      return d.isDirectory() ? [`${r}/`, ...tree(dir, r)] : [r];
    })
    .sort();
}

describe("stored zip writer", () => {
  it("writes DOS times in local time, in 2-second steps, clamped to 1980", () => {
    const t = new Date(2024, 6, 15, 13, 45, 31).getTime();
    const dos = dosDateTime(t);
    const date = dos >>> 16;
    const time = dos & 0xffff;
    expect([(date >> 9) + 1980, (date >> 5) & 15, date & 31]).toEqual([2024, 7, 15]);
    expect([time >> 11, (time >> 5) & 63, (time & 31) * 2]).toEqual([13, 45, 30]);
    expect(dosDateTime(new Date(1970, 0, 1).getTime())).toBe(dosDateTime(new Date(1980, 0, 1).getTime()));
  });

  it("streams an archive that unzip and 7-Zip test clean and extract with the same bytes, UTF-8 names, modes and mtimes", async () => {
    const scope = join(work, "small");
    makeTree(join(scope, "sel"), {
      "ünïcode näme.txt": "utf-8 name",
      "日本語": { "ファイル.txt": "kanji folder" },
      "empty.txt": "",
      "run.sh": "#!/bin/sh\necho hi\n",
      "private.txt": "mode 600",
      "multi-chunk.bin": randomBytes(1536 * 1024 + 7),
      nested: { deeper: { "x.txt": "deep" } },
      "empty-dir": {},
    });
    chmodSync(join(scope, "sel/run.sh"), 0o755);
    chmodSync(join(scope, "sel/private.txt"), 0o600);
    const files = tree(join(scope, "sel")).filter((r) => !r.endsWith("/"));
    for (const f of files) utimesSync(join(scope, "sel", f), WHEN, WHEN);
    const file = join(work, "small.zip");
    await Bun.write(file, new Response(zipOf(scope, ["/sel"])));

    run(["unzip", "-tq", file]);
    expect(run([sevenZip, "t", file])).toContain("Everything is Ok");
    const byUnzip = join(work, "by-unzip");
    const by7z = join(work, "by-7z");
    run(["unzip", "-q", file, "-d", byUnzip]);
    run([sevenZip, "x", "-y", `-o${by7z}`, file]);
    const want = tree(join(scope, "sel")).map((r) => `sel/${r}`);
    expect(tree(byUnzip)).toEqual(["sel/", ...want]);
    expect(tree(by7z)).toEqual(["sel/", ...want]);
    for (const f of files) {
      const src = statSync(join(scope, "sel", f));
      const got = statSync(join(byUnzip, "sel", f));
      expect([f, got.mode & 0o7777, got.mtimeMs]).toEqual([f, src.mode & 0o7777, WHEN.getTime()]);
      expect(readFileSync(join(byUnzip, "sel", f)).equals(readFileSync(join(scope, "sel", f)))).toBe(true);
      expect(readFileSync(join(by7z, "sel", f)).equals(readFileSync(join(scope, "sel", f)))).toBe(true);
    }
  });

  it("writes ZIP64 end records past 65,535 entries", async () => {
    const count = 70_000;
    const real = join(work, "one.txt");
    writeFileSync(real, "the only file");
    async function* entries(): AsyncGenerator<ArchiveEntry> {
      for (let i = 0; i < count; i++)
        yield { name: `d/${i}`, abs: work, isDir: true, size: 0, mode: 0o755, mtimeMs: WHEN.getTime() };
      yield { name: "d/one.txt", abs: real, isDir: false, size: 13, mode: 0o644, mtimeMs: WHEN.getTime() };
    }
    const file = join(work, "many.zip");
    await Bun.write(file, new Response(zipStream(entries(), new AbortController().signal)));
    const bytes = readFileSync(file);
    const end = new DataView(bytes.buffer, bytes.byteOffset + bytes.length - 22 - 20 - 56);
    expect(end.getUint32(0, true)).toBe(0x06064b50); // ZIP64 end of central directory record
    expect(Number(end.getBigUint64(32, true))).toBe(count + 1);
    expect(end.getUint32(56, true)).toBe(0x07064b50); // its locator
    expect(end.getUint16(76 + 10, true)).toBe(0xffff); // the classic record says "see ZIP64"
    run(["unzip", "-tq", file]);
    expect(run(["unzip", "-p", file, "d/one.txt"])).toBe("the only file");
    const tested = run([sevenZip, "t", file]);
    expect(tested).toContain("Everything is Ok");
    expect(tested).toMatch(/Folders: 70000\b/);
  }, 60_000);

  it("archives a file replaced by a folder or a FIFO after the walk as empty, and the zip and the tar stay whole", async () => {
    const dir = join(work, "replaced");
    makeTree(dir, { "a.txt": "first", "now-a-folder": { "inner.txt": "x" }, "z.txt": "last" });
    const fifo = join(dir, "now-a-fifo");
    run(["mkfifo", fifo]);
    const at = WHEN.getTime();
    // As the walk saw them: three files, two of which were replaced before their turn to be read.
    const entries = async function* (): AsyncGenerator<ArchiveEntry> {
      yield { name: "a.txt", abs: join(dir, "a.txt"), isDir: false, size: 5, mode: 0o644, mtimeMs: at };
      yield { name: "now-a-folder", abs: join(dir, "now-a-folder"), isDir: false, size: 7, mode: 0o644, mtimeMs: at };
      yield { name: "now-a-fifo", abs: fifo, isDir: false, size: 3, mode: 0o644, mtimeMs: at };
      yield { name: "z.txt", abs: join(dir, "z.txt"), isDir: false, size: 4, mode: 0o644, mtimeMs: at };
    };
    const zip = join(work, "replaced.zip");
    await Bun.write(zip, new Response(zipStream(entries(), new AbortController().signal)));
    run(["unzip", "-tq", zip]);
    expect(run(["unzip", "-Z1", zip]).trim().split("\n")).toEqual(["a.txt", "now-a-folder", "now-a-fifo", "z.txt"]);
    expect(["a.txt", "now-a-folder", "now-a-fifo", "z.txt"].map((n) => run(["unzip", "-p", zip, n]))).toEqual([
      "first",
      "",
      "",
      "last",
    ]);
    // A tar header promised the walked size before the read: the content keeps the promise with zeros.
    const tar = join(work, "replaced.tar");
    await Bun.write(tar, new Response(tarStream(entries(), new AbortController().signal)));
    expect(run(["tar", "-tf", tar]).trim().split("\n")).toEqual(["a.txt", "now-a-folder", "now-a-fifo", "z.txt"]);
    expect(run(["tar", "-xOf", tar, "z.txt"])).toBe("last");
    expect(run(["tar", "-xOf", tar, "now-a-fifo"])).toBe("\0\0\0");
  });

  it("closes the file being read as soon as the signal aborts, while nobody reads the stream", async () => {
    const scope = join(work, "abort");
    makeTree(join(scope, "sel"), { "a.bin": randomBytes(4 * 1024 * 1024) });
    const fds = () => readdirSync("/proc/self/fd").length;
    const before = fds();
    const ctrl = new AbortController();
    const reader = zipOf(scope, ["/sel"], ctrl.signal).getReader();
    await reader.read();
    await Bun.sleep(50);
    expect(fds()).toBe(before + 1);
    ctrl.abort();
    // The close itself completes off the main thread: a moment later, on a busy machine a longer one.
    for (let i = 0; i < 100 && fds() > before; i++) await Bun.sleep(10);
    expect(fds()).toBe(before);
    // What was read ahead may still come out, then the stream errors: it never ends as if complete.
    const drain = async () => {
      for (;;) if ((await reader.read()).done) return "ended";
    };
    expect(await drain().catch(() => "errored")).toBe("errored");
  });

  it("closes the file a tar is reading as soon as the stream is cancelled, though the signal never aborts", async () => {
    const dir = join(work, "tar-cancel");
    makeTree(dir, { "a.bin": randomBytes(8 * 1024 * 1024) });
    const abs = join(dir, "a.bin");
    const at = WHEN.getTime();
    const entries = async function* (): AsyncGenerator<ArchiveEntry> {
      yield { name: "a.bin", abs, isDir: false, size: 8 * 1024 * 1024, mode: 0o644, mtimeMs: at };
    };
    const open = () =>
      readdirSync("/proc/self/fd").filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === abs;
        } catch {
          return false;
        }
      }).length;
    const reader = tarStream(entries(), new AbortController().signal).getReader();
    await reader.read();
    for (let i = 0; i < 100 && open() === 0; i++) await Bun.sleep(10);
    expect(open()).toBe(1);
    // A client that went away: the response body is cancelled, while the request's signal may never abort.
    await reader.cancel();
    for (let i = 0; i < 100 && open() > 0; i++) await Bun.sleep(10);
    expect(open()).toBe(0);
  });
});
