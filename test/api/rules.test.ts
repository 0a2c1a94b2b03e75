import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { existsSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { makeTree } from "../support/tree";
import { rawGet } from "../support/raw-http";
import { call, makeUser, putSettings, type TestUser } from "../support/factories";

const ctx = serverInProcess();
let ruled: TestUser;
let scoped: TestUser;

const deny = (path: string) => ({ allow: false, path, regex: false, regexp: { raw: "" } });
const allow = (path: string) => ({ allow: true, path, regex: false, regexp: { raw: "" } });
const denyRegex = (raw: string) => ({ allow: false, path: "", regex: true, regexp: { raw } });

beforeAll(async () => {
  makeTree(ctx.server.root, {
    "public.txt": "hi",
    secret: { "s.txt": "top secret" },
    secretive: { "ok.txt": "not covered by /secret" },
    docs: { "a.txt": "a", "a.key": "key", "allowed.key": "allowed" },
    home: { bob: { "mine.txt": "bob's", sub: { "deep.txt": "deep" } } },
  });
  symlinkSync(join(ctx.server.root, "secret"), join(ctx.server.root, "home", "bob", "escape"));
  // A link inside the scope into the denied folder: rules judge where it leads too.
  symlinkSync(join(ctx.server.root, "secret"), join(ctx.server.root, "docs", "to-secret"));
  ruled = await makeUser(ctx.server, ctx.admin, {
    rules: [deny("/secret"), denyRegex("\\.key$"), allow("/docs/allowed.key")],
  });
  scoped = await makeUser(ctx.server, ctx.admin, { scope: "/home/bob" });
});

const names = async (token: string, dir: string) => {
  const res = await call(ctx.server, token, "GET", `/resources${dir}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { items: { name: string }[]; numDirs: number; numFiles: number };
  return { names: body.items.map((i) => i.name).sort(), numDirs: body.numDirs, numFiles: body.numFiles };
};

describe("path rules", () => {
  it("hide a denied folder from listings, counts included, and leave names that only share its prefix", async () => {
    const root = await names(ruled.token, "/");
    expect(root.names).toEqual(["docs", "home", "public.txt", "secretive"]);
    expect(root.numDirs).toBe(3);
  });

  it("answer 403 on every call on a denied folder or anything inside it", async () => {
    for (const [method, path] of [
      ["GET", "/resources/secret/"],
      ["GET", "/resources/secret/s.txt"],
      ["GET", "/resources/%73ecret/s.txt"],
      ["GET", "/raw/secret/s.txt"],
      ["GET", "/raw/secret/s.txt?inline=true"],
      ["DELETE", "/resources/secret/s.txt"],
      ["POST", "/resources/secret/new.txt"],
      ["POST", "/resources/secret/newdir/"],
    ]) {
      const res = await call(ctx.server, ruled.token, method, path, method === "POST" ? "x" : undefined);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
    }
    expect(existsSync(join(ctx.server.root, "secret", "s.txt"))).toBe(true);
    expect(existsSync(join(ctx.server.root, "secret", "new.txt"))).toBe(false);
  });

  it("leave other users untouched", async () => {
    expect((await call(ctx.server, ctx.admin, "GET", "/resources/secret/s.txt")).status).toBe(200);
  });
});

describe("regex rules", () => {
  it("hide matching files, and a later allow rule wins over an earlier deny", async () => {
    const docs = await names(ruled.token, "/docs/");
    expect(docs.names).toEqual(["a.txt", "allowed.key"]);
    expect(docs.numFiles).toBe(2);
    expect((await call(ctx.server, ruled.token, "GET", "/raw/docs/a.key")).status).toBe(403);
    expect((await call(ctx.server, ruled.token, "GET", "/raw/docs/allowed.key")).status).toBe(200);
    expect((await call(ctx.server, ruled.token, "POST", "/resources/docs/new.key", "x")).status).toBe(403);
  });
});

describe("rules and other entry points", () => {
  it("keep denied files out of archives, and refuse a denied path named in files=", async () => {
    const { spawnSync } = await import("node:child_process");
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const res = await call(ctx.server, ruled.token, "GET", "/raw/docs/?algo=zip");
    expect(res.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), "fbe-rules-zip-"));
    writeFileSync(join(dir, "a.zip"), Buffer.from(await res.arrayBuffer()));
    const listing = spawnSync("unzip", ["-Z1", join(dir, "a.zip")], { encoding: "utf8" })
      .stdout.split("\n")
      .filter(Boolean)
      .sort();
    expect(listing).toEqual(["docs/", "docs/a.txt", "docs/allowed.key"]);
    const named = await call(
      ctx.server,
      ruled.token,
      "GET",
      `/raw/?files=${encodeURIComponent(["/public.txt", "/secret/s.txt"].map(encodeURIComponent).join(","))}&algo=tar`,
    );
    expect(named.status).toBe(403);
  });

  it("judge a symlink by where it leads: a link into a denied folder is hidden and refused", async () => {
    expect((await names(ruled.token, "/docs/")).names).not.toContain("to-secret");
    for (const [method, path] of [
      ["GET", "/resources/docs/to-secret/"],
      ["GET", "/raw/docs/to-secret/s.txt"],
      ["POST", "/resources/docs/to-secret/new.txt"],
    ]) {
      const res = await call(ctx.server, ruled.token, method, path, method === "POST" ? "x" : undefined);
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(await res.text()).not.toContain("top secret");
    }
    expect(existsSync(join(ctx.server.root, "secret", "new.txt"))).toBe(false);
    // Users the rules do not restrict still see and follow the link.
    expect((await names(ctx.admin, "/docs/")).names).toContain("to-secret");
    expect((await call(ctx.server, ctx.admin, "GET", "/raw/docs/to-secret/s.txt")).status).toBe(200);
  });

  it("refuse copying or moving into a denied folder, changing nothing", async () => {
    for (const action of ["copy", "rename"]) {
      const res = await call(
        ctx.server,
        ruled.token,
        "PATCH",
        `/resources/public.txt?action=${action}&destination=${encodeURIComponent("/secret/public.txt")}`,
      );
      expect({ action, status: res.status }).toEqual({ action, status: 403 });
    }
    expect(existsSync(join(ctx.server.root, "public.txt"))).toBe(true);
    expect(existsSync(join(ctx.server.root, "secret", "public.txt"))).toBe(false);
  });
});

describe("global rules", () => {
  it("apply to every user before the user's own rules", async () => {
    const other = await makeUser(ctx.server, ctx.admin, { rules: [allow("/docs")] });
    await putSettings(ctx.server, ctx.admin, { rules: [deny("/docs")] });
    try {
      expect((await names(ctx.admin, "/")).names).not.toContain("docs");
      expect((await call(ctx.server, ctx.admin, "GET", "/raw/docs/a.txt")).status).toBe(403);
      expect((await names(other.token, "/")).names).toContain("docs");
      expect((await call(ctx.server, other.token, "GET", "/raw/docs/a.txt")).status).toBe(200);
    } finally {
      await putSettings(ctx.server, ctx.admin, { rules: [] });
    }
  });

  it("refuse an invalid regular expression with 400 naming the rule", async () => {
    const res = await call(ctx.server, ctx.admin, "PUT", "/settings", { rules: [denyRegex("(")] });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("400 Bad Request (rules[0].regexp.raw must be a valid regular expression)");
  });
});

describe("a scoped user", () => {
  it("sees only the files of their scope", async () => {
    expect((await names(scoped.token, "/")).names).toEqual(["mine.txt", "sub"]);
    expect((await call(ctx.server, scoped.token, "GET", "/raw/sub/deep.txt")).status).toBe(200);
  });

  it("never gets data outside the scope through traversal attempts, encoded or literal", async () => {
    // Literal dot segments are removed by URL normalization before routing; what is left is an unknown API path
    // (404) or, once it leaves /api, the app's page. Encoded ones reach the resolver, which answers 403.
    for (const path of [
      "/api/resources/../secret/s.txt",
      "/api/raw/sub/../../secret/s.txt",
      "/api/raw/../../secret/s.txt",
      "/api/raw/%2e%2e/%2e%2e/secret/s.txt",
    ]) {
      const res = await rawGet(ctx.server.origin, path, { "X-Auth": scoped.token });
      expect(res.body).not.toContain("top secret");
    }
    for (const path of [
      "/api/raw/sub%2F..%2F..%2Fsecret%2Fs.txt",
      "/api/raw/..%5C..%5Csecret%5Cs.txt",
      "/api/raw/%2e%2e%2f%2e%2e%2fsecret%2fs.txt",
    ]) {
      const res = await rawGet(ctx.server.origin, path, { "X-Auth": scoped.token });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(res.body).not.toContain("top secret");
    }
  });

  it("gets 403 for a symlink inside the scope that leads out, which listings leave out", async () => {
    for (const path of ["/api/resources/escape/", "/api/raw/escape/s.txt", "/api/resources/escape/s.txt"]) {
      const res = await rawGet(ctx.server.origin, path, { "X-Auth": scoped.token });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(res.body).not.toContain("top secret");
    }
    expect((await names(scoped.token, "/")).names).not.toContain("escape");
  });
});
