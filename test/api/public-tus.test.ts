import { beforeAll, describe, expect, it } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { call } from "../support/factories";
import { rawRequest } from "../support/raw-request";

const ctx = serverInProcess();
const TUS = { "Tus-Resumable": "1.0.0" };
const CHUNK = { ...TUS, "Content-Type": "application/offset+octet-stream" };

beforeAll(() => {
  makeTree(ctx.server.root, { inbox: { "old.txt": "kept", sub: {} }, other: { "x.txt": "x" } });
});

async function share(path: string, options: Record<string, unknown>, query = "?expires=1&unit=hours"): Promise<string> {
  const res = await call(ctx.server, ctx.admin, "POST", `/share${path}${query}`, options);
  if (res.status !== 200) throw new Error(`share failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { hash: string }).hash;
}

const tus = (path: string, init: RequestInit = {}) => fetch(`${ctx.server.url}/api/public/tus${path}`, init);
const create = (hash: string, name: string, length: number, headers: Record<string, string> = {}) =>
  tus(`/${hash}/${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { ...TUS, "Upload-Length": String(length), ...headers },
  });

describe("a resumable upload into an upload-only link", () => {
  it("takes a file in chunks, tells its offset after a drop, and stores it by name", async () => {
    const hash = await share("/inbox/", { uploadOnly: true });
    const made = await create(hash, "big file.bin", 10);
    expect(made.status).toBe(201);
    const location = made.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`/api/public/tus/${hash}/big%20file\\.bin\\?key=[\\w-]{20,}$`));
    const at = (init: RequestInit) => fetch(`${ctx.server.url}${location}`, init);
    expect((await at({ method: "PATCH", headers: { ...CHUNK, "Upload-Offset": "0" }, body: "01234" })).status).toBe(
      204,
    );
    // After a dropped connection the client asks where the upload stands and goes on from there.
    const head = await at({ method: "HEAD", headers: TUS });
    expect(head.headers.get("Upload-Offset")).toBe("5");
    expect(head.headers.get("Upload-Metadata")).toBeNull();
    expect(existsSync(join(ctx.server.root, "inbox", "big file.bin"))).toBe(false);
    expect((await at({ method: "PATCH", headers: { ...CHUNK, "Upload-Offset": "5" }, body: "56789" })).status).toBe(
      204,
    );
    expect(readFileSync(join(ctx.server.root, "inbox", "big file.bin"), "utf8")).toBe("0123456789");
  });

  it("keeps the link's rules: no overwrite, no sub-folder, no plain link, a password link needs its token", async () => {
    const hash = await share("/inbox/", { uploadOnly: true });
    expect((await create(hash, "old.txt", 3)).status).toBe(409);
    expect(readFileSync(join(ctx.server.root, "inbox", "old.txt"), "utf8")).toBe("kept");
    expect(
      (await tus(`/${hash}/sub/y.txt`, { method: "POST", headers: { ...TUS, "Upload-Length": "1" } })).status,
    ).toBe(404);
    const plain = await share("/inbox/", {});
    expect((await create(plain, "z.txt", 1)).status).toBe(404);
    const locked = await share("/inbox/", { uploadOnly: true, password: "drop-box" });
    expect((await create(locked, "z.txt", 1)).status).toBe(401);
    const expired = await share("/inbox/", { uploadOnly: true }, "?expires=0&unit=seconds");
    expect((await create(expired, "z.txt", 1)).status).toBe(404);
    expect((await create(hash, "z.txt", 1, { "Tus-Resumable": "0.2.2" })).status).toBe(412);
    expect(existsSync(join(ctx.server.root, "inbox", "z.txt"))).toBe(false);
  });
});

describe("what another visitor of the same link cannot do", () => {
  it("without the upload's key nobody reads, extends or ends it, nor starts the same name over", async () => {
    const hash = await share("/inbox/", { uploadOnly: true });
    const location = (await create(hash, "mine.txt", 6)).headers.get("Location")!;
    const bare = `${ctx.server.url}${location.slice(0, location.indexOf("?"))}`;
    for (const url of [bare, `${bare}?key=guessed-key-of-the-same-length-abc`]) {
      expect((await fetch(url, { method: "HEAD", headers: TUS })).status).toBe(404);
      expect(
        (await fetch(url, { method: "PATCH", headers: { ...CHUNK, "Upload-Offset": "0" }, body: "evil!!" })).status,
      ).toBe(404);
      expect((await fetch(url, { method: "DELETE", headers: TUS })).status).toBe(404);
    }
    expect((await create(hash, "mine.txt", 6)).status).toBe(409);
    expect(
      (
        await fetch(`${ctx.server.url}${location}`, {
          method: "PATCH",
          headers: { ...CHUNK, "Upload-Offset": "0" },
          body: "honest",
        })
      ).status,
    ).toBe(204);
    expect(readFileSync(join(ctx.server.root, "inbox", "mine.txt"), "utf8")).toBe("honest");
  });

  it("no path leaves the shared folder", async () => {
    const hash = await share("/inbox/", { uploadOnly: true });
    for (const escape of [
      "/../other/evil.txt",
      "/%2e%2e/other/evil.txt",
      "/..%2fother%2fevil.txt",
      "/sub/../../other/evil.txt",
    ]) {
      const res = await rawRequest(ctx.server.url, `/api/public/tus/${hash}${escape}`, {
        method: "POST",
        headers: { ...TUS, "Upload-Length": "1" },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    expect(existsSync(join(ctx.server.root, "other", "evil.txt"))).toBe(false);
  });
});
