import { describe, expect, it } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serverCommand, startServer } from "../support/server";
import { tempLeftovers } from "../support/temp-leftovers";

describe("fbe version", () => {
  it("prints version, commit, build date and OS/arch", () => {
    const [cmd, ...pre] = serverCommand();
    const r = spawnSync(cmd, [...pre, "version"], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^File Browser Enhanced \S+\ncommit: \S+\nbuilt: \S+\nos\/arch: linux\/x64/);
  });

  it("exits 2 with the usage for an unknown flag", () => {
    const [cmd, ...pre] = serverCommand();
    const r = spawnSync(cmd, [...pre, "--bogus"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("unknown flag: --bogus");
    expect(r.stderr).toContain("--cache-dir");
  });
});

describe("the server process", () => {
  it("prints a random first-run admin password once, which logs in", async () => {
    const server = await startServer({ password: "" });
    try {
      // The password line follows the `listening` line; give it a moment to arrive.
      for (let i = 0; i < 50 && !/password: \S+/.test(server.output()); i++) await Bun.sleep(50);
      const m = /password: (\S+)/.exec(server.output());
      expect(m).not.toBeNull();
      const res = await fetch(`${server.url}/api/login`, {
        method: "POST",
        body: JSON.stringify({ username: "admin", password: m![1] }),
      });
      expect(res.status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it("stops cleanly on SIGTERM with exit code 0", async () => {
    const server = await startServer();
    const exited = new Promise<number | null>((r) => server.process.once("exit", (code) => r(code)));
    server.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    await server.stop();
  });

  it("removes a folder copy still in progress when stopped, leaving the source whole", async () => {
    const { mkdirSync, readdirSync, writeFileSync } = await import("node:fs");
    const { randomBytes } = await import("node:crypto");
    const server = await startServer();
    const src = join(server.root, "big");
    mkdirSync(src);
    const chunk = randomBytes(1024 * 1024);
    for (let i = 0; i < 300; i++) writeFileSync(join(src, `f${i}.bin`), chunk);
    const token = await (
      await fetch(`${server.url}/api/login`, {
        method: "POST",
        body: JSON.stringify({ username: server.username, password: server.password }),
      })
    ).text();
    const copying = fetch(`${server.url}/api/resources/big/?action=copy&destination=${encodeURIComponent("/copy")}`, {
      method: "PATCH",
      headers: { "X-Auth": token },
    }).catch(() => null);
    // Stop once the copy's temp folder exists, i.e. while the copy is under way.
    for (let i = 0; i < 200 && tempLeftovers(server.root).length === 0; i++) await Bun.sleep(5);
    expect(tempLeftovers(server.root).length).toBeGreaterThan(0);
    const exited = new Promise<number | null>((r) => server.process.once("exit", (code) => r(code)));
    server.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    await copying;
    const left = tempLeftovers(server.root);
    try {
      expect(left).toEqual([]);
      expect(readdirSync(src)).toHaveLength(300);
    } finally {
      await server.stop();
    }
  });

  it("reads FB_ variables and a --config file, flags winning", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fbe-cfg-"));
    writeFileSync(join(dir, "conf.json"), JSON.stringify({ baseurl: "/from-file", signup: true }));
    const server = await startServer({
      args: ["--config", join(dir, "conf.json"), "--baseurl", "/flag"],
      env: { FB_BASEURL: "/env" },
    });
    try {
      const html = await (await fetch(`${server.origin}/flag/files/`)).text();
      const config = JSON.parse(/<script id="fbe-config" type="application\/json">(.*?)<\/script>/.exec(html)![1]);
      expect(config).toMatchObject({ baseURL: "/flag", signup: true });
    } finally {
      await server.stop();
    }
  });

  it("acts as user 1 for every request in no-auth mode", async () => {
    const server = await startServer({ args: ["--noauth"] });
    try {
      expect((await fetch(`${server.url}/api/resources/`)).status).toBe(200);
      const token = await (await fetch(`${server.url}/api/login`, { method: "POST", body: "{}" })).text();
      expect(JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()).user.id).toBe(1);
    } finally {
      await server.stop();
    }
  });
});
