/**
 * The activity log (docs/product.md "Activity log"): one entry per change, login and share action, with the right
 * user, address and channel; a user sees their scope's entries and their own logins only, rules apply; pages follow
 * `next`; the CSV export reads back through a CSV parser; entries past their retention go as the clock moves.
 */
import { beforeAll, describe, expect, it } from "bun:test";
import { parse } from "csv-parse/sync";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { login } from "../support/server";
import { call, makeUser, putSettings, putUser, type TestUser } from "../support/factories";
import type { ActivityEntry, ActivityPage } from "../../src/shared/wire/activity";

const ctx = serverInProcess();
let kim: TestUser;
let lou: TestUser;
const ALL = { create: true, modify: true, rename: true, delete: true, download: true, share: true };

beforeAll(async () => {
  makeTree(ctx.server.root, { k: { "seed.txt": "seed" }, l: { "other.txt": "o" } });
  kim = await makeUser(ctx.server, ctx.admin, { scope: "/k", perm: ALL });
  lou = await makeUser(ctx.server, ctx.admin, { scope: "/l", perm: ALL });
});

async function page(token: string, query = ""): Promise<ActivityPage> {
  const res = await call(ctx.server, token, "GET", `/activity${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as ActivityPage;
}

/** The newest entry of `action` the admin sees. */
async function newest(action: string): Promise<ActivityEntry | undefined> {
  return (await page(ctx.admin, `?action=${action}&limit=1`)).items[0];
}

describe("one entry per action", () => {
  it("logs each change of the files with its user, address, channel, paths from the root, bytes and result", async () => {
    const k = (method: string, path: string, body?: unknown) => call(ctx.server, kim.token, method, path, body);
    expect((await k("POST", "/resources/docs/")).status).toBe(200);
    expect((await k("POST", "/resources/docs/a.txt", "twelve bytes")).status).toBe(200);
    expect((await k("PUT", "/resources/docs/a.txt", "saved")).status).toBe(200);
    expect((await k("PATCH", "/resources/docs/a.txt?action=rename&destination=%2Fdocs%2Fb.txt")).status).toBe(200);
    expect((await k("PATCH", "/resources/docs/b.txt?action=rename&destination=%2Fb.txt")).status).toBe(200);
    expect((await k("PATCH", "/resources/b.txt?action=copy&destination=%2Fdocs%2Fc.txt")).status).toBe(200);
    expect((await k("PATCH", "/resources/b.txt?action=chmod&mode=600")).status).toBe(200);
    const del = await k("DELETE", "/resources/b.txt");
    const trashId = del.headers.get("X-Trash-Id")!;
    expect((await k("POST", `/trash/${trashId}/restore`)).status).toBe(200);
    expect((await k("DELETE", "/resources/docs/c.txt")).status).toBe(200);
    expect((await k("DELETE", "/trash")).status).toBe(200);
    expect((await k("POST", "/resources/docs/")).status).toBe(409);

    // Kim's login of the set-up comes first: the changes follow it.
    const mine = (await page(ctx.admin, `?user=${kim.username}&limit=50`)).items.reverse().slice(1);
    const seen = mine.map((e) => [e.action, e.path ?? "", e.to ?? "", e.result === "ok" ? "ok" : e.result.slice(0, 3)]);
    expect(seen).toEqual([
      ["create", "/k/docs", "", "ok"],
      ["upload", "/k/docs/a.txt", "", "ok"],
      ["save", "/k/docs/a.txt", "", "ok"],
      ["rename", "/k/docs/a.txt", "/k/docs/b.txt", "ok"],
      ["move", "/k/docs/b.txt", "/k/b.txt", "ok"],
      ["copy", "/k/b.txt", "/k/docs/c.txt", "ok"],
      ["chmod", "/k/b.txt", "", "ok"],
      ["delete", "/k/b.txt", "", "ok"],
      ["restore", "/k/b.txt", "", "ok"],
      ["delete", "/k/docs/c.txt", "", "ok"],
      ["purge", "", "", "ok"],
      ["create", "/k/docs", "", "409"],
    ]);
    for (const e of mine) expect(e).toMatchObject({ user: kim.username, ip: "127.0.0.1", via: "api" });
    expect(mine[1]!.bytes).toBe(12);
  });

  it("logs logins, failed logins with the name tried, logouts, shares, users and settings", async () => {
    const bad = await fetch(`${ctx.server.url}/api/login`, {
      method: "POST",
      body: JSON.stringify({ username: "nobody-here", password: "wrong-password-1" }),
    });
    expect(bad.status).toBe(403);
    expect(await newest("login-failed")).toMatchObject({ user: "nobody-here", ip: "127.0.0.1" });
    expect((await newest("login-failed"))!.result).toContain("403");
    const token = await login(ctx.server, lou.username, lou.password);
    expect(await newest("login")).toMatchObject({ user: lou.username, result: "ok" });
    const shared = await call(ctx.server, token, "POST", "/share/other.txt");
    const { hash } = (await shared.json()) as { hash: string };
    expect(await newest("share")).toMatchObject({ user: lou.username, path: "/l/other.txt" });
    expect((await call(ctx.server, token, "DELETE", `/share/${hash}`)).status).toBe(200);
    expect(await newest("unshare")).toMatchObject({ user: lou.username });
    expect((await call(ctx.server, token, "POST", "/logout")).status).toBe(200);
    expect(await newest("logout")).toMatchObject({ user: lou.username });
    await putSettings(ctx.server, ctx.admin, { trashRetentionDays: 31 });
    expect(await newest("settings")).toMatchObject({ result: "ok" });
    expect((await putUser(ctx.server, ctx.admin, lou.id, ["locale"], { locale: "fr" })).status).toBe(200);
    expect((await newest("user"))!.result).toBe("ok");
    lou.token = await login(ctx.server, lou.username, lou.password);
  });

  it("logs a resumable (tus) upload once, when it is whole, with its bytes", async () => {
    const tus = (method: string, headers: Record<string, string>, body?: string) =>
      fetch(`${ctx.server.url}/api/tus/resumed.txt`, {
        method,
        headers: { "X-Auth": kim.token, "Tus-Resumable": "1.0.0", ...headers },
        body,
      });
    expect((await tus("POST", { "Upload-Length": "10" })).status).toBe(201);
    const chunk = { "Content-Type": "application/offset+octet-stream" };
    expect((await tus("PATCH", { ...chunk, "Upload-Offset": "0" }, "first")).status).toBe(204);
    expect((await tus("PATCH", { ...chunk, "Upload-Offset": "5" }, "-last")).status).toBe(204);
    const uploads = (await page(ctx.admin, "?action=upload&path=%2Fk%2Fresumed.txt")).items;
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ user: kim.username, path: "/k/resumed.txt", bytes: 10, result: "ok" });
  });

  it("names the web interface as the channel of a same-origin browser request", async () => {
    await call(ctx.server, kim.token, "POST", "/resources/ui.txt", "from the page", {
      "Sec-Fetch-Site": "same-origin",
    });
    expect(await newest("upload")).toMatchObject({ path: "/k/ui.txt", via: "ui" });
  });
});

describe("who sees what", () => {
  it("a user sees their scope's entries, in their scope's paths, and their own logins, nothing of another scope", async () => {
    const items = (await page(kim.token, "?limit=1000")).items;
    expect(items.length).toBeGreaterThan(5);
    expect(items.some((e) => e.path === "/docs/a.txt")).toBe(true);
    expect(items.every((e) => !e.path?.startsWith("/k/") && !e.path?.startsWith("/l"))).toBe(true);
    expect(items.some((e) => e.user === lou.username)).toBe(false);
    const louItems = (await page(lou.token, "?limit=1000")).items;
    expect(louItems.some((e) => e.action === "login" && e.user === lou.username)).toBe(true);
    expect(louItems.some((e) => e.user === kim.username)).toBe(false);
    expect((await call(ctx.server, kim.token, "GET", "/activity.csv")).status).toBe(403);
  });

  it("a file's history holds the entries about it and below it; the rules hide what they hide", async () => {
    const history = (await page(kim.token, "?path=%2Fdocs")).items;
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((e) => e.path?.startsWith("/docs") || e.to?.startsWith("/docs"))).toBe(true);
    const ned = await makeUser(ctx.server, ctx.admin, {
      scope: "/k",
      perm: ALL,
      rules: [{ allow: false, path: "/docs", regex: false, regexp: null }],
    });
    const seen = (await page(ned.token, "?limit=1000")).items;
    expect(seen.some((e) => e.path?.startsWith("/docs") || e.to?.startsWith("/docs"))).toBe(false);
    expect(seen.some((e) => e.path === "/b.txt")).toBe(true);
  });

  it("pages follow next to the end without a repeat or a gap", async () => {
    const all = (await page(ctx.admin, "?limit=1000")).items.map((e) => e.id);
    const walked: number[] = [];
    let next: number | undefined;
    do {
      const p = await page(ctx.admin, `?limit=3${next === undefined ? "" : `&before=${next}`}`);
      walked.push(...p.items.map((e) => e.id));
      next = p.next;
    } while (next !== undefined);
    expect(walked).toEqual(all);
    expect((await call(ctx.server, ctx.admin, "GET", "/activity?limit=0")).status).toBe(400);
    expect((await call(ctx.server, ctx.admin, "GET", "/activity?action=explode")).status).toBe(400);
  });
});

describe("export and retention", () => {
  it("exports the admin's filtered entries as CSV that a CSV parser reads back field for field", async () => {
    await call(ctx.server, kim.token, "POST", "/resources/comma%2C%20%22quoted%22%0Aname.txt", "x");
    const res = await call(ctx.server, ctx.admin, "GET", `/activity.csv?user=${kim.username}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    const json = (await page(ctx.admin, `?user=${kim.username}&limit=1000`)).items;
    expect(rows).toHaveLength(json.length);
    expect(rows[0]).toMatchObject({ action: "upload", path: '/k/comma, "quoted"\nname.txt', user: kim.username });
    expect(rows.map((r) => Number(r.id))).toEqual(json.map((e) => e.id));
  });

  it("drops entries older than the retention days once the clock has moved", async () => {
    await putSettings(ctx.server, ctx.admin, { activityRetentionDays: 1 });
    ctx.server.clock.advance(2 * 86_400_000);
    ctx.server.deps.activity.flush();
    expect(ctx.server.deps.activity.purge()).toBeGreaterThan(10);
    const admin = await login(ctx.server, ctx.server.username, ctx.server.password);
    const left = (await page(admin, "?limit=1000")).items;
    expect(left.every((e) => e.action === "login")).toBe(true);
  });
});
