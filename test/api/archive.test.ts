import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { serverPerFile } from "../support/server-per-file";
import {
  chmodSync,
  lstatSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { uncompressSync } from "snappy";
import { login, startServer } from "../support/server";
import { makeTree } from "../support/tree";
import { missingTools } from "../../src/server/tools/available";

const ctx = serverPerFile();
let work: string;
const LONG = `${"a-rather-long-folder-name-".repeat(3)}x/${"and-a-long-file-name-".repeat(4)}.txt`;
const WHEN = new Date(Date.UTC(2021, 2, 4, 5, 6, 8));

beforeAll(async () => {
  const missing = missingTools(["unzip", "tar", "bzip2", "xz", "lz4", "pgrep"]);
  if (missing.length) throw new Error(`archive tests need these tools on PATH: ${missing.join(", ")}`);
  work = mkdtempSync(join(tmpdir(), "fbe-archive-test-"));
  writeFileSync(join(work, "outside-secret.txt"), "never in an archive");
  makeTree(join(ctx.server.root, "sel"), {
    docs: {
      "a.txt": "alpha\n",
      "empty.txt": "",
      "ünïcode näme.txt": "utf-8 name",
      ".hidden": "hidden files were selected too",
      "run.sh": "#!/bin/sh\necho hi\n",
      "private.txt": "mode 600",
      "random.bin": randomBytes(1_500_000),
      emptydir: {},
      [LONG.split("/")[0]]: { [LONG.split("/")[1]]: "long path" },
    },
    other: { "b,with comma.txt": "bee", nested: { "c.txt": "sea" } },
    "top.txt": "top",
  });
  const docs = join(ctx.server.root, "sel", "docs");
  chmodSync(join(docs, "run.sh"), 0o755);
  chmodSync(join(docs, "private.txt"), 0o600);
  symlinkSync(join(work, "outside-secret.txt"), join(docs, "link-out.txt"));
  symlinkSync(work, join(docs, "link-out-dir"));
  symlinkSync("a.txt", join(docs, "link-in.txt"));
  for (const rel of walk(join(ctx.server.root, "sel")))
    if (!lstatSync(join(ctx.server.root, "sel", rel)).isSymbolicLink())
      utimesSync(join(ctx.server.root, "sel", rel), WHEN, WHEN);
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
});

/** Every path below `dir`, relative, "/"-separated, folders included. */
function walk(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    return e.isDirectory() ? [rel, ...walk(join(dir, e.name), rel)] : [rel];
  });
}

const raw = (pathAndQuery: string, init: RequestInit = {}) =>
  fetch(`${ctx.server.url}/api/raw${pathAndQuery}`, {
    ...init,
    headers: { "X-Auth": ctx.admin, ...(init.headers ?? {}) },
  });

function run(cmd: string[], input?: Uint8Array): Buffer {
  const p = Bun.spawnSync(cmd, { stdin: input ?? "ignore", stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`${cmd.join(" ")} failed: ${p.stderr.toString()}`);
  return p.stdout;
}

/** CRC-32C (Castagnoli), masked as the snappy framing format stores it. */
function maskedCrc32c(data: Uint8Array): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0x82f63b78 : crc >>> 1;
  }
  crc = ~crc >>> 0;
  return ((((crc >>> 15) | (crc << 17)) >>> 0) + 0xa282ead8) >>> 0;
}

/** Decodes the snappy framing format (google/snappy framing_format.txt) chunk by chunk, checking every CRC. */
function unframeSnappy(buf: Buffer): Buffer {
  const out: Buffer[] = [];
  let i = 0;
  expect(buf.subarray(0, 10).toString("latin1")).toBe("\xff\x06\x00\x00sNaPpY");
  while (i < buf.length) {
    const type = buf[i];
    const len = buf.readUIntLE(i + 1, 3);
    const body = buf.subarray(i + 4, i + 4 + len);
    i += 4 + len;
    if (type === 0x00 || type === 0x01) {
      const data = type === 0x00 ? (uncompressSync(body.subarray(4)) as Buffer) : body.subarray(4);
      expect(maskedCrc32c(data)).toBe(body.readUInt32LE(0));
      out.push(data);
    } else if (type >= 0x02 && type <= 0x7f) throw new Error(`reserved unskippable chunk ${type}`);
  }
  return Buffer.concat(out);
}

/** Extracts `archive` (format `algo`) with the standard tool into a new folder and returns it. */
function extract(algo: string, archive: Buffer): string {
  const dir = mkdtempSync(join(work, `x-${algo}-`));
  const file = join(dir, "..", `${dir.split("/").pop()}.${algo}`);
  writeFileSync(file, archive);
  if (algo === "zip") run(["unzip", "-q", file, "-d", dir]);
  else if (algo === "tar") run(["tar", "xf", file, "-C", dir]);
  else if (algo === "tar.gz") run(["tar", "xzf", file, "-C", dir]);
  else if (algo === "tar.bz2") run(["tar", "xjf", file, "-C", dir]);
  else if (algo === "tar.xz") run(["tar", "xJf", file, "-C", dir]);
  else if (algo === "tar.lz4") run(["tar", "xf", "-", "-C", dir], run(["lz4", "-dc", file]));
  else if (algo === "tar.sz") run(["tar", "xf", "-", "-C", dir], unframeSnappy(archive));
  return dir;
}

const sha = (p: string) => createHash("sha256").update(readFileSync(p)).digest("hex");

/** The selected folder `docs` as it must come out: in-scope links followed, links leading out left out. */
const DOCS_ENTRIES = [
  "docs",
  "docs/.hidden",
  "docs/a.txt",
  "docs/empty.txt",
  "docs/emptydir",
  "docs/link-in.txt",
  "docs/private.txt",
  "docs/random.bin",
  "docs/run.sh",
  "docs/ünïcode näme.txt",
  `docs/${LONG.split("/")[0]}`,
  `docs/${LONG}`,
].sort();

/** Compares the extracted files with their sources: content, permission bits and modification time. */
function expectSameFiles(extracted: string, sourceOf: (rel: string) => string, files: string[]) {
  for (const rel of files) {
    const got = lstatSync(join(extracted, rel));
    const want = lstatSync(sourceOf(rel).replace(/link-in\.txt$/, "a.txt"));
    expect([rel, got.isFile()]).toEqual([rel, true]);
    expect([rel, sha(join(extracted, rel))]).toEqual([rel, sha(sourceOf(rel))]);
    expect([rel, got.mode & 0o777]).toEqual([rel, want.mode & 0o777]);
    expect([rel, Math.round(got.mtimeMs / 1000)]).toEqual([rel, WHEN.getTime() / 1000]);
  }
}

describe("archive downloads of a folder (?algo=)", () => {
  for (const algo of ["zip", "tar", "tar.gz", "tar.bz2", "tar.xz", "tar.lz4", "tar.sz"]) {
    it(`streams ${algo} that its standard tool extracts to exactly the selected files, with modes and mtimes`, async () => {
      const res = await raw(`/sel/docs/?algo=${algo}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="docs.${algo}"; filename*=UTF-8''docs.${algo}`,
      );
      const dir = extract(algo, Buffer.from(await res.arrayBuffer()));
      expect(walk(dir).sort()).toEqual(DOCS_ENTRIES);
      const files = DOCS_ENTRIES.filter((rel) => lstatSync(join(dir, rel)).isFile());
      expectSameFiles(dir, (rel) => join(ctx.server.root, "sel", rel), files);
      expect(readFileSync(join(dir, "docs", "link-in.txt"), "utf8")).toBe("alpha\n");
    });
  }

  it("never includes a file reached through a symlink leading out of the scope", async () => {
    for (const algo of ["zip", "tar"]) {
      const body = Buffer.from(await (await raw(`/sel/?algo=${algo}`)).arrayBuffer());
      expect(body.includes("never in an archive")).toBe(false);
      expect(body.includes("link-out")).toBe(false);
      expect(body.includes("outside-secret")).toBe(false);
    }
  });

  it("answers 400 for an unknown format and 404 for a missing folder", async () => {
    const bad = await raw("/sel/docs/?algo=rar");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toStartWith("400 Bad Request (algo must be one of zip, tar, tar.gz");
    expect((await raw("/sel/nope/?algo=zip")).status).toBe(404);
  });
});

describe("archive download headers and missing tools", () => {
  it("answers HEAD with the attachment name and type, without a body", async () => {
    const res = await raw("/sel/docs/?algo=tar.xz", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-xz");
    expect(res.headers.get("content-disposition")).toStartWith('attachment; filename="docs.tar.xz"');
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers 503 naming the tool when a compressor is not installed, and still serves in-process formats", async () => {
    const bare = await startServer({ env: { PATH: "/fbe-no-such-dir" } });
    try {
      makeTree(join(bare.root, "d"), { "a.txt": "a" });
      const t = await login(bare);
      for (const [algo, tool] of [
        ["tar.xz", "xz"],
        ["tar.bz2", "bzip2"],
        ["tar.lz4", "lz4"],
      ]) {
        const res = await fetch(`${bare.url}/api/raw/d/?algo=${algo}`, { headers: { "X-Auth": t } });
        expect(res.status).toBe(503);
        expect(await res.text()).toBe(
          `503 Service Unavailable (${algo} needs ${tool}, which is not installed on the server)`,
        );
      }
      const gz = await fetch(`${bare.url}/api/raw/d/?algo=tar.gz`, { headers: { "X-Auth": t } });
      expect(gz.status).toBe(200);
      expect(walk(extract("tar.gz", Buffer.from(await gz.arrayBuffer())))).toEqual(["d", "d/a.txt"]);
    } finally {
      await bare.stop();
    }
  });
});

describe("archive downloads of several files (?files=)", () => {
  const files = (paths: string[]) =>
    encodeURIComponent(paths.map((p) => p.split("/").map(encodeURIComponent).join("/")).join(","));

  it("holds each selected file and folder under its path relative to their common folder", async () => {
    const selection = files(["/sel/top.txt", "/sel/other", "/sel/docs/a.txt"]);
    for (const algo of ["zip", "tar.gz"]) {
      const res = await raw(`/?files=${selection}&algo=${algo}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toStartWith(`attachment; filename="download.${algo}"`);
      const dir = extract(algo, Buffer.from(await res.arrayBuffer()));
      expect(walk(dir).sort()).toEqual([
        "docs",
        "docs/a.txt",
        "other",
        "other/b,with comma.txt",
        "other/nested",
        "other/nested/c.txt",
        "top.txt",
      ]);
      expectSameFiles(dir, (rel) => join(ctx.server.root, "sel", rel), [
        "docs/a.txt",
        "other/b,with comma.txt",
        "other/nested/c.txt",
        "top.txt",
      ]);
    }
  });

  it("downloads a single plain file directly when no algo is given", async () => {
    const res = await raw(`/?files=${files(["/sel/other/b,with comma.txt"])}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("bee");
  });

  it("answers 403 for a selected path outside the scope and 404 for a missing one", async () => {
    expect((await raw(`/?files=${files(["/sel/top.txt", "/../etc/passwd"])}&algo=zip`)).status).toBe(403);
    expect((await raw(`/?files=${files(["/sel/docs/link-out.txt"])}&algo=zip`)).status).toBe(403);
    expect((await raw(`/?files=${files(["/sel/top.txt", "/sel/missing.txt"])}&algo=zip`)).status).toBe(404);
  });
});

describe("aborted and large archive downloads", () => {
  const children = () => {
    const p = Bun.spawnSync(["pgrep", "-P", String(ctx.server.process.pid)], { stdout: "pipe" });
    return p.stdout.toString().trim().split("\n").filter(Boolean);
  };
  const rssKb = () =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${ctx.server.process.pid}/status`, "utf8"))?.[1] ?? 0);
  const fds = () => readdirSync(`/proc/${ctx.server.process.pid}/fd`).length;

  it("kills the compressor process and closes files when the client aborts, and keeps serving", async () => {
    const block = randomBytes(8 * 1024 * 1024);
    makeTree(
      join(ctx.server.root, "stream"),
      Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`part-${i}.bin`, block])),
    );
    await (await raw("/sel/top.txt")).arrayBuffer();
    const before = fds();
    for (const algo of ["tar.xz", "tar.bz2", "tar.lz4", "tar.gz", "zip"]) {
      const ctrl = new AbortController();
      const res = await raw(`/stream/?algo=${algo}`, { signal: ctrl.signal });
      const reader = res.body!.getReader();
      await reader.read();
      if (algo === "tar.xz" || algo === "tar.bz2" || algo === "tar.lz4") expect(children().length).toBe(1);
      ctrl.abort();
      await reader.cancel().catch(() => {});
      const deadline = Date.now() + 3000;
      while (children().length > 0 && Date.now() < deadline) await Bun.sleep(50);
      expect([algo, children()]).toEqual([algo, []]);
    }
    await Bun.sleep(200);
    expect(fds()).toBeLessThanOrEqual(before + 2);
    expect((await raw("/sel/top.txt")).status).toBe(200);
    expect(await (await raw("/sel/top.txt")).text()).toBe("top");
  }, 30_000);

  it("streams a 1 GiB folder as tar and zip with the server's memory growing less than 100 MB", async () => {
    const big = join(ctx.server.root, "big");
    makeTree(big, {});
    for (let i = 0; i < 8; i++) {
      writeFileSync(join(big, `sparse-${i}.bin`), "");
      truncateSync(join(big, `sparse-${i}.bin`), 128 * 1024 * 1024);
    }
    for (const algo of ["tar", "zip"]) {
      const baseline = rssKb();
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, rssKb())), 25);
      const res = await raw(`/big/?algo=${algo}`);
      let bytes = 0;
      for await (const chunk of res.body!) bytes += chunk.byteLength;
      clearInterval(sampler);
      peak = Math.max(peak, rssKb());
      expect(bytes).toBeGreaterThan(1024 * 1024 * 1024);
      expect([algo, (peak - baseline) / 1024]).toEqual([algo, expect.any(Number)]);
      expect((peak - baseline) / 1024).toBeLessThan(100);
    }
  }, 60_000);
});
