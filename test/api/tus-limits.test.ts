import { beforeAll, describe, expect, it } from "bun:test";
import { serverPerFile } from "../support/server-per-file";
import { existsSync, mkdirSync, readdirSync, statfsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { login, startServer, type ProcessServer, type TestServer } from "../support/server";
import { call, makeUser, putSettings } from "../support/factories";

const TUS = { "Tus-Resumable": "1.0.0" };
const OCTETS = "application/offset+octet-stream";
const ctx = serverPerFile();

beforeAll(async () => {
  mkdirSync(join(ctx.server.root, "in"), { recursive: true });
});

const tus = (s: TestServer, token: string, path: string, init: RequestInit = {}) =>
  fetch(`${s.url}/api/tus${path}`, { ...init, headers: { "X-Auth": token, ...TUS, ...(init.headers ?? {}) } });
const create = (s: TestServer, token: string, path: string, length: number, body?: Uint8Array) =>
  tus(s, token, path, {
    method: "POST",
    headers: { "Upload-Length": String(length), ...(body ? { "Content-Type": OCTETS } : {}) },
    body: body as BodyInit | undefined,
  });
const terminate = (s: TestServer, token: string, path: string) => tus(s, token, path, { method: "DELETE" });
/** Bytes free for unprivileged writes where the server's files are. */
const freeBytes = () => {
  const fs = statfsSync(ctx.server.root);
  return Number(fs.bavail) * Number(fs.bsize);
};

/** Waits until the server process ended. */
function exited(s: ProcessServer): Promise<void> {
  return new Promise((resolve) => (s.process.exitCode !== null ? resolve() : s.process.once("exit", () => resolve())));
}

describe("tus limits", () => {
  it("the global setting tusUploadsPerUser defaults to 100 and takes 1 to 10000", async () => {
    const res = await call(ctx.server, ctx.admin, "GET", "/settings");
    expect(((await res.json()) as { tusUploadsPerUser: number }).tusUploadsPerUser).toBe(100);
    for (const bad of [0, 10001, 1.5, "lots"]) {
      expect({
        bad,
        status: (await call(ctx.server, ctx.admin, "PUT", "/settings", { tusUploadsPerUser: bad })).status,
      }).toEqual({ bad, status: 400 });
    }
  });

  it("refuses a user's upload past tusUploadsPerUser with 429 and a clear message; another user still uploads, and a termination frees a place", async () => {
    await putSettings(ctx.server, ctx.admin, { tusUploadsPerUser: 3 });
    const user = await makeUser(ctx.server, ctx.admin);
    const other = await makeUser(ctx.server, ctx.admin);
    try {
      for (const n of [1, 2, 3]) expect((await create(ctx.server, user.token, `/in/u${n}.bin`, 10)).status).toBe(201);
      const refused = await create(ctx.server, user.token, "/in/u4.bin", 10);
      expect(refused.status).toBe(429);
      expect(await refused.text()).toBe("429 Too Many Requests (at most 3 resumable uploads in progress per user)");
      // Starting one of the same target over is not one more.
      expect((await create(ctx.server, user.token, "/in/u3.bin", 20)).status).toBe(201);
      expect((await create(ctx.server, other.token, "/in/o1.bin", 10)).status).toBe(201);
      expect((await terminate(ctx.server, user.token, "/in/u1.bin")).status).toBe(204);
      expect((await create(ctx.server, user.token, "/in/u4.bin", 10)).status).toBe(201);
    } finally {
      for (const n of [2, 3, 4]) await terminate(ctx.server, user.token, `/in/u${n}.bin`);
      await terminate(ctx.server, other.token, "/in/o1.bin");
      await putSettings(ctx.server, ctx.admin, { tusUploadsPerUser: 100 });
    }
  });

  it("refuses a creation when its bytes and those other uploads still expect exceed the free space, though each fits alone", async () => {
    const user = await makeUser(ctx.server, ctx.admin);
    const share = Math.floor(freeBytes() * 0.6);
    try {
      expect((await create(ctx.server, ctx.admin, "/in/big-a.bin", share)).status).toBe(201);
      const refused = await create(ctx.server, user.token, "/in/big-b.bin", share);
      expect(refused.status).toBe(413);
      expect(await refused.text()).toBe("413 Payload Too Large (not enough free space for this upload)");
      expect((await terminate(ctx.server, ctx.admin, "/in/big-a.bin")).status).toBe(204);
      expect((await create(ctx.server, user.token, "/in/big-b.bin", share)).status).toBe(201);
    } finally {
      await terminate(ctx.server, ctx.admin, "/in/big-a.bin");
      await terminate(ctx.server, user.token, "/in/big-b.bin");
    }
  });

  it("OPTIONS does not tell the free space: no Tus-Max-Size", async () => {
    const res = await tus(ctx.server, ctx.admin, "/in/x.bin", { method: "OPTIONS" });
    expect(res.status).toBe(204);
    expect(res.headers.get("Tus-Version")).toBe("1.0.0");
    expect(res.headers.get("Tus-Max-Size")).toBeNull();
  });
});

describe("tus uploads in the store", () => {
  it("writes no journal file on creation, and an upload resumes after a restart; a journal of an earlier version is taken over", async () => {
    const first = await startServer();
    let second: TestServer | undefined;
    try {
      const token = await login(first);
      for (let i = 0; i < 20; i++)
        expect((await create(first, token, `/f${i}.bin`, 10, new Uint8Array(4))).status).toBe(201);
      const cache = join(first.home, ".cache");
      expect(existsSync(join(cache, "tus-uploads.json"))).toBe(false);
      // A journal file as earlier versions wrote it, naming a temp file of 3 bytes.
      const tmp = join(first.root, ".fbe-upload-tus-legacy");
      writeFileSync(tmp, "abc");
      const legacy = {
        userId: 1,
        abs: join(first.root, "legacy.bin"),
        tmp,
        length: 5,
        override: false,
        metadata: { filename: "legacy.bin" },
        expiresAt: Date.now() + 3_600_000,
      };
      mkdirSync(cache, { recursive: true });
      writeFileSync(join(cache, "tus-uploads.json"), JSON.stringify([legacy]));
      first.process.kill("SIGTERM");
      await exited(first);
      second = await startServer({
        root: first.root,
        args: ["-d", join(first.home, "fbe.db")],
        password: first.password,
      });
      const again = await login(second);
      const head = await tus(second, again, "/f7.bin", { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("Upload-Offset")).toBe("4");
      const old = await tus(second, again, "/legacy.bin", { method: "HEAD" });
      expect(old.status).toBe(200);
      expect(old.headers.get("Upload-Offset")).toBe("3");
      expect(existsSync(join(cache, "tus-uploads.json"))).toBe(false);
      const done = await tus(second, again, "/legacy.bin", {
        method: "PATCH",
        headers: { "Upload-Offset": "3", "Content-Type": OCTETS },
        body: new TextEncoder().encode("de"),
      });
      expect(done.status).toBe(204);
      expect(readdirSync(first.root)).toContain("legacy.bin");
    } finally {
      await second?.stop();
      await first.stop();
    }
  }, 60_000);
});
