import { beforeAll, describe, expect, it } from "bun:test";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { call, makeUser, putUser } from "../support/factories";
import { rawGet } from "../support/raw-http";

const ctx = serverInProcess();
const SECRET = "top-secret-outside-the-share";

beforeAll(() => {
  makeTree(ctx.server.root, {
    "report.txt": "0123456789",
    album: { "a.txt": "in the album", sub: { "b.txt": "deeper" }, private: { "p.txt": "denied" } },
    "secret.txt": SECRET,
  });
  symlinkSync(join(ctx.server.root, "secret.txt"), join(ctx.server.root, "album", "link-out.txt"));
});

/** Creates a link as `token`; returns the answer's JSON. */
async function share(
  path: string,
  query = "",
  token = ctx.admin,
): Promise<{ hash: string; path: string; expire: number; userId: number }> {
  const res = await call(ctx.server, token, "POST", `/share${path}${query}`);
  if (res.status !== 200) throw new Error(`share failed: ${res.status} ${await res.text()}`);
  return res.json();
}

const pub = (path: string, init: RequestInit = {}) => fetch(`${ctx.server.url}/api/public${path}`, init);

describe("creating links", () => {
  it("stores now + N units for each unit, and refuses bad durations naming the field", async () => {
    for (const [unit, secs] of [
      ["seconds", 1],
      ["minutes", 60],
      ["hours", 3600],
      ["days", 86400],
    ] as const) {
      const before = Math.floor(Date.now() / 1000);
      const link = await share("/report.txt", `?expires=2&unit=${unit}`);
      expect(link.expire).toBeGreaterThanOrEqual(before + 2 * secs);
      expect(link.expire).toBeLessThanOrEqual(before + 2 * secs + 2);
      expect(link.hash).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    }
    for (const bad of ["", "-1", "1.5", "2147483648", "abc"]) {
      const res = await call(ctx.server, ctx.admin, "POST", `/share/report.txt?expires=${bad}&unit=hours`);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("expires");
    }
    expect((await call(ctx.server, ctx.admin, "POST", "/share/report.txt?expires=1&unit=weeks")).status).toBe(400);
  });

  it("makes at most one permalink per path and user", async () => {
    const a = await share("/album/");
    const b = await share("/album/");
    expect(a.expire).toBe(0);
    expect(b.hash).toBe(a.hash);
    expect(a.path).toBe("/album/");
  });

  it("lists the caller's links of a path, and all links for admins only, permanent first", async () => {
    const mine = await (await call(ctx.server, ctx.admin, "GET", "/share/report.txt")).json();
    expect(mine.length).toBe(4);
    const all = await (await call(ctx.server, ctx.admin, "GET", "/shared")).json();
    expect(all[0].expire).toBe(0);
    const expiries = all.map((s: { expire: number }) => s.expire).filter((e: number) => e !== 0);
    expect(expiries).toEqual([...expiries].sort((x: number, y: number) => x - y));
    const u = await makeUser(ctx.server, ctx.admin, { perm: { share: true, download: true } });
    expect((await call(ctx.server, u.token, "GET", "/shared")).status).toBe(403);
  });

  it("needs the share permission, and lets only the owner or an admin delete", async () => {
    const none = await makeUser(ctx.server, ctx.admin, { perm: { download: true } });
    expect((await call(ctx.server, none.token, "POST", "/share/report.txt")).status).toBe(403);
    const link = await share("/report.txt", "?expires=1&unit=days");
    const other = await makeUser(ctx.server, ctx.admin, { perm: { share: true, download: true } });
    expect((await call(ctx.server, other.token, "DELETE", `/share/${link.hash}`)).status).toBe(403);
    expect((await pub(`/share/${link.hash}`)).status).toBe(200);
    expect((await call(ctx.server, ctx.admin, "DELETE", `/share/${link.hash}`)).status).toBe(200);
    expect((await pub(`/share/${link.hash}`)).status).toBe(404);
  });
});

describe("a public file link", () => {
  it("answers the item and downloads it with Range, without login", async () => {
    const link = await share("/report.txt", "?expires=1&unit=hours");
    const info = await (await pub(`/share/${link.hash}`)).json();
    expect(info).toMatchObject({ name: "report.txt", isDir: false, size: 10, path: "/report.txt" });
    expect(await (await pub(`/dl/${link.hash}/report.txt`)).text()).toBe("0123456789");
    const part = await pub(`/dl/${link.hash}`, { headers: { Range: "bytes=2-5" } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe("2345");
  });

  it("stops working when it expires", async () => {
    const link = await share("/report.txt", "?expires=1&unit=seconds");
    expect((await pub(`/dl/${link.hash}`)).status).toBe(200);
    ctx.server.clock.advance(2100);
    expect((await pub(`/dl/${link.hash}`)).status).toBe(404);
    expect((await pub(`/share/${link.hash}`)).status).toBe(404);
  });
});

describe("a public folder link", () => {
  it("lists the folder and a sub-folder with paths inside the share, and serves files and archives", async () => {
    const link = await share("/album/", "?expires=1&unit=hours");
    const root = await (await pub(`/share/${link.hash}`)).json();
    expect(root).toMatchObject({ name: "album", isDir: true, path: "/" });
    expect(root.items.map((i: { path: string }) => i.path).sort()).toContain("/a.txt");
    const sub = await (await pub(`/share/${link.hash}/sub/`)).json();
    expect(sub.items.map((i: { name: string; path: string }) => [i.name, i.path])).toEqual([["b.txt", "/sub/b.txt"]]);
    expect(await (await pub(`/dl/${link.hash}/sub/b.txt`)).text()).toBe("deeper");
    const zip = await pub(`/dl/${link.hash}/?algo=zip`);
    expect(zip.status).toBe(200);
    expect(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
    const tgz = await pub(`/dl/${link.hash}/?algo=tar.gz`);
    expect(tgz.status).toBe(200);
    expect(Buffer.from(await tgz.arrayBuffer())[0]).toBe(0x1f);
  });

  it("answers 404 and never data for traversal, encoded slashes and links leading out", async () => {
    const link = await share("/album/", "?expires=1&unit=hours");
    for (const path of [
      `/api/public/dl/${link.hash}/../secret.txt`,
      `/api/public/dl/${link.hash}/%2e%2e/secret.txt`,
      `/api/public/dl/${link.hash}/..%2fsecret.txt`,
      `/api/public/dl/${link.hash}/link-out.txt`,
      `/api/public/share/${link.hash}/..%2f`,
    ]) {
      const res = await rawGet(ctx.server.origin, path);
      expect(res.status).toBe(404);
      expect(res.body).not.toContain(SECRET);
    }
  });

  it("stops working when a rule hides its path, the owner loses the share permission, or the owner is deleted", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { perm: { share: true, download: true } });
    const link = await share("/album/", "?expires=1&unit=hours", u.token);
    expect((await pub(`/dl/${link.hash}/a.txt`)).status).toBe(200);
    expect(
      (
        await putUser(ctx.server, ctx.admin, u.id, ["rules"], {
          rules: [{ allow: false, path: "/album/private", regex: false, regexp: { raw: "" } }],
        })
      ).status,
    ).toBe(200);
    expect((await pub(`/dl/${link.hash}/private/p.txt`)).status).toBe(404);
    expect((await pub(`/dl/${link.hash}/a.txt`)).status).toBe(200);
    expect(
      (
        await putUser(ctx.server, ctx.admin, u.id, ["rules"], {
          rules: [{ allow: false, path: "/album", regex: false, regexp: { raw: "" } }],
        })
      ).status,
    ).toBe(200);
    expect((await pub(`/dl/${link.hash}/a.txt`)).status).toBe(404);
    expect((await putUser(ctx.server, ctx.admin, u.id, ["rules"], { rules: [] })).status).toBe(200);
    expect((await pub(`/dl/${link.hash}/a.txt`)).status).toBe(200);
    expect(
      (await putUser(ctx.server, ctx.admin, u.id, ["perm"], { perm: { share: false, download: true } })).status,
    ).toBe(200);
    expect((await pub(`/dl/${link.hash}/a.txt`)).status).toBe(404);
    expect(
      (await putUser(ctx.server, ctx.admin, u.id, ["perm"], { perm: { share: true, download: true } })).status,
    ).toBe(200);
    expect((await pub(`/dl/${link.hash}/a.txt`)).status).toBe(200);
    expect((await call(ctx.server, ctx.admin, "DELETE", `/users/${u.id}`)).status).toBe(200);
    expect((await pub(`/dl/${link.hash}/a.txt`)).status).toBe(404);
  });

  it("answers 404 for an unknown hash", async () => {
    expect((await pub("/share/not-a-real-hash")).status).toBe(404);
    expect((await pub("/dl/not-a-real-hash")).status).toBe(404);
  });
});
