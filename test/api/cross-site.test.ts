import { describe, expect, it } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";

const ctx = serverInProcess();
let n = 0;

/** Creates a folder with a POST carrying `headers`; returns the status and whether the folder appeared. */
async function createFolder(
  headers: Record<string, string>,
  query = "",
): Promise<{ status: number; created: boolean }> {
  const name = `made-${++n}`;
  const res = await fetch(`${ctx.server.url}/api/resources/${name}/${query}`, { method: "POST", headers });
  return { status: res.status, created: existsSync(join(ctx.server.root, name)) };
}

describe("writes authorized by the auth cookie", () => {
  it("are refused from a foreign origin and nothing is written, while the same call with X-Auth succeeds", async () => {
    const forged = await createFolder({ Cookie: `auth=${ctx.admin}`, Origin: "https://evil.example" });
    expect(forged).toEqual({ status: 403, created: false });
    expect(await createFolder({ "X-Auth": ctx.admin, Origin: "https://evil.example" })).toEqual({
      status: 200,
      created: true,
    });
  });

  it("are refused with no Origin and no Fetch Metadata to vouch for them", async () => {
    expect(await createFolder({ Cookie: `auth=${ctx.admin}` })).toEqual({ status: 403, created: false });
    expect(await createFolder({ Cookie: `auth=${ctx.admin}`, "Sec-Fetch-Site": "cross-site" })).toEqual({
      status: 403,
      created: false,
    });
  });

  it("are accepted from this server's own origin or with Sec-Fetch-Site: same-origin", async () => {
    expect(await createFolder({ Cookie: `auth=${ctx.admin}`, Origin: ctx.server.origin })).toEqual({
      status: 200,
      created: true,
    });
    expect(await createFolder({ Cookie: `auth=${ctx.admin}`, "Sec-Fetch-Site": "same-origin" })).toEqual({
      status: 200,
      created: true,
    });
  });

  it("apply to every writing method: DELETE with a foreign origin leaves the file", async () => {
    await fetch(`${ctx.server.url}/api/resources/keep.txt`, {
      method: "POST",
      headers: { "X-Auth": ctx.admin },
      body: "x",
    });
    const res = await fetch(`${ctx.server.url}/api/resources/keep.txt`, {
      method: "DELETE",
      headers: { Cookie: `auth=${ctx.admin}`, Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect(existsSync(join(ctx.server.root, "keep.txt"))).toBe(true);
  });
});

describe("the auth query parameter", () => {
  it("authorizes reads but never a write", async () => {
    expect((await fetch(`${ctx.server.url}/api/resources/?auth=${ctx.admin}`)).status).toBe(200);
    const res = await createFolder({}, `?auth=${ctx.admin}`);
    expect(res).toEqual({ status: 403, created: false });
  });
});

describe("reads authorized by the cookie", () => {
  it("keep working from anywhere (links, media elements)", async () => {
    const res = await fetch(`${ctx.server.url}/api/resources/`, {
      headers: { Cookie: `auth=${ctx.admin}`, Origin: "https://elsewhere.example" },
    });
    expect(res.status).toBe(200);
  });
});

describe("every page and file", () => {
  it("is sent with Referrer-Policy: no-referrer, so no token in a URL leaks through Referer", async () => {
    await fetch(`${ctx.server.url}/api/resources/ref.txt`, {
      method: "POST",
      headers: { "X-Auth": ctx.admin },
      body: "x",
    });
    for (const url of [
      `${ctx.server.url}/files/`,
      `${ctx.server.url}/api/raw/ref.txt?auth=${ctx.admin}&inline=true`,
      `${ctx.server.url}/login`,
    ]) {
      expect((await fetch(url)).headers.get("referrer-policy")).toBe("no-referrer");
    }
  });
});
