/**
 * JSON bodies are capped before they are parsed (docs/security.md "Request bodies"): 8 KiB on the routes anyone
 * reaches before logging in (login, signup, share password), 1 MiB on every other JSON route. An oversized body
 * gets 413 and is not read further, so a huge login body costs the server no memory.
 */
import { beforeAll, describe, expect, it } from "bun:test";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { serverPerFile } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { call, putSettings } from "../support/factories";

const ctx = serverPerFile();
const KIB = 1024;
const MIB = 1024 * KIB;
const TOO_LARGE_AUTH = "413 Payload Too Large (JSON body over 8192 bytes)";
const TOO_LARGE = `413 Payload Too Large (JSON body over ${MIB} bytes)`;

beforeAll(async () => {
  await putSettings(ctx.server, ctx.admin, { signup: true, createUserDir: true, loginBan: { enabled: false } });
  makeTree(ctx.server.root, { "shared.txt": "hello" });
});

/** Peak resident memory of the server process so far (MiB), from /proc. */
function serverPeakMiB(): number {
  const status = readFileSync(`/proc/${ctx.server.process.pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/**
 * POSTs a login body of `declared` bytes (Content-Length) or, with `declared` null, a chunked one, sending 1 MiB
 * pieces until the server answers or `maxSend` bytes went out (then a chunked body is ended). Resolves with the
 * status and the answer body; status 0 when nothing came within 4 s after.
 */
function pushLoginBody(declared: number | null, maxSend: number): Promise<{ status: number; body: string }> {
  const url = new URL(ctx.server.origin);
  const piece = Buffer.alloc(MIB, 0x61);
  return new Promise((resolve) => {
    let got = "";
    let sent = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = () => {
      clearTimeout(timer);
      sock.destroy();
      const [head = "", body = ""] = got.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), body });
    };
    const sock = connect(Number(url.port), url.hostname, () => {
      const framing = declared === null ? "Transfer-Encoding: chunked" : `Content-Length: ${declared}`;
      sock.write(
        `POST /api/login HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`,
      );
      const pump = () => {
        while (sent < maxSend && !got) {
          const data =
            declared === null
              ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")])
              : piece;
          sent += piece.length;
          if (!sock.write(data)) return void sock.once("drain", pump);
        }
        if (declared === null && !got) sock.write("0\r\n\r\n");
        timer ??= setTimeout(finish, 4000);
      };
      pump();
    });
    sock.on("data", (d) => {
      got += d;
      const split = got.indexOf("\r\n\r\n");
      const length = Number(/content-length: (\d+)/i.exec(got)?.[1] ?? -1);
      if (split >= 0 && got.length - split - 4 >= length) finish();
    });
    sock.on("error", finish);
    sock.on("close", finish);
  });
}

describe("a login body", () => {
  it("declaring 600 MB is refused with 413 before it is read, and the server's memory does not grow", async () => {
    const peak = serverPeakMiB();
    const res = await pushLoginBody(600 * MIB, 32 * MIB);
    expect({ status: res.status, body: res.body }).toEqual({ status: 413, body: TOO_LARGE_AUTH });
    expect(serverPeakMiB() - peak).toBeLessThan(24);
  });

  it("sent chunked without a length is read only up to the cap, and the server's memory does not grow", async () => {
    const peak = serverPeakMiB();
    const res = await pushLoginBody(null, 32 * MIB);
    expect({ status: res.status, body: res.body }).toEqual({ status: 413, body: TOO_LARGE_AUTH });
    expect(serverPeakMiB() - peak).toBeLessThan(24);
  });

  it("of 9 KiB gets 413, while one just under 8 KiB is still read", async () => {
    const big = await call(ctx.server, null, "POST", "/login", { username: "admin", password: "x".repeat(9 * KIB) });
    expect(big.status).toBe(413);
    expect(await big.text()).toBe(TOO_LARGE_AUTH);
    const fits = await call(ctx.server, null, "POST", "/login", {
      username: ctx.server.username,
      password: ctx.server.password,
      pad: "p".repeat(7 * KIB),
    });
    expect(fits.status).toBe(200);
  });
});

describe("the other routes reached before a login", () => {
  it("refuse a signup body over 8 KiB with 413 and make no account", async () => {
    const res = await call(ctx.server, null, "POST", "/signup", {
      username: "padded-signup",
      password: "long-enough-password",
      pad: "p".repeat(9 * KIB),
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe(TOO_LARGE_AUTH);
    const users = (await (await call(ctx.server, ctx.admin, "GET", "/users")).json()) as Array<{ username: string }>;
    expect(users.map((u) => u.username)).not.toContain("padded-signup");
  });

  it("refuse a share password body over 8 KiB with 413", async () => {
    const made = await call(ctx.server, ctx.admin, "POST", "/share/shared.txt", { password: "share-secret" });
    expect(made.status).toBe(200);
    const { hash } = (await made.json()) as { hash: string };
    const res = await call(ctx.server, null, "POST", `/public/share/${hash}/token`, { password: "s".repeat(9 * KIB) });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe(TOO_LARGE_AUTH);
    expect(
      (await call(ctx.server, null, "POST", `/public/share/${hash}/token`, { password: "share-secret" })).status,
    ).toBe(200);
  });
});

describe("every other JSON route", () => {
  const huge = "h".repeat(MIB + KIB);

  it("refuses a body over 1 MiB with 413: settings, users, share options", async () => {
    const cases: Array<[string, string, unknown]> = [
      ["PUT", "/settings", { branding: { name: huge } }],
      ["POST", "/users", { what: "user", which: [], data: { username: "huge", password: huge } }],
      ["PUT", "/users/1", { what: "user", which: ["locale"], data: { locale: huge } }],
      ["POST", "/share/shared.txt", { password: huge }],
      ["PATCH", "/share/nohash", { downloadRate: huge }],
    ];
    for (const [method, path, body] of cases) {
      const res = await call(ctx.server, ctx.admin, method, path, body);
      expect({ method, path, status: res.status, body: await res.text() }).toEqual({
        method,
        path,
        status: 413,
        body: TOO_LARGE,
      });
    }
  });

  it("still reads a body of several hundred KiB", async () => {
    const res = await call(ctx.server, ctx.admin, "PUT", "/users/1", {
      what: "user",
      which: ["locale"],
      data: { locale: "en" },
      pad: "p".repeat(512 * KIB),
    });
    expect(res.status).toBe(200);
  });
});
