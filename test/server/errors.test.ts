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
    const err = await copyFile(join(dir, "was-a-file"), join(dir, "copy")).then(() => null, (e: unknown) => e);
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
  it("answers a file body that vanished after the app answered with our 404, not Bun's error page", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fbe-errors-"));
    const server = Bun.serve({ port: 0, fetch: () => new Response(Bun.file(join(dir, "gone.bin")).slice(0, 100), { status: 206 }), error: serveErrorResponse });
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/`);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("404 Not Found");
    } finally {
      server.stop(true);
    }
  });
});
