import { beforeAll, describe, expect, it } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { call } from "../support/factories";

const ctx = serverInProcess();

beforeAll(() => {
  makeTree(ctx.server.root, { "doc.txt": "the document", inbox: { "old.txt": "kept", sub: { "x.txt": "x" } } });
});

/** Creates a link with a JSON options body; returns the answer's JSON. */
async function share(path: string, options: Record<string, unknown>, query = "?expires=1&unit=hours") {
  const res = await call(ctx.server, ctx.admin, "POST", `/share${path}${query}`, options);
  if (res.status !== 200) throw new Error(`share failed: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{
    hash: string;
    hasPassword: boolean;
    uploadOnly: boolean;
    downloadLimit: number;
    downloads: number;
  }>;
}

const pub = (path: string, init: RequestInit = {}) => fetch(`${ctx.server.url}/api/public${path}`, init);
const unlock = (hash: string, password: string) =>
  pub(`/share/${hash}/token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ password }),
  });

describe("a password link", () => {
  it("refuses without the password, never takes it in the URL, and opens with the token a correct password gives", async () => {
    const link = await share("/doc.txt", { password: "open sesame" });
    expect(link.hasPassword).toBe(true);
    expect((await pub(`/share/${link.hash}`)).status).toBe(401);
    expect((await pub(`/dl/${link.hash}`)).status).toBe(401);
    expect((await pub(`/dl/${link.hash}?password=open%20sesame`)).status).toBe(401);
    expect((await unlock(link.hash, "wrong")).status).toBe(403);
    const ok = await unlock(link.hash, "open sesame");
    expect(ok.status).toBe(200);
    const { token } = await ok.json();
    expect((await pub(`/share/${link.hash}`, { headers: { "X-Share-Token": token } })).status).toBe(200);
    expect(await (await pub(`/dl/${link.hash}?token=${token}`)).text()).toBe("the document");
    // The token opens this link only.
    const other = await share("/doc.txt", { password: "another" });
    expect((await pub(`/dl/${other.hash}?token=${token}`)).status).toBe(401);
  });

  it("counts wrong passwords toward the IP ban", async () => {
    const link = await share("/doc.txt", { password: "right-one" });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await unlock(link.hash, `wrong-${i}`)).status);
    expect(statuses).toContain(429);
    expect((await unlock(link.hash, "right-one")).status).toBe(429);
    await call(ctx.server, ctx.admin, "DELETE", "/logs?ip=127.0.0.1");
  });
});

describe("an upload-only folder link", () => {
  it("takes a new file, refuses to overwrite, and lets the visitor list or download nothing", async () => {
    const link = await share("/inbox/", { uploadOnly: true });
    expect(link.uploadOnly).toBe(true);
    const info = await (await pub(`/share/${link.hash}`)).json();
    expect(info).toMatchObject({ uploadOnly: true, isDir: true, name: "inbox" });
    expect(info.items).toBeUndefined();
    expect((await pub(`/share/${link.hash}/sub/`)).status).toBe(404);
    expect((await pub(`/dl/${link.hash}/old.txt`)).status).toBe(404);
    expect((await pub(`/dl/${link.hash}/?algo=zip`)).status).toBe(404);
    expect((await pub(`/upload/${link.hash}/new.txt`, { method: "POST", body: "hello" })).status).toBe(200);
    expect(readFileSync(join(ctx.server.root, "inbox", "new.txt"), "utf8")).toBe("hello");
    expect((await pub(`/upload/${link.hash}/old.txt`, { method: "POST", body: "overwritten?" })).status).toBe(409);
    expect(readFileSync(join(ctx.server.root, "inbox", "old.txt"), "utf8")).toBe("kept");
    expect((await pub(`/upload/${link.hash}/sub/y.txt`, { method: "POST", body: "y" })).status).toBe(404);
    expect(existsSync(join(ctx.server.root, "inbox", "sub", "y.txt"))).toBe(false);
  });

  it("is only for folders, and ordinary links take no upload", async () => {
    expect(
      (await call(ctx.server, ctx.admin, "POST", "/share/doc.txt?expires=1&unit=hours", { uploadOnly: true })).status,
    ).toBe(400);
    const plain = await share("/inbox/", {});
    expect((await pub(`/upload/${plain.hash}/z.txt`, { method: "POST", body: "z" })).status).toBe(404);
    expect(existsSync(join(ctx.server.root, "inbox", "z.txt"))).toBe(false);
  });
});

describe("a download limit", () => {
  it("stops the link after N downloads, counting inline answers and Range parts by their bytes; the admin list shows the count", async () => {
    const link = await share("/doc.txt", { downloadLimit: 2 });
    expect((await pub(`/dl/${link.hash}`, { headers: { Range: "bytes=0-5" } })).status).toBe(206);
    expect((await pub(`/dl/${link.hash}`, { headers: { Range: "bytes=6-" } })).status).toBe(206);
    const listed = (await (await call(ctx.server, ctx.admin, "GET", "/shared")).json()) as Array<{
      hash: string;
      downloads: number;
      downloadLimit: number;
    }>;
    expect(listed.find((s) => s.hash === link.hash)).toMatchObject({ downloads: 1, downloadLimit: 2 });
    expect(await (await pub(`/dl/${link.hash}?inline=true`)).text()).toBe("the document");
    expect((await pub(`/dl/${link.hash}`)).status).toBe(404);
    expect((await pub(`/share/${link.hash}`)).status).toBe(404);
  });

  it("refuses a limit that is not a whole number", async () => {
    for (const bad of [-1, 1.5, "3"]) {
      const res = await call(ctx.server, ctx.admin, "POST", "/share/doc.txt?expires=1&unit=hours", {
        downloadLimit: bad,
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain("downloadLimit");
    }
  });
});
