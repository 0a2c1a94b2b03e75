/**
 * Share links follow their owner's scope (docs/security.md "Share links"): a link keeps the target it was made on,
 * as a path from the files root, and a later change of the owner's scope can only narrow what it reaches.
 */
import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { login } from "../support/server";
import { makeTree } from "../support/tree";
import { call, makeUser, putUser, type TestUser } from "../support/factories";

const ctx = serverInProcess();
let ann: TestUser;

beforeAll(async () => {
  makeTree(ctx.server.root, {
    "root-secret.txt": "not for the link",
    public: { "a.txt": "public a", sub: { "b.txt": "public b" } },
  });
  ann = await makeUser(ctx.server, ctx.admin, { scope: "/public", perm: { share: true, download: true } });
});

/** A link of `user` to `path` (in their scope); returns its hash. */
async function link(user: TestUser, path: string): Promise<string> {
  const res = await call(ctx.server, user.token, "POST", `/share${path}`);
  if (res.status !== 200) throw new Error(`share failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { hash: string }).hash;
}

const pub = (path: string) => fetch(`${ctx.server.url}/api/public${path}`);
/** Sets ann's scope as the admin; the change ends her sessions, so she logs in again. */
async function setScope(scope: string): Promise<void> {
  expect((await putUser(ctx.server, ctx.admin, ann.id, ["scope"], { scope })).status).toBe(200);
  ann.token = await login(ctx.server, ann.username, ann.password);
}
const names = async (res: Response) =>
  ((await res.json()) as { items: Array<{ name: string }> }).items.map((i) => i.name).sort();

describe("a link made while its owner's scope was /public", () => {
  it("keeps showing only /public after the owner's scope is widened to the whole root", async () => {
    await setScope("/public");
    const folder = await link(ann, "/");
    const file = await link(ann, "/a.txt");
    await setScope("/");
    try {
      const listing = await pub(`/share/${folder}`);
      expect(listing.status).toBe(200);
      expect(await names(listing)).toEqual(["a.txt", "sub"]);
      expect((await pub(`/dl/${folder}/root-secret.txt`)).status).toBe(404);
      expect(await (await pub(`/dl/${folder}/a.txt`)).text()).toBe("public a");
      expect(await (await pub(`/dl/${file}`)).text()).toBe("public a");
    } finally {
      await setScope("/public");
    }
  });

  it("answers nothing once the owner's scope no longer holds it, and works again when it does", async () => {
    const file = await link(ann, "/a.txt");
    await setScope("/public/sub");
    try {
      expect((await pub(`/dl/${file}`)).status).toBe(404);
      expect((await pub(`/share/${file}`)).status).toBe(404);
    } finally {
      await setScope("/public");
    }
    expect(await (await pub(`/dl/${file}`)).text()).toBe("public a");
  });

  it("is listed with its path in the owner's current scope", async () => {
    const sub = await link(ann, "/sub/");
    const own = async (path: string) =>
      (await (await call(ctx.server, ann.token, "GET", `/share${path}`)).json()) as Array<{
        hash: string;
        path: string;
      }>;
    expect((await own("/sub/")).map((s) => s.hash)).toContain(sub);
    await setScope("/");
    try {
      const mine = await own("/public/sub/");
      expect(mine.find((s) => s.hash === sub)?.path).toBe("/public/sub/");
      const listed = (await (await call(ctx.server, ctx.admin, "GET", "/shared")).json()) as Array<{
        hash: string;
        path: string;
      }>;
      expect(listed.find((s) => s.hash === sub)?.path).toBe("/public/sub/");
    } finally {
      await setScope("/public");
    }
  });
});
