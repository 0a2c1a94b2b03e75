/**
 * The `Host` check (`--allowed-hosts`, `FB_ALLOWED_HOSTS`; docs/security.md "Host names"): a page that re-points
 * its own name at the server (DNS rebinding) is its own origin to the browser, so only the Host tells it apart.
 * Such requests get 421 and touch nothing. A server on a loopback address answers only the loopback names unless
 * the list is set; /health answers every name.
 */
import { afterAll, describe, expect, it } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import type { TestServer } from "../support/server";
import { startInProcess } from "../support/in-process";
import { rawRequest } from "../support/raw-request";

const ctx = serverInProcess({ args: ["--noauth"] });
const UPGRADE = {
  Upgrade: "websocket",
  Connection: "Upgrade",
  "Sec-WebSocket-Version": "13",
  "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
};
const started: TestServer[] = [];
// These tests start servers of their own, which takes seconds on a busy machine.
const START_MS = 45_000;
afterAll(() => Promise.all(started.map((s) => s.stop())));

const port = (s: TestServer) => new URL(s.origin).port;
/** Sends `method target` to `server` with the given Host (and, like a rebound page, the same name as Origin). */
const asHost = (
  server: TestServer,
  host: string,
  target: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) => rawRequest(server.origin, target, { ...init, headers: { Host: host, Origin: `http://${host}`, ...init.headers } });

describe("a server on a loopback address without --allowed-hosts", () => {
  it("answers 421 to a rebound name and neither reads nor writes", async () => {
    const host = `rebind.example:${port(ctx.server)}`;
    const read = await asHost(ctx.server, host, "/api/resources/");
    expect(read.status).toBe(421);
    expect(read.body).toBe("421 Misdirected Request (unknown host name: see --allowed-hosts)");
    const write = await asHost(ctx.server, host, "/api/resources/rebound/", { method: "POST" });
    expect(write.status).toBe(421);
    expect(existsSync(join(ctx.server.root, "rebound"))).toBe(false);
    expect((await asHost(ctx.server, host, "/files/")).status).toBe(421);
  });

  it("refuses a WebSocket upgrade under a rebound name", async () => {
    const res = await asHost(ctx.server, `rebind.example:${port(ctx.server)}`, "/api/task", { headers: UPGRADE });
    expect(res.status).toBe(421);
  });

  it("answers localhost, 127.0.0.1 and [::1] with any port, in any case", async () => {
    for (const host of [
      `localhost:${port(ctx.server)}`,
      "LOCALHOST",
      `127.0.0.1:${port(ctx.server)}`,
      "[::1]:1",
      "localhost.",
    ]) {
      expect({ host, status: (await asHost(ctx.server, host, "/api/resources/")).status }).toEqual({
        host,
        status: 200,
      });
    }
  });

  it("answers 421 to a Host that only looks like a loopback name", async () => {
    expect(
      (await rawRequest(ctx.server.origin, "/api/resources/", { headers: { Host: "localhost@evil.example" } })).status,
    ).toBe(421);
    expect(
      (await rawRequest(ctx.server.origin, "/api/resources/", { headers: { Host: "127.0.0.1.evil.example" } })).status,
    ).toBe(421);
  });

  it("answers /health under any name, for load balancers", async () => {
    const res = await asHost(ctx.server, "10.1.2.3:8080", "/health");
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).status).toBe("OK");
  });
});

describe("--allowed-hosts", () => {
  it(
    "answers exactly the listed names, from the flag or FB_ALLOWED_HOSTS",
    async () => {
      const byFlag = await startInProcess({
        args: ["--noauth", "--allowed-hosts", "files.example, Other.Example:8443"],
      });
      started.push(byFlag);
      const byEnv = await startInProcess({ args: ["--noauth"], env: { FB_ALLOWED_HOSTS: "files.example" } });
      started.push(byEnv);
      for (const server of [byFlag, byEnv]) {
        expect((await asHost(server, "files.example", "/api/resources/")).status).toBe(200);
        expect((await asHost(server, `files.example:${port(server)}`, "/api/resources/")).status).toBe(200);
        expect((await asHost(server, `localhost:${port(server)}`, "/api/resources/")).status).toBe(421);
        expect((await asHost(server, "evil.example", "/api/resources/")).status).toBe(421);
      }
      expect((await asHost(byFlag, "other.example", "/api/resources/")).status).toBe(200);
    },
    START_MS,
  );

  it(
    "with * answers every name",
    async () => {
      const server = await startInProcess({ args: ["--noauth", "--allowed-hosts", "*"] });
      started.push(server);
      expect((await asHost(server, "anything.example", "/api/resources/")).status).toBe(200);
    },
    START_MS,
  );

  it(
    "refuses to start with an entry that is not a host name",
    async () => {
      const failed = await startInProcess({ args: ["--allowed-hosts", "files.example/path"] }).then(
        (s) => {
          started.push(s);
          return "";
        },
        (err: Error) => err.message,
      );
      expect(failed).toContain("--allowed-hosts");
      expect(failed).toContain("is not a host name");
    },
    START_MS,
  );
});
