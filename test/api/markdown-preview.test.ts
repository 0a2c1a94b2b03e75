import { beforeAll, describe, expect, it } from "bun:test";
import { truncateSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { call, makeUser } from "../support/factories";

const ctx = serverInProcess();

const README = [
  "# Project notes",
  "<script>window.hacked = 1</script>",
  '<img src="img/cat.png" onerror="alert(1)">',
  "![the cat](img/cat.png) [other](../top.md) [bad](javascript:alert(1))",
].join("\n\n");

beforeAll(() => {
  makeTree(ctx.server.root, {
    docs: { "readme.md": README, img: { "cat.png": "PNGDATA" }, "plain.txt": "text", "big.markdown": "" },
    "top.md": "# Top",
  });
  truncateSync(join(ctx.server.root, "docs", "big.markdown"), 5 * 1024 * 1024);
});

const get = (path: string) => fetch(`${ctx.server.url}/api${path}`);

describe("GET ?preview=markdown", () => {
  it("answers the rendered file as its own sandboxed page without script", async () => {
    const res = await get(`/resources/docs/readme.md?preview=markdown&auth=${ctx.admin}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toStartWith("sandbox");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("img-src 'self' data:");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await res.text();
    expect(html).toContain("<title>readme.md</title>");
    expect(html).toContain("<h1>Project notes</h1>");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("hacked");
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("javascript:");
    expect(html).toContain(`<img src="/api/raw/docs/img/cat.png?auth=${ctx.admin}&amp;inline=true" alt="the cat" />`);
    expect(html).toContain(`<a href="/api/resources/top.md?auth=${ctx.admin}&amp;preview=markdown">other</a>`);
  });

  it("works with a media token, whose images load and whose links outside its folder are dead", async () => {
    const mint = await call(ctx.server, ctx.admin, "GET", "/media-token/docs/");
    expect(mint.status).toBe(200);
    const { token } = (await mint.json()) as { token: string };
    const res = await get(`/resources/docs/readme.md?preview=markdown&auth=${token}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Project notes</h1>");
    expect(html).toContain("<a>other</a>");
    const src = /<img src="([^"]+)" alt="the cat"/.exec(html)?.[1].replaceAll("&amp;", "&");
    expect(src).toBe(`/api/raw/docs/img/cat.png?auth=${token}&inline=true`);
    const image = await fetch(`${ctx.server.url}${src}`);
    expect(image.status).toBe(200);
    expect(await image.text()).toBe("PNGDATA");
  });

  it("needs the download permission", async () => {
    const viewer = await makeUser(ctx.server, ctx.admin, { perm: { download: false } });
    expect((await get(`/resources/docs/readme.md?preview=markdown&auth=${viewer.token}`)).status).toBe(403);
    const reader = await makeUser(ctx.server, ctx.admin, { perm: { download: true } });
    expect((await get(`/resources/docs/readme.md?preview=markdown&auth=${reader.token}`)).status).toBe(200);
  });

  it("refuses other files, folders and files of 5 MiB or more with a short message", async () => {
    const txt = await get(`/resources/docs/plain.txt?preview=markdown&auth=${ctx.admin}`);
    expect(txt.status).toBe(400);
    expect(await txt.text()).toContain("only .md and .markdown files have a markdown preview");
    expect((await get(`/resources/docs/?preview=markdown&auth=${ctx.admin}`)).status).toBe(400);
    const big = await get(`/resources/docs/big.markdown?preview=markdown&auth=${ctx.admin}`);
    expect(big.status).toBe(400);
    expect(await big.text()).toContain("too large");
  });
});
