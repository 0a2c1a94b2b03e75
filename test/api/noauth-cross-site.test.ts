/**
 * No-auth mode keeps the logged-in mode's cross-site rules (docs/security.md "No-auth mode"): with no login to
 * prove, a write or a WebSocket upgrade needs this server's Origin (or Sec-Fetch-Site: same-origin without a
 * foreign Origin) or an X-Auth header, which no other site can send without a preflight. Reads stay open.
 */
import { describe, expect, it } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";

const ctx = serverInProcess({ args: ["--noauth"] });
const EVIL = "https://evil.example";
const UPGRADE = {
  Upgrade: "websocket",
  Connection: "Upgrade",
  "Sec-WebSocket-Version": "13",
  "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
};
let n = 0;

/** Creates a folder with a POST carrying `headers`; returns the status and whether the folder appeared. */
async function createFolder(headers: Record<string, string>): Promise<{ status: number; created: boolean }> {
  const name = `made-${++n}`;
  const res = await fetch(`${ctx.server.url}/api/resources/${name}/`, { method: "POST", headers });
  return { status: res.status, created: existsSync(join(ctx.server.root, name)) };
}

/** Status of a WebSocket upgrade of `path` with `headers` (the socket is dropped at once). */
async function upgradeStatus(path: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(`${ctx.server.url}${path}`, { headers: { ...UPGRADE, ...headers } });
  await res.body?.cancel().catch(() => {});
  return res.status;
}

describe("in no-auth mode, writes", () => {
  it("are refused from a foreign origin and nothing is written", async () => {
    expect(await createFolder({ Origin: EVIL })).toEqual({ status: 403, created: false });
    expect(await createFolder({ Origin: "null" })).toEqual({ status: 403, created: false });
    expect(await createFolder({ Origin: EVIL, "Sec-Fetch-Site": "same-origin" })).toEqual({
      status: 403,
      created: false,
    });
  });

  it("are refused with no Origin, no Fetch Metadata and no X-Auth to vouch for them", async () => {
    expect(await createFolder({})).toEqual({ status: 403, created: false });
    expect(await createFolder({ "Sec-Fetch-Site": "cross-site" })).toEqual({ status: 403, created: false });
  });

  it("are accepted from this server's own origin, with Sec-Fetch-Site: same-origin, or with an X-Auth header", async () => {
    expect(await createFolder({ Origin: ctx.server.origin })).toEqual({ status: 200, created: true });
    expect(await createFolder({ "Sec-Fetch-Site": "same-origin" })).toEqual({ status: 200, created: true });
    expect(await createFolder({ "X-Auth": "anything", Origin: EVIL })).toEqual({ status: 200, created: true });
  });

  it("cannot create an admin from another site", async () => {
    const user = { username: "intruder", password: "long-enough-password", perm: { admin: true } };
    const forged = await fetch(`${ctx.server.url}/api/users`, {
      method: "POST",
      headers: { Origin: EVIL, "Content-Type": "text/plain" },
      body: JSON.stringify({ what: "user", which: [], data: user }),
    });
    expect(forged.status).toBe(403);
    const users = (await (await fetch(`${ctx.server.url}/api/users`)).json()) as Array<{ username: string }>;
    expect(users.map((u) => u.username)).not.toContain("intruder");
  });

  it("through DELETE from a foreign origin leave the file", async () => {
    expect(
      (
        await fetch(`${ctx.server.url}/api/resources/keep.txt`, {
          method: "POST",
          headers: { Origin: ctx.server.origin },
          body: "x",
        })
      ).status,
    ).toBe(200);
    const res = await fetch(`${ctx.server.url}/api/resources/keep.txt`, {
      method: "DELETE",
      headers: { Origin: EVIL },
    });
    expect(res.status).toBe(403);
    expect(existsSync(join(ctx.server.root, "keep.txt"))).toBe(true);
  });
});

describe("in no-auth mode, WebSocket upgrades", () => {
  it("of the task and command connections are refused from a foreign origin or without one", async () => {
    for (const path of ["/api/task", "/api/command/"]) {
      expect(await upgradeStatus(path, { Origin: EVIL })).toBe(403);
      expect(await upgradeStatus(`${path}?auth=x`, { Origin: EVIL })).toBe(403);
      expect(await upgradeStatus(path, {})).toBe(403);
    }
  });

  it("are accepted from this server's own origin", async () => {
    expect(await upgradeStatus("/api/task", { Origin: ctx.server.origin })).toBe(101);
    expect(await upgradeStatus("/api/command/", { Origin: ctx.server.origin })).toBe(101);
  });
});

describe("in no-auth mode, reads", () => {
  it("need no Origin, and a script still gets the first user's token from /api/login", async () => {
    expect((await fetch(`${ctx.server.url}/api/resources/`, { headers: { Origin: EVIL } })).status).toBe(200);
    const login = await fetch(`${ctx.server.url}/api/login`, { method: "POST", body: "{}" });
    expect(login.status).toBe(200);
    expect((await login.text()).split(".")).toHaveLength(3);
  });
});
