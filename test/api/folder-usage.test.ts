import { beforeAll, describe, expect, it } from "bun:test";
import { serverPerFile } from "../support/server-per-file";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTree } from "../support/tree";
import { call, makeUser, type TestUser } from "../support/factories";

const ctx = serverPerFile();
let ruled: TestUser;
let scoped: TestUser;

const deny = (path: string) => ({ allow: false, path, regex: false, regexp: { raw: "" } });

beforeAll(async () => {
  makeTree(ctx.server.root, {
    outside: { "o.txt": "outside of bob's scope" },
    home: {
      bob: {
        "a.txt": "12345",
        ".hidden": "123",
        docs: { "b.txt": "1234567890", deeper: { "c.txt": "1" }, empty: {} },
        secret: { "s.txt": "0123456789" },
      },
    },
  });
  symlinkSync(join(ctx.server.root, "outside"), join(ctx.server.root, "home", "bob", "escape"));
  symlinkSync(join(ctx.server.root, "outside"), join(ctx.server.root, "home", "bob", "docs", "escape-inside"));
  scoped = await makeUser(ctx.server, ctx.admin, { scope: "/home/bob" });
  ruled = await makeUser(ctx.server, ctx.admin, { scope: "/home/bob", rules: [deny("/secret")] });
});

const usage = async (token: string, path: string) => {
  const res = await call(ctx.server, token, "GET", `/resources${path}?usage=true`);
  return { status: res.status, body: res.status === 200 ? await res.json() : await res.text() };
};

describe("GET /api/resources/{dir}/?usage=true", () => {
  it("answers the total size and the file and folder counts of everything below, hidden names left out", async () => {
    expect(await usage(scoped.token, "/docs/")).toEqual({ status: 200, body: { size: 11, numFiles: 2, numDirs: 2 } });
    // a.txt, b.txt, c.txt, s.txt; docs, deeper, empty, secret. The links lead outside the scope: not counted.
    expect(await usage(scoped.token, "/")).toEqual({ status: 200, body: { size: 26, numFiles: 4, numDirs: 4 } });
  });

  it("answers a file's own size", async () => {
    expect(await usage(scoped.token, "/a.txt")).toEqual({ status: 200, body: { size: 5, numFiles: 1, numDirs: 0 } });
  });

  it("leaves out what the user's rules deny, and refuses the denied folder itself", async () => {
    expect(await usage(ruled.token, "/")).toEqual({ status: 200, body: { size: 16, numFiles: 3, numDirs: 3 } });
    expect((await usage(ruled.token, "/secret/")).status).toBe(403);
  });

  it("refuses a path that leads outside the scope, and answers 404 for a missing one", async () => {
    expect(await usage(scoped.token, "/escape/")).toEqual({ status: 403, body: "403 Forbidden" });
    expect((await usage(scoped.token, "/nothing/")).status).toBe(404);
  });

  it("needs a session", async () => {
    expect((await usage("", "/")).status).toBe(401);
  });

  it("stops the walk when the client goes away", async () => {
    // A tree that takes a while to walk: the request is cancelled long before the walk could finish.
    const big = join(ctx.server.root, "home", "bob", "big");
    for (let d = 0; d < 400; d++) {
      const dir = join(big, `d${d}`);
      mkdirSync(dir, { recursive: true });
      for (let f = 0; f < 150; f++) writeFileSync(join(dir, `f${f}`), "");
    }
    const stopped = "folder usage of /big stopped: the client went away";
    // The client leaves while the walk runs. How soon its request reaches the walk depends on the machine's load, so
    // each try leaves a little later, until the server says it stopped the walk; no try may get the whole answer. On
    // /dev/shm the whole walk can take under 50 ms, so the first tries are close together.
    for (const leaveAfterMs of [10, 20, 30, 45, 60, 90, 120, 240, 480]) {
      const controller = new AbortController();
      const res = fetch(`${ctx.server.url}/api/resources/big/?usage=true`, {
        headers: { "X-Auth": scoped.token },
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(), leaveAfterMs);
      await expect(res).rejects.toThrow();
      for (let i = 0; i < 10 && !ctx.server.output().includes(stopped); i++) await Bun.sleep(100);
      if (ctx.server.output().includes(stopped)) break;
    }
    expect(ctx.server.output()).toContain(stopped);
    // The server is still fine and a full walk still counts everything.
    expect(await usage(scoped.token, "/big/")).toEqual({
      status: 200,
      body: { size: 0, numFiles: 60_000, numDirs: 400 },
    });
  }, 60_000);
});
