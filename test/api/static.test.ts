import { beforeAll, describe, expect, it } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { serverPerFile } from "../support/server-per-file";
import { rawRequest } from "../support/wire-http";

const send = rawRequest;

const ctx = serverPerFile();

describe("the UI's static assets and page, compressed", () => {
  let js: string;
  let css: string;
  beforeAll(async () => {
    const html = (await send(`${ctx.server.url}/files/`)).body.toString();
    js = `${ctx.server.url}${/src="(\/static\/[^"]+\.js)"/.exec(html)![1]}`;
    css = `${ctx.server.url}${/href="(\/static\/[^"]+\.css)"/.exec(html)![1]}`;
  });

  it("answers brotli and gzip that decode to exactly the plain file, with the original type", async () => {
    for (const url of [js, css]) {
      const plain = await send(url, { "Accept-Encoding": "identity" });
      const br = await send(url, { "Accept-Encoding": "br" });
      const gz = await send(url, { "Accept-Encoding": "gzip" });
      expect(br.headers["content-encoding"]).toBe("br");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
      expect(br.body.length).toBeLessThan(gz.body.length);
      expect(gz.body.length).toBeLessThan(plain.body.length / 2);
      for (const res of [plain, br, gz]) {
        expect(res.status).toBe(200);
        expect(res.headers["content-type"]).toStartWith(url === js ? "text/javascript" : "text/css");
        expect(res.headers["content-length"]).toBe(String(res.body.length));
        expect(res.headers.vary).toBe("Accept-Encoding");
        expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      }
    }
  });

  it("sends the plain file without an Accept-Encoding header or when the header refuses both codings", async () => {
    const plain = await send(js, { "Accept-Encoding": "identity" });
    for (const headers of [
      {} as Record<string, string>,
      { "Accept-Encoding": "br;q=0, gzip;q=0" },
      { "Accept-Encoding": "*;q=0, identity" },
      { "Accept-Encoding": "zstd" },
    ]) {
      const res = await send(js, headers);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.body.equals(plain.body)).toBe(true);
    }
  });

  it("follows the q-values of a browser-like header", async () => {
    expect((await send(js, { "Accept-Encoding": "gzip, deflate, br, zstd" })).headers["content-encoding"]).toBe("br");
    expect((await send(js, { "Accept-Encoding": "br;q=0, gzip" })).headers["content-encoding"]).toBe("gzip");
    expect((await send(js, { "Accept-Encoding": "gzip;q=1, br;q=0.5" })).headers["content-encoding"]).toBe("gzip");
  });

  it("answers HEAD with the headers and Content-Length of the matching GET and no body", async () => {
    for (const enc of ["br", "gzip", "identity"]) {
      const get = await send(js, { "Accept-Encoding": enc });
      const head = await send(js, { "Accept-Encoding": enc }, "HEAD");
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers["content-length"]).toBe(String(get.body.length));
      expect(head.headers["content-encoding"]).toBe(get.headers["content-encoding"]);
      expect(head.headers["content-type"]).toBe(get.headers["content-type"]);
    }
  });

  it("does not serve the precompressed siblings as files of their own", async () => {
    expect((await send(`${js}.br`)).status).toBe(404);
    expect((await send(`${js}.gz`)).status).toBe(404);
  });

  it("compresses the rendered page for clients that accept it, uncached, with a true Content-Length on HEAD", async () => {
    const url = `${ctx.server.url}/files/`;
    const plain = await send(url);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toContain('<script id="fbe-config"');
    const br = await send(url, { "Accept-Encoding": "gzip, br" });
    const gz = await send(url, { "Accept-Encoding": "gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    for (const res of [plain, br, gz]) {
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(res.headers["content-type"]).toStartWith("text/html");
      expect(res.headers["content-length"]).toBe(String(res.body.length));
    }
    const head = await send(url, { "Accept-Encoding": "br" }, "HEAD");
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(String(br.body.length));
  });
});
