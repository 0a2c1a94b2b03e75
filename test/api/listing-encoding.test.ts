import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { rawRequest, type RawResponse } from "../support/wire-http";

const ctx = serverInProcess();

beforeAll(async () => {
  mkdirSync(join(ctx.server.root, "many"));
  for (let i = 0; i < 300; i++) writeFileSync(join(ctx.server.root, "many", `item-${i}.txt`), "x".repeat(i));
}, 60_000);

/** GET of a listing with the bytes exactly as sent (no decompression by the client). */
function rawGet(path: string, headers: Record<string, string>): Promise<RawResponse> {
  return rawRequest(new URL(`${ctx.server.url}/api/resources${path}`), { "X-Auth": ctx.admin, ...headers });
}

describe("listing bodies", () => {
  it("are identical after decoding in identity, gzip and brotli, cold and cached", async () => {
    for (const round of ["cold", "cached"]) {
      const plain = await rawGet("/many/", { "Accept-Encoding": "identity" });
      const gz = await rawGet("/many/", { "Accept-Encoding": "gzip" });
      const br = await rawGet("/many/", { "Accept-Encoding": "br, gzip" });
      expect({ round, statuses: [plain.status, gz.status, br.status] }).toEqual({ round, statuses: [200, 200, 200] });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(gz.body.length).toBeLessThan(plain.body.length);
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      for (const r of [plain, gz, br]) expect(r.headers["content-type"]).toMatch(/^application\/json/);
      expect(String(plain.headers.vary)).toMatch(/Accept-Encoding/i);
      const parsed = JSON.parse(plain.body.toString("utf8")) as { items: { name: string }[]; numFiles: number };
      expect(parsed.numFiles).toBe(300);
      expect(parsed.items).toHaveLength(300);
    }
  });

  it("carry an ETag answered by 304 until the folder changes", async () => {
    const first = await rawGet("/many/", {});
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await rawGet("/many/", { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    appendFileSync(join(ctx.server.root, "many", "item-1.txt"), "grown");
    const changed = await rawGet("/many/", { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(String(changed.headers.etag)).not.toBe(etag);
    const item = (JSON.parse(changed.body.toString("utf8")) as { items: { name: string; size: number }[] }).items.find(
      (i) => i.name === "item-1.txt",
    );
    expect(item?.size).toBe(6);
  });

  it("answer a burst of requests on a folder just changed with the same, fresh body", async () => {
    writeFileSync(join(ctx.server.root, "many", "burst.txt"), "burst");
    const bodies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => rawGet("/many/", { "Accept-Encoding": i % 2 ? "gzip" : "identity" })),
    );
    const plain = bodies.map((r) => (r.headers["content-encoding"] === "gzip" ? gunzipSync(r.body) : r.body));
    for (const b of plain) expect(b.equals(plain[0])).toBe(true);
    const names = (JSON.parse(plain[0].toString("utf8")) as { items: { name: string }[] }).items.map((i) => i.name);
    expect(names).toContain("burst.txt");
  });
});
