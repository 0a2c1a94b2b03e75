/**
 * Copy and move with `override=true` (docs/security.md "Replacing with override"): replacing a file needs modify,
 * replacing a folder needs delete, and a folder holding items the user's rules hide is never replaced, so no
 * override destroys what the user cannot see.
 */
import { beforeEach, describe, expect, it } from "bun:test";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { call, makeUser, type Perm } from "../support/factories";

const ctx = serverInProcess();
const HIDE_SECRET = [{ allow: false, path: "/dst/box/secret.txt", regex: false, regexp: { raw: "" } }];

/** A fresh tree: /src/a.txt, /src/box/new.txt, /dst/a.txt, /dst/box/{old.txt, secret.txt}, /dst/plain/old.txt. */
beforeEach(() => {
  const r = ctx.server.root;
  for (const d of ["src", "dst"]) rmSync(join(r, d), { recursive: true, force: true });
  for (const d of ["src/box", "dst/box", "dst/plain"]) mkdirSync(join(r, d), { recursive: true });
  writeFileSync(join(r, "src/a.txt"), "new a");
  writeFileSync(join(r, "src/box/new.txt"), "new box");
  writeFileSync(join(r, "dst/a.txt"), "old a");
  writeFileSync(join(r, "dst/box/old.txt"), "old box");
  writeFileSync(join(r, "dst/box/secret.txt"), "secret");
  writeFileSync(join(r, "dst/plain/old.txt"), "old plain");
});

const read = (rel: string) => readFileSync(join(ctx.server.root, rel), "utf8");
const there = (rel: string) => existsSync(join(ctx.server.root, rel));

/** PATCH `action` of `from` onto `to` with override=true as `token`; the status and the body. */
async function override(
  token: string,
  action: "copy" | "rename",
  from: string,
  to: string,
): Promise<{ status: number; body: string }> {
  const res = await call(
    ctx.server,
    token,
    "PATCH",
    `/resources${from}?action=${action}&destination=${encodeURIComponent(to)}&override=true`,
  );
  return { status: res.status, body: await res.text() };
}

const user = (perm: Perm, rules?: unknown[]) => makeUser(ctx.server, ctx.admin, { perm, rules });

describe("replacing a file with override", () => {
  it("is refused to a copy without modify, and the file keeps its content", async () => {
    const u = await user({ create: true, rename: true, delete: true });
    const res = await override(u.token, "copy", "/src/a.txt", "/dst/a.txt");
    expect(res.status).toBe(403);
    expect(res.body).toContain("replacing a file needs the modify permission");
    expect(read("dst/a.txt")).toBe("old a");
  });

  it("is refused to a move without modify, and both files stay", async () => {
    const u = await user({ rename: true, delete: true });
    expect((await override(u.token, "rename", "/src/a.txt", "/dst/a.txt")).status).toBe(403);
    expect(read("dst/a.txt")).toBe("old a");
    expect(read("src/a.txt")).toBe("new a");
  });

  it("is refused when a folder would take the file's place without modify", async () => {
    const u = await user({ create: true, delete: true });
    expect((await override(u.token, "copy", "/src/box", "/dst/a.txt")).status).toBe(403);
    expect(read("dst/a.txt")).toBe("old a");
  });

  it("works with modify, for a copy and a move", async () => {
    const u = await user({ create: true, rename: true, modify: true });
    expect((await override(u.token, "copy", "/src/a.txt", "/dst/a.txt")).status).toBe(200);
    expect(read("dst/a.txt")).toBe("new a");
    writeFileSync(join(ctx.server.root, "src/a.txt"), "newer a");
    expect((await override(u.token, "rename", "/src/a.txt", "/dst/a.txt")).status).toBe(200);
    expect(read("dst/a.txt")).toBe("newer a");
    expect(there("src/a.txt")).toBe(false);
  });
});

describe("replacing a folder with override", () => {
  it("is refused to a copy and a move without delete, and the folder keeps everything in it", async () => {
    const u = await user({ create: true, rename: true, modify: true });
    for (const action of ["copy", "rename"] as const) {
      const res = await override(u.token, action, "/src/box", "/dst/plain");
      expect(res.status).toBe(403);
      expect(res.body).toContain("replacing a folder needs the delete permission");
    }
    expect(read("dst/plain/old.txt")).toBe("old plain");
    expect(read("src/box/new.txt")).toBe("new box");
  });

  it("is refused when a file would take the folder's place without delete", async () => {
    const u = await user({ create: true, modify: true });
    expect((await override(u.token, "copy", "/src/a.txt", "/dst/plain")).status).toBe(403);
    expect(read("dst/plain/old.txt")).toBe("old plain");
  });

  it("works with delete", async () => {
    const u = await user({ create: true, delete: true });
    expect((await override(u.token, "copy", "/src/box", "/dst/plain")).status).toBe(200);
    expect(read("dst/plain/new.txt")).toBe("new box");
    expect(there("dst/plain/old.txt")).toBe(false);
  });
});

describe("a destination holding items the user's rules hide", () => {
  it("is never replaced, even with every permission, and the hidden file survives a copy and a move", async () => {
    const u = await user({ create: true, rename: true, modify: true, delete: true }, HIDE_SECRET);
    for (const [action, from] of [
      ["copy", "/src/box"],
      ["rename", "/src/box"],
      ["copy", "/src/a.txt"],
      ["rename", "/src/a.txt"],
    ] as const) {
      const res = await override(u.token, action, from, "/dst/box");
      expect(`${action} ${from}: ${res.status} ${res.body}`).toBe(
        `${action} ${from}: 403 403 Forbidden (cannot replace a folder holding items the rules hide)`,
      );
    }
    expect(read("dst/box/secret.txt")).toBe("secret");
    expect(read("dst/box/old.txt")).toBe("old box");
  });

  it("refuses a hidden file named as the destination itself, which stays", async () => {
    const u = await user({ create: true, rename: true, modify: true, delete: true }, HIDE_SECRET);
    expect((await override(u.token, "copy", "/src/a.txt", "/dst/box/secret.txt")).status).toBe(403);
    expect((await override(u.token, "rename", "/src/a.txt", "/dst/box/secret.txt")).status).toBe(403);
    expect(read("dst/box/secret.txt")).toBe("secret");
  });

  it("is replaced by an admin, whose rules hide nothing", async () => {
    expect((await override(ctx.admin, "copy", "/src/box", "/dst/box")).status).toBe(200);
    expect(there("dst/box/secret.txt")).toBe(false);
    expect(read("dst/box/new.txt")).toBe("new box");
  });
});
