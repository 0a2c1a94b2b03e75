/**
 * Open signup never hands out the whole files tree (docs/security.md "Open signup"): signup needs home folders
 * (createUserDir) or a default scope narrower than the root, through the API and `fbe config set` alike, and a
 * self-registered account is read-only until an admin widens it.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { login, serverCommand } from "../support/server";
import { startInProcess } from "../support/in-process";
import { call, putSettings } from "../support/factories";
import { makeTree } from "../support/tree";

const REFUSAL =
  "400 Bad Request (signup needs createUserDir, or a default scope other than /: a self-registered account would reach every file)";
const ALL_BUT_ADMIN = {
  admin: false,
  execute: false,
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
};

const ctx = serverInProcess();

beforeAll(async () => {
  makeTree(ctx.server.root, { "victim.txt": "another user's file", users: {} });
});

const signup = (username: string, password = "a-long-password-123") =>
  call(ctx.server, null, "POST", "/signup", { username, password });
const settings = async () =>
  (await (await call(ctx.server, ctx.admin, "GET", "/settings")).json()) as {
    signup: boolean;
    createUserDir: boolean;
    defaults: { scope: string };
  };

describe("turning signup on", () => {
  it("is refused while the default scope is / without createUserDir, with a sentence saying why, and saves nothing", async () => {
    const res = await call(ctx.server, ctx.admin, "PUT", "/settings", {
      signup: true,
      branding: { name: "not saved" },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(REFUSAL);
    expect(await settings()).toMatchObject({ signup: false });
  });

  it("is accepted with createUserDir, or with a default scope narrower than the root", async () => {
    await putSettings(ctx.server, ctx.admin, { signup: true, createUserDir: true });
    await putSettings(ctx.server, ctx.admin, { signup: false, createUserDir: false });
    await putSettings(ctx.server, ctx.admin, { signup: true, defaults: { scope: "/guests" } });
    // While signup is on, the default scope cannot go back to the whole root.
    const back = await call(ctx.server, ctx.admin, "PUT", "/settings", { defaults: { scope: "/" } });
    expect(await back.text()).toBe(REFUSAL);
    await putSettings(ctx.server, ctx.admin, { signup: false, defaults: { scope: "/" } });
  });
});

describe("a self-registered account", () => {
  it("lives in its own home folder, read-only, and cannot touch another user's file", async () => {
    await putSettings(ctx.server, ctx.admin, { signup: true, createUserDir: true, defaults: { perm: ALL_BUT_ADMIN } });
    try {
      expect((await signup("visitor")).status).toBe(200);
    } finally {
      await putSettings(ctx.server, ctx.admin, { signup: false, createUserDir: false });
    }
    const token = await login(ctx.server, "visitor", "a-long-password-123");
    const { user } = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as {
      user: { perm: Record<string, boolean> };
    };
    expect(user.perm).toMatchObject({
      download: true,
      create: false,
      rename: false,
      modify: false,
      delete: false,
      share: false,
      execute: false,
      admin: false,
    });
    const me = (await (await call(ctx.server, ctx.admin, "GET", "/users")).json()) as Array<{
      username: string;
      scope: string;
    }>;
    expect(me.find((u) => u.username === "visitor")?.scope).toBe("/users/visitor");
    expect(existsSync(join(ctx.server.root, "users", "visitor"))).toBe(true);
    expect((await call(ctx.server, token, "DELETE", "/resources/victim.txt")).status).toBeGreaterThanOrEqual(403);
    expect((await call(ctx.server, token, "POST", "/resources/new.txt", "x")).status).toBe(403);
    expect(existsSync(join(ctx.server.root, "victim.txt"))).toBe(true);
  });

  it("gets a home folder from a --signup server even when the settings leave the default scope at /", async () => {
    const open = await startInProcess({ args: ["--signup"] });
    try {
      makeTree(open.root, { "victim.txt": "another user's file" });
      expect(
        (await call(open, null, "POST", "/signup", { username: "flagged", password: "a-long-password-123" })).status,
      ).toBe(200);
      const token = await login(open, "flagged", "a-long-password-123");
      const listing = (await (await call(open, token, "GET", "/resources/")).json()) as {
        items: Array<{ name: string }>;
      };
      expect(listing.items.map((i) => i.name)).not.toContain("victim.txt");
      expect((await call(open, token, "GET", "/raw/victim.txt")).status).toBe(404);
    } finally {
      await open.stop();
    }
  });
});

describe("fbe config set --signup", () => {
  let home: string;
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), "fbe-signup-cli-"));
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  /** Runs `fbe <args>` on a database of its own (no server running). */
  const fbe = (...args: string[]) => {
    const [cmd, ...pre] = serverCommand();
    const r = spawnSync(cmd, [...pre, ...args, "-d", join(home, "fbe.db")], { encoding: "utf8", timeout: 30_000 });
    return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
  };

  it("is refused with the same sentence while the default scope is / without createUserDir", () => {
    const r = fbe("config", "set", "--signup");
    expect(r.code).toBe(1);
    expect(r.err).toContain(REFUSAL);
    expect(JSON.parse(fbe("config", "cat", "--json").out)).toMatchObject({ signup: false });
    const ok = fbe("config", "set", "--signup", "--createUserDir");
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({ signup: true, createUserDir: true });
  });
});
