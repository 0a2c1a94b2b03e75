import { describe, expect, it } from "bun:test";
import { copyFile } from "node:fs/promises";
import { mkdtempSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serveErrorResponse, toErrorResponse } from "../../src/server/errors";

describe("file system errors as answers", () => {
  it("answers a copy whose source is a folder (Bun's ENOTSUP) with 400, not 500", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fbe-errors-"));
    mkdirSync(join(dir, "was-a-file"));
    const err = await copyFile(join(dir, "was-a-file"), join(dir, "copy")).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    const answer = toErrorResponse(err);
    expect(answer.status).toBe(400);
    expect(answer.unexpected).toBe(false);
    expect(answer.body).toStartWith("400 Bad Request");
  });
  it("keeps 507 for a full disk and 500 with no detail for what is not a file system error", () => {
    expect(toErrorResponse(Object.assign(new Error("x"), { code: "ENOSPC" })).status).toBe(507);
    const other = toErrorResponse(new Error("secret detail"));
    expect(other.status).toBe(500);
    expect(other.body).not.toContain("secret");
  });
  it("takes a client that closed the connection mid-body for no server fault: 400, nothing logged as unexpected", async () => {
    let caught: unknown = null;
    const read = Promise.withResolvers<void>();
    const server = Bun.serve({
      port: 0,
      fetch: async (req) => {
        try {
          return Response.json(await req.json());
        } catch (err) {
          caught = err;
          read.resolve();
          throw err;
        }
      },
      error: serveErrorResponse,
    });
    try {
      const socket = await Bun.connect({ hostname: "127.0.0.1", port: server.port!, socket: { data() {} } });
      socket.write(
        'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"username":',
      );
      await Bun.sleep(50);
      socket.end();
      await read.promise;
      expect((caught as Error).name).toBe("AbortError");
      expect(toErrorResponse(caught)).toMatchObject({ status: 400, unexpected: false });
    } finally {
      server.stop(true);
    }
  });
  it("answers a file body that vanished after the app answered with our 404, not Bun's error page", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fbe-errors-"));
    const server = Bun.serve({
      port: 0,
      fetch: () => new Response(Bun.file(join(dir, "gone.bin")).slice(0, 100), { status: 206 }),
      error: serveErrorResponse,
    });
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/`);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("404 Not Found");
    } finally {
      server.stop(true);
    }
  });
});
