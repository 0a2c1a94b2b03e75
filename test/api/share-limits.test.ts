/**
 * A share link's download limit through HTTP (docs/security.md "Share links"): every answer carrying the file's
 * own bytes counts (inline ones and `Range: bytes=0-` included), a series of Range parts counts by its bytes, and
 * parallel requests cannot pass the limit together.
 */
import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { call } from "../support/factories";

const ctx = serverInProcess();
const CONTENT = "0123456789abcdef";

beforeAll(() => {
  makeTree(ctx.server.root, { limited: { "file.txt": CONTENT, folder: { "a.txt": "a", "b.txt": "b" } } });
});

/** A link to `path` that stops after `downloadLimit` downloads; returns its hash. */
async function limitedLink(path: string, downloadLimit: number): Promise<string> {
  const res = await call(ctx.server, ctx.admin, "POST", `/share${path}?expires=1&unit=hours`, { downloadLimit });
  if (res.status !== 200) throw new Error(`share failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { hash: string }).hash;
}

const dl = (hash: string, query = "", headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${ctx.server.url}/api/public/dl/${hash}${query}`, { method, headers });

/** Fires `n` copies of a request at once; answers each status with the body it got. */
async function together(n: number, send: () => Promise<Response>): Promise<Array<{ status: number; body: string }>> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const res = await send();
      return { status: res.status, body: await res.text() };
    }),
  );
}

describe("a link limited to one download", () => {
  it("gives the file to only one of 30 parallel requests", async () => {
    const hash = await limitedLink("/limited/file.txt", 1);
    const answers = await together(30, () => dl(hash));
    expect(answers.filter((a) => a.body === CONTENT)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 404)).toHaveLength(29);
  });

  it("gives the file to only one of 10 parallel inline and Range: bytes=0- requests", async () => {
    const hash = await limitedLink("/limited/file.txt", 1);
    const answers = await together(10, () => dl(hash, "?inline=true", { Range: "bytes=0-" }));
    expect(answers.filter((a) => a.body === CONTENT)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 404)).toHaveLength(9);
  });

  it("is used up by one inline answer", async () => {
    const hash = await limitedLink("/limited/file.txt", 1);
    expect(await (await dl(hash, "?inline=true")).text()).toBe(CONTENT);
    expect((await dl(hash)).status).toBe(404);
    expect((await dl(hash, "?inline=true")).status).toBe(404);
  });

  it("never answers a thumbnail request with the file itself, so browsing does not use the link up", async () => {
    const hash = await limitedLink("/limited/file.txt", 1);
    for (let i = 0; i < 3; i++) expect((await dl(hash, "?thumb=true&inline=true")).status).toBe(404);
    expect(await (await dl(hash)).text()).toBe(CONTENT);
  });

  it("is used up by one Range: bytes=0- answer", async () => {
    const hash = await limitedLink("/limited/file.txt", 1);
    const part = await dl(hash, "", { Range: "bytes=0-" });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe(CONTENT);
    expect((await dl(hash, "", { Range: "bytes=0-" })).status).toBe(404);
  });

  it("counts a series of Range parts by their bytes: the parts covering the file once are one download", async () => {
    const hash = await limitedLink("/limited/file.txt", 1);
    let got = "";
    for (const range of ["bytes=0-4", "bytes=5-9", "bytes=10-"]) {
      const part = await dl(hash, "", { Range: range });
      expect(part.status).toBe(206);
      got += await part.text();
    }
    expect(got).toBe(CONTENT);
    expect((await dl(hash, "", { Range: "bytes=0-0" })).status).toBe(404);
  });

  it("refuses a part that would take more bytes than the limit leaves", async () => {
    const hash = await limitedLink("/limited/file.txt", 1);
    expect((await dl(hash, "", { Range: "bytes=0-9" })).status).toBe(206);
    expect((await dl(hash, "", { Range: "bytes=0-9" })).status).toBe(404);
    expect(await (await dl(hash, "", { Range: "bytes=10-" })).text()).toBe(CONTENT.slice(10));
  });

  it("charges nothing for HEAD requests and answers 304", async () => {
    const hash = await limitedLink("/limited/file.txt", 1);
    for (let i = 0; i < 3; i++) expect((await dl(hash, "", {}, "HEAD")).status).toBe(200);
    const etag = (await dl(hash, "", {}, "HEAD")).headers.get("ETag")!;
    expect((await dl(hash, "", { "If-None-Match": etag })).status).toBe(304);
    const first = await dl(hash);
    expect(await first.text()).toBe(CONTENT);
    expect((await dl(hash)).status).toBe(404);
  });

  it("counts an archive of a folder link as one download", async () => {
    const hash = await limitedLink("/limited/folder/", 1);
    const answers = await together(4, () => dl(hash, "?algo=zip"));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 404)).toHaveLength(3);
  });
});

describe("a link limited to several downloads", () => {
  it("lets exactly that many of 10 parallel requests through, and the admin list shows the count", async () => {
    const hash = await limitedLink("/limited/file.txt", 3);
    const answers = await together(10, () => dl(hash));
    expect(answers.filter((a) => a.body === CONTENT)).toHaveLength(3);
    const listed = (await (await call(ctx.server, ctx.admin, "GET", "/shared")).json()) as Array<{
      hash: string;
      downloads: number;
    }>;
    expect(listed.find((s) => s.hash === hash)?.downloads).toBe(3);
  });
});
