import { beforeAll, describe, expect, it } from "bun:test";
import { serverPerFile } from "../support/server-per-file";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { login, serverCommand } from "../support/server";
import { call, makeUser } from "../support/factories";
import { openTaskSocket } from "../support/task-socket";
import { refusal } from "../support/task-helpers";
import type { FailedLog } from "../../src/shared/wire/failed-log";

// Transfer threads: with the first file request, two more listeners join the port; the kernel spreads new
// connections over all three. Every request is checked over many fresh connections, so each kind of request
// also reaches the threads, which serve files and hand the rest to the main thread.
const THREADS = 2;
const FRESH = 30;
const ctx = serverPerFile({ env: { FBE_TRANSFER_THREADS: String(THREADS), FBE_TRANSFER_IDLE_MS: "3000" } });
const blob = randomBytes(3 << 20);

/** Listening sockets on `port`, from the kernel's table (state 0A is LISTEN). */
function listeners(port: number): number {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  let n = 0;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(`:${hex}`) && f[3] === "0A") n++;
    }
  }
  return n;
}

const port = () => Number(new URL(ctx.server.origin).port);
/** A request on a connection of its own (no reuse), so the kernel picks a listener for each. */
const fresh = (path: string, init: RequestInit = {}) =>
  fetch(`${ctx.server.url}${path}`, {
    ...init,
    keepalive: false,
    headers: { Connection: "close", ...(init.headers as Record<string, string>) },
  });

async function until(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await Bun.sleep(100);
  }
  return cond();
}

beforeAll(async () => {
  writeFileSync(join(ctx.server.root, "blob.bin"), blob);
});

describe("transfer threads", () => {
  it("join the port with the first file request, then serve whole files and Range reads over every connection", async () => {
    expect(listeners(port())).toBe(1);
    expect((await fresh("/api/raw/blob.bin", { headers: { "X-Auth": ctx.admin } })).status).toBe(200);
    expect(await until(() => listeners(port()) === 1 + THREADS, 5000)).toBe(true);
    for (let i = 0; i < FRESH; i++) {
      const start = (i * 104_729) % (blob.length - 65_536);
      const res = await fresh(`/api/raw/blob.bin?auth=${ctx.admin}`, {
        headers: { Range: `bytes=${start}-${start + 65_535}` },
      });
      expect(res.status).toBe(206);
      expect(res.headers.get("Content-Range")).toBe(`bytes ${start}-${start + 65_535}/${blob.length}`);
      expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
      expect(Buffer.from(await res.arrayBuffer()).equals(blob.subarray(start, start + 65_536))).toBe(true);
    }
    const whole = await fresh("/api/raw/blob.bin", { headers: { "X-Auth": ctx.admin } });
    expect(whole.headers.get("Content-Length")).toBe(String(blob.length));
    expect(Buffer.from(await whole.arrayBuffer()).equals(blob)).toBe(true);
  });

  it("give every other request the main thread's answer: listings, uploads, archives, errors, the UI", async () => {
    for (let i = 0; i < FRESH; i++) {
      const body = randomBytes(200_000 + i);
      const up = await fresh(`/api/resources/up/f-${i}.bin?override=true`, {
        method: "POST",
        body,
        headers: { "X-Auth": ctx.admin },
      });
      expect(up.status).toBe(200);
      expect(readFileSync(join(ctx.server.root, "up", `f-${i}.bin`)).equals(body)).toBe(true);
      const list = await fresh("/api/resources/up/", { headers: { "X-Auth": ctx.admin } });
      expect(((await list.json()) as { items: unknown[] }).items.length).toBe(i + 1);
      expect((await fresh("/api/raw/up/", { headers: { "X-Auth": ctx.admin } })).status).toBe(400);
      expect((await fresh("/api/raw/missing.bin", { headers: { "X-Auth": ctx.admin } })).status).toBe(404);
      expect((await fresh("/api/raw/blob.bin")).status).toBe(401);
      expect((await fresh("/api/raw/..%2F..%2Fetc%2Fpasswd", { headers: { "X-Auth": ctx.admin } })).status).toBe(403);
    }
    const zip = await fresh("/api/raw/up/?algo=zip", { headers: { "X-Auth": ctx.admin } });
    expect(zip.headers.get("Content-Type")).toBe("application/zip");
    expect((await zip.arrayBuffer()).byteLength).toBeGreaterThan(FRESH * 200_000);
    const page = await fresh("/files/", { headers: { "Accept-Encoding": "gzip" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it("refuse an ended session's token on every connection at once", async () => {
    const own = await login(ctx.server);
    expect((await fresh("/api/raw/blob.bin", { headers: { "X-Auth": own, Range: "bytes=0-9" } })).status).toBe(206);
    expect((await fresh("/api/logout", { method: "POST", headers: { "X-Auth": own } })).status).toBeLessThan(300);
    for (let i = 0; i < FRESH; i++)
      expect((await fresh("/api/raw/blob.bin", { headers: { "X-Auth": own, Range: "bytes=0-9" } })).status).toBe(401);
  });

  it("keep the client's address for failed logins and bans", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fresh("/api/login", {
        method: "POST",
        body: JSON.stringify({ username: "admin", password: `wrong-${i}` }),
      });
      expect(res.status).toBe(403);
    }
    const logs = (await (await call(ctx.server, ctx.admin, "GET", "/logs")).json()) as FailedLog[];
    expect(logs.map((l) => [l.ip, l.failedAttemptsCount])).toEqual([["127.0.0.1", 3]]);
    expect((await call(ctx.server, ctx.admin, "DELETE", "/logs?ip=127.0.0.1")).status).toBeLessThan(300);
  });

  it("carry WebSockets both ways and refuse upgrades with the main thread's answer", async () => {
    const reader = await makeUser(ctx.server, ctx.admin, { perm: { download: true } });
    const handshake = {
      Upgrade: "websocket",
      Connection: "Upgrade",
      "Sec-WebSocket-Version": "13",
      "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    };
    for (let i = 0; i < 8; i++) {
      const ws = await openTaskSocket(ctx.server, ctx.admin);
      expect(await refusal(ws, "not json")).toMatch(/not JSON/);
      await ws.close();
      // No execute permission: 403 before any upgrade; a cookie from another site: 403; no token: 401.
      expect((await fresh(`/api/task?auth=${reader.token}`, { headers: handshake })).status).toBe(403);
      expect(
        (
          await fresh("/api/task", {
            headers: { ...handshake, Cookie: `auth=${ctx.admin}`, Origin: "https://evil.example" },
          })
        ).status,
      ).toBe(403);
      expect((await fresh("/api/task", { headers: handshake })).status).toBe(401);
    }
  });

  it("leave the port after the idle time and come back with the next file request", async () => {
    expect(await until(() => listeners(port()) === 1, 15_000)).toBe(true);
    expect((await fresh("/api/resources/", { headers: { "X-Auth": ctx.admin } })).status).toBe(200);
    expect((await fresh("/api/raw/blob.bin", { headers: { "X-Auth": ctx.admin, Range: "bytes=0-0" } })).status).toBe(
      206,
    );
    expect(await until(() => listeners(port()) === 1 + THREADS, 5000)).toBe(true);
  }, 30_000);

  it("still refuse a second server on the same port", () => {
    const [cmd, ...args] = serverCommand();
    const second = spawnSync(
      cmd,
      [...args, "-p", String(port()), "-r", ctx.server.root, "-d", join(ctx.server.home, "second.db")],
      { encoding: "utf8", timeout: 20_000, env: { ...process.env, FBE_TRANSFER_THREADS: String(THREADS) } },
    );
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/in use/i);
    expect(listeners(port())).toBeGreaterThanOrEqual(1);
  }, 30_000);
});
