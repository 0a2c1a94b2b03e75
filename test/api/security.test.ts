import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { lstatSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { rawGet } from "../support/raw-http";
import { makeTree } from "../support/tree";

const ctx = serverInProcess();
const SECRET = "TOP-SECRET-OUTSIDE-THE-ROOT";

beforeAll(async () => {
  // A file beside the root, and links from inside the root to it and to the folder that holds it.
  writeFileSync(join(ctx.server.home, "secret.txt"), SECRET);
  makeTree(ctx.server.root, { "inside.txt": "fine", dir: { "a.txt": "a" } });
  symlinkSync(join(ctx.server.home, "secret.txt"), join(ctx.server.root, "link-out.txt"));
  symlinkSync(ctx.server.home, join(ctx.server.root, "dir-out"));
  symlinkSync(join(ctx.server.root, "inside.txt"), join(ctx.server.root, "link-in.txt"));
  mkdirSync(join(ctx.server.root, "dir", "nested"));
});

const attempts = [
  "/api/resources/../secret.txt",
  "/api/resources/dir/../../secret.txt",
  "/api/raw/%2e%2e/secret.txt",
  "/api/raw/dir/%2E%2E/%2E%2E/secret.txt",
  "/api/raw/..%2fsecret.txt",
  "/api/raw/dir%2f..%2f..%2fsecret.txt",
  "/api/raw/..%5csecret.txt",
  "/api/raw//etc/passwd",
  "/api/raw/%2Fetc%2Fpasswd",
  "/api/raw/link-out.txt",
  "/api/resources/link-out.txt",
  "/api/resources/dir-out/",
  "/api/raw/dir-out/secret.txt",
  "/api/raw/inside.txt%00.png",
];

describe("the path resolver", () => {
  for (const path of attempts) {
    it(`refuses ${path} and never answers data from outside the scope`, async () => {
      const res = await rawGet(ctx.server.origin, `${path}${path.includes("?") ? "&" : "?"}auth=${ctx.admin}`);
      expect([403, 404]).toContain(res.status);
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toContain("root:x:0:0");
    });
  }

  it("answers 403 (not 404) for symlinks leading out, encoded slashes and NUL bytes", async () => {
    for (const path of [
      "/api/raw/link-out.txt",
      "/api/resources/dir-out/",
      "/api/raw/..%2fsecret.txt",
      "/api/raw/inside.txt%00.png",
      "/api/raw/%2Fetc%2Fpasswd",
    ]) {
      const res = await rawGet(ctx.server.origin, `${path}?auth=${ctx.admin}`);
      expect(res.status).toBe(403);
      expect(res.body).toBe("403 Forbidden");
    }
  });

  it("leaves links leading out of the scope out of listings, and keeps links inside it", async () => {
    const res = await fetch(`${ctx.server.url}/api/resources/`, { headers: { "X-Auth": ctx.admin } });
    const names = (await res.json()).items.map((i: { name: string }) => i.name);
    expect(names).not.toContain("link-out.txt");
    expect(names).not.toContain("dir-out");
    expect(names).toContain("link-in.txt");
    const link = await fetch(`${ctx.server.url}/api/raw/link-in.txt`, { headers: { "X-Auth": ctx.admin } });
    expect(await link.text()).toBe("fine");
  });

  it("copies a folder without the links that would lead out of the scope from their new place, and names them", async () => {
    // `up` leads to /inside.txt from /carry/sub, but out of the root from /carried; `abs` leads out from anywhere.
    makeTree(ctx.server.root, { carry: { sub: { "f.txt": "f" } } });
    symlinkSync("../../inside.txt", join(ctx.server.root, "carry", "sub", "up"));
    symlinkSync(join(ctx.server.home, "secret.txt"), join(ctx.server.root, "carry", "sub", "abs"));
    const copy = (from: string, to: string) =>
      fetch(`${ctx.server.url}/api/resources${from}?action=copy&destination=${encodeURIComponent(to)}`, {
        method: "PATCH",
        headers: { "X-Auth": ctx.admin },
      });
    const res = await copy("/carry/sub/", "/carried");
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toStartWith("200 OK (links leading out of the scope were left out: ");
    expect(text).toContain("/carried/up");
    expect(text).toContain("/carried/abs");
    expect(readdirSync(join(ctx.server.root, "carried"))).toEqual(["f.txt"]);
    // Copying such a link by itself is refused.
    expect((await copy("/carry/sub/up", "/up-copy")).status).toBe(403);
    expect(lstatSync(join(ctx.server.root, "up-copy"), { throwIfNoEntry: false })).toBeUndefined();
  });

  it("refuses an upload through a symlink leading out, creating nothing outside", async () => {
    const res = await fetch(`${ctx.server.url}/api/resources/dir-out/planted.txt?override=false`, {
      method: "POST",
      headers: { "X-Auth": ctx.admin },
      body: "x",
    });
    expect(res.status).toBe(403);
    expect(await Bun.file(join(ctx.server.home, "planted.txt")).exists()).toBe(false);
  });
});

describe("responses", () => {
  it("carry the security headers on API, UI and error answers", async () => {
    for (const path of ["/api/resources/", "/files/", "/api/nothing-here"]) {
      const res = await fetch(`${ctx.server.url}${path}`, { headers: { "X-Auth": ctx.admin } });
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBeTruthy();
      expect(res.headers.get("content-security-policy")).toContain("default-src");
    }
  });

  it("answer errors as short text without a stack trace", async () => {
    const res = await fetch(`${ctx.server.url}/api/resources/dir/a.txt/child`, { headers: { "X-Auth": ctx.admin } });
    expect([400, 404]).toContain(res.status);
    const text = await res.text();
    expect(text).toMatch(/^\d{3} [A-Za-z ]+/);
    expect(text).not.toContain("at ");
    expect(text.length).toBeLessThan(100);
  });
});
