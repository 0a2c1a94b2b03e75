import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { login, serverCommand, startServer } from "../support/server";
import { call } from "../support/factories";

let home: string;
let db: string;
let root: string;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "fbe-cli-"));
  db = join(home, "data", "fbe.db");
  root = join(home, "files");
  mkdirSync(root);
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** Runs `fbe <args>` on the test database (server stopped) and returns its exit code and output. */
function fbe(...args: string[]): { code: number; out: string; err: string } {
  const [cmd, ...pre] = serverCommand();
  const r = spawnSync(cmd, [...pre, ...args, "-d", db], { encoding: "utf8", timeout: 30_000 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

describe("fbe users", () => {
  it("adds an admin to a new database and prints it as JSON without secrets", () => {
    const r = fbe("users", "add", "boss", "boss-password-1", "--perm.admin", "--json");
    expect(r.code).toBe(0);
    const user = JSON.parse(r.out);
    expect(user).toMatchObject({
      id: 1,
      username: "boss",
      scope: "/",
      perm: { admin: true, create: true, execute: true },
    });
    expect(r.out).not.toContain("argon2");
  });

  it("adds a user with scope, locale, lockPassword and permission flags, creating the scope under --root", () => {
    const r = fbe(
      "users",
      "add",
      "bob",
      "bob-password-12",
      "--scope",
      "/bob",
      "--locale=ja",
      "--lockPassword",
      "--perm.create=false",
      "-r",
      root,
    );
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe("created user 2 bob");
    expect(existsSync(join(root, "bob"))).toBe(true);
  });

  it("lists users as a table and as JSON", () => {
    const table = fbe("users", "ls");
    expect(table.code).toBe(0);
    expect(table.out).toContain("1\tboss\t/\ttrue");
    expect(table.out).toContain("2\tbob\t/bob\tfalse\tja");
    const list = JSON.parse(fbe("users", "ls", "--json").out);
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({
      username: "bob",
      lockPassword: true,
      perm: { create: false, download: true, admin: false },
    });
  });

  it("updates a user by name or id", () => {
    expect(fbe("users", "update", "bob", "--perm.download=false", "--locale", "ru").code).toBe(0);
    const r = fbe("users", "update", "2", "--viewMode", "mosaic", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ locale: "ru", viewMode: "mosaic", perm: { download: false } });
  });

  it("sets a user's theme, refusing other values with exit code 1", () => {
    const r = fbe("users", "update", "bob", "--theme", "dark", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ username: "bob", theme: "dark" });
    const bad = fbe("users", "update", "bob", "--theme=sepia");
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("theme must be one of light, dark, system");
  });

  it("refuses what the API refuses, with its message and exit code 1", () => {
    const short = fbe("users", "add", "tiny", "short");
    expect(short.code).toBe(1);
    expect(short.err).toContain("400 Bad Request (password must be at least 12 characters)");
    expect(fbe("users", "add", "BOB", "another-password-1").err).toContain("409 Conflict");
    const last = fbe("users", "rm", "boss");
    expect(last.code).toBe(1);
    expect(last.err).toContain("the last admin cannot be deleted");
    expect(fbe("users", "update", "ghost", "--locale", "en").code).toBe(1);
  });

  it("exits 2 for unknown sub-commands and options", () => {
    expect(fbe("users", "frobnicate").code).toBe(2);
    expect(fbe("users", "add", "x", "y-password-long", "--perm.superpower").code).toBe(2);
  });
});

describe("fbe config", () => {
  it("sets settings by their dotted names and prints the result", () => {
    const r = fbe(
      "config",
      "set",
      "--signup",
      "--createUserDir",
      "--branding.name",
      "Acme Drive",
      "--video.volume",
      "40",
      "--rules",
      '[{"allow":false,"path":"/private"}]',
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({
      signup: true,
      createUserDir: true,
      branding: { name: "Acme Drive" },
      video: { volume: 40 },
      rules: [{ allow: false, path: "/private", regex: false }],
    });
  });

  it("refuses values out of range with exit code 1 and unknown names with 2", () => {
    const r = fbe("config", "set", "--video.volume", "400");
    expect(r.code).toBe(1);
    expect(r.err).toContain("400 Bad Request (video.volume must be an integer from 0 to 100)");
    expect(fbe("config", "set", "--nosuch").code).toBe(2);
  });

  it("prints the settings with cat, keeping the captcha secret out", () => {
    expect(fbe("config", "set", "--captcha.secret", "hush-hush").code).toBe(0);
    const r = fbe("config", "cat", "--json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({
      signup: true,
      branding: { name: "Acme Drive" },
      captcha: { secretSet: true },
    });
    expect(r.out).not.toContain("hush-hush");
  });
});

describe("a server started on the database the CLI prepared", () => {
  it("logs its users in and uses its settings", async () => {
    const server = await startServer({ root, args: ["-d", db], username: "boss", password: "boss-password-1" });
    try {
      const token = await login(server);
      const bob = await login(server, "bob", "bob-password-12");
      expect((await call(server, token, "GET", "/settings")).status).toBe(200);
      expect((await call(server, bob, "GET", "/settings")).status).toBe(403);
      expect((await call(server, bob, "GET", "/raw/x.txt")).status).toBe(403);
      const html = await (await fetch(`${server.url}/login`)).text();
      expect(html).toContain('"name":"Acme Drive"');
    } finally {
      await server.stop();
    }
  });
});
