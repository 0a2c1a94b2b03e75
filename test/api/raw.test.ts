import { beforeAll, describe, expect, it } from "bun:test";
import { serverPerFile } from "../support/server-per-file";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { login, startServer } from "../support/server";
import { makeTree } from "../support/tree";

const ctx = serverPerFile();
const SAMPLE = join(import.meta.dir, "..", "..", "scripts", "sample-files");
const BODY = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

beforeAll(async () => {
  makeTree(ctx.server.root, {
    "data.bin": BODY,
    "page.html": "<script>alert(1)</script>",
    "draw.svg": '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    "résumé 2024.txt": "accents",
    "rotated.jpg": readFileSync(join(SAMPLE, "photos", "rotated.jpg")),
    "guide.pdf": readFileSync(join(SAMPLE, "docs", "guide.pdf")),
    folder: { "x.txt": "x" },
  });
});

const raw = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${ctx.server.url}/api/raw${path}`, { headers: { "X-Auth": ctx.admin, ...headers } });

describe("GET /api/raw", () => {
  it("streams the whole file with length, type, validators and an attachment disposition", async () => {
    const res = await raw("/data.bin");
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(BODY)).toBe(true);
    expect(res.headers.get("content-length")).toBe("1000");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("etag")).toMatch(/^W\/"[0-9a-f]+-3e8"$/);
    expect(res.headers.get("last-modified")).toBeTruthy();
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="data.bin"; filename*=UTF-8''data.bin`);
  });

  it("answers 206 with Content-Range for a byte range, a suffix range and an open range", async () => {
    const mid = await raw("/data.bin", { Range: "bytes=10-19" });
    expect(mid.status).toBe(206);
    expect(mid.headers.get("content-range")).toBe("bytes 10-19/1000");
    expect(Buffer.from(await mid.arrayBuffer()).equals(BODY.subarray(10, 20))).toBe(true);
    const suffix = await raw("/data.bin", { Range: "bytes=-5" });
    expect(suffix.headers.get("content-range")).toBe("bytes 995-999/1000");
    expect(Buffer.from(await suffix.arrayBuffer()).equals(BODY.subarray(995))).toBe(true);
    const open = await raw("/data.bin", { Range: "bytes=990-" });
    expect((await open.arrayBuffer()).byteLength).toBe(10);
  });

  it("answers 416 with the size for a range past the end", async () => {
    const res = await raw("/data.bin", { Range: "bytes=5000-6000" });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe("bytes */1000");
  });

  it("answers 304 to If-None-Match and If-Modified-Since, and ignores a stale If-Range", async () => {
    const first = await raw("/data.bin");
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect((await raw("/data.bin", { "If-None-Match": etag })).status).toBe(304);
    expect((await raw("/data.bin", { "If-Modified-Since": lastModified })).status).toBe(304);
    expect((await raw("/data.bin", { "If-None-Match": 'W/"other"' })).status).toBe(200);
    const stale = await raw("/data.bin", { Range: "bytes=0-9", "If-Range": 'W/"stale-1"' });
    expect(stale.status).toBe(200);
    const fresh = await raw("/data.bin", { Range: "bytes=0-9", "If-Range": etag });
    expect(fresh.status).toBe(206);
  });

  it("serves inline=true inline and names a UTF-8 file with RFC 8187 encoding", async () => {
    const res = await raw(`/${encodeURIComponent("résumé 2024.txt")}?inline=true`);
    expect(res.headers.get("content-disposition")).toBe(
      `inline; filename="r_sum_ 2024.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%202024.txt`,
    );
    expect(res.headers.get("content-type")).toStartWith("text/plain");
  });

  it("sandboxes HTML and SVG files so they can never run script in the app's origin", async () => {
    for (const name of ["page.html", "draw.svg"]) {
      const res = await raw(`/${name}?inline=true`);
      expect(res.headers.get("content-security-policy")).toStartWith("sandbox;");
      expect(res.headers.get("content-security-policy")).toContain("script-src 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    const pdf = await raw("/guide.pdf?inline=true");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-security-policy")).toContain("script-src 'none'");
  });

  it("answers a thumbnail resized to w with the EXIF orientation applied, cached on disk", async () => {
    const sharp = require("sharp");
    const original = await sharp(join(ctx.server.root, "rotated.jpg")).metadata();
    expect([original.width, original.height, original.orientation]).toEqual([640, 360, 6]);
    const res = await raw("/rotated.jpg?thumb=true&w=128");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    // Orientation 6 rotates the 640x360 picture to portrait: 128 wide, 228 tall.
    expect([meta.width, meta.height]).toEqual([128, 228]);
    const again = await raw("/rotated.jpg?thumb=true&w=128");
    expect(again.headers.get("etag")).toBe(res.headers.get("etag"));
  });

  it("refuses a bad thumbnail width and a folder without an archive format", async () => {
    expect((await raw("/rotated.jpg?thumb=true&w=0")).status).toBe(400);
    expect((await raw("/folder/")).status).toBe(400);
  });

  it("needs a token, which media URLs may carry as the auth query parameter", async () => {
    expect((await fetch(`${ctx.server.url}/api/raw/data.bin`)).status).toBe(401);
    expect((await fetch(`${ctx.server.url}/api/raw/data.bin?auth=${ctx.admin}`)).status).toBe(200);
  });
});

describe("thumbnails without sharp", () => {
  it("log one clear line and serve the original image when the binary cannot load sharp", async () => {
    const { existsSync } = await import("node:fs");
    const bin = join(import.meta.dir, "..", "..", "dist", "fbe");
    // The libvips workaround only exists in the compiled binary, so this test needs it (npm test builds it).
    expect(existsSync(bin)).toBe(true);
    const broken = await startServer({ binary: true, env: { XDG_CACHE_HOME: "/proc/fbe-not-writable" } });
    try {
      makeTree(broken.root, { "rotated.jpg": readFileSync(join(SAMPLE, "photos", "rotated.jpg")) });
      const t = await login(broken);
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${broken.url}/api/raw/rotated.jpg?thumb=true&w=64&auth=${t}`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("image/jpeg");
        expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(SAMPLE, "photos", "rotated.jpg")))).toBe(
          true,
        );
      }
      const lines = broken
        .output()
        .split("\n")
        .filter((l) => l.includes("sharp could not load"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("image thumbnails disabled, originals are served instead");
    } finally {
      await broken.stop();
    }
  });
});

describe("downloads that stop early", () => {
  it("never crash the server or leak file handles when clients disconnect mid-transfer", async () => {
    const { readdirSync, truncateSync, writeFileSync } = await import("node:fs");
    const big = join(ctx.server.root, "big.bin");
    writeFileSync(big, "");
    truncateSync(big, 64 * 1024 * 1024);
    const fds = () => readdirSync(`/proc/${ctx.server.process.pid}/fd`).length;
    // Warm up once so lazily opened descriptors (sockets, caches) are counted in the baseline.
    await (await raw("/big.bin", { Range: "bytes=0-9" })).arrayBuffer();
    const before = fds();
    for (let i = 0; i < 20; i++) {
      const ctrl = new AbortController();
      const res = await fetch(`${ctx.server.url}/api/raw/big.bin`, {
        headers: { "X-Auth": ctx.admin },
        signal: ctrl.signal,
      });
      const reader = res.body!.getReader();
      await reader.read();
      ctrl.abort();
      await reader.cancel().catch(() => {});
    }
    await Bun.sleep(500);
    expect(fds()).toBeLessThanOrEqual(before + 2);
    expect((await raw("/data.bin")).status).toBe(200);
  });
});
