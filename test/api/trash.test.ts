/**
 * The trash (docs/product.md "Trash"): a delete moves the item into the trash with its record, a restore brings the
 * exact bytes back where they were (or elsewhere, with the three answers to a taken name), and nobody sees, restores
 * or reaches another user's entries, or a path their rules hide. The purge is driven by moving the server's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import {
  closeSync,
  existsSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statfsSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { makeTree } from "../support/tree";
import { login } from "../support/server";
import { call, makeUser, putSettings, type TestUser } from "../support/factories";
import type { TrashItem, TrashList } from "../../src/shared/wire/trash";
import { TRASH_DIR_NAME } from "../../src/server/fs/temp-name";

const ctx = serverInProcess();
let ann: TestUser;
let bob: TestUser;
const DEL = { delete: true, create: true, modify: true, rename: true, download: true };

beforeAll(async () => {
  makeTree(ctx.server.root, { users: { ann: {}, bob: {} } });
  ann = await makeUser(ctx.server, ctx.admin, { scope: "/users/ann", perm: DEL });
  bob = await makeUser(ctx.server, ctx.admin, { scope: "/users/bob", perm: DEL });
});

const annRoot = () => join(ctx.server.root, "users", "ann");

/** Deletes `path` as `user`; returns the trash id the answer names. */
async function trashIt(user: TestUser, path: string): Promise<string> {
  const res = await call(ctx.server, user.token, "DELETE", `/resources${path}`);
  expect(res.status).toBe(200);
  const id = res.headers.get("X-Trash-Id");
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  return id!;
}

async function trashOf(user: TestUser | string): Promise<TrashItem[]> {
  const res = await call(ctx.server, typeof user === "string" ? user : user.token, "GET", "/trash");
  expect(res.status).toBe(200);
  return ((await res.json()) as TrashList).items;
}

const restore = (user: TestUser, id: string, body?: unknown) =>
  call(ctx.server, user.token, "POST", `/trash/${id}/restore`, body);

describe("delete → trash → restore", () => {
  it("moves a file into the trash, lists it with its place, size and time, and restores the identical bytes", async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
    makeTree(annRoot(), { docs: { "report.bin": bytes } });
    const before = Date.now();
    const id = await trashIt(ann, "/docs/report.bin");
    expect(existsSync(join(annRoot(), "docs", "report.bin"))).toBe(false);
    const listing = await call(ctx.server, ann.token, "GET", "/resources/docs/");
    expect(((await listing.json()) as { items: unknown[] }).items).toEqual([]);
    const [item] = (await trashOf(ann)).filter((i) => i.id === id);
    expect(item).toMatchObject({ name: "report.bin", path: "/docs/report.bin", dir: "/docs/", isDir: false });
    expect(item!.size).toBe(70_000);
    expect(Date.parse(item!.deletedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(item!.deletedBy).toBeUndefined();

    const res = await restore(ann, id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ path: "/docs/report.bin" });
    expect(readFileSync(join(annRoot(), "docs", "report.bin")).equals(bytes)).toBe(true);
    expect((await trashOf(ann)).some((i) => i.id === id)).toBe(false);
  });

  it("moves a whole folder with one rename, measures it, and brings it back with everything inside", async () => {
    makeTree(annRoot(), { album: { "a.jpg": "a".repeat(1000), deep: { "b.jpg": "b".repeat(500) } } });
    const id = await trashIt(ann, "/album");
    let item: TrashItem | undefined;
    for (let i = 0; i < 50 && !(item && item.size >= 0); i++) {
      item = (await trashOf(ann)).find((t) => t.id === id);
      if (item!.size < 0) await Bun.sleep(20);
    }
    expect(item).toMatchObject({ name: "album", isDir: true, size: 1500, dir: "/" });
    expect((await restore(ann, id)).status).toBe(200);
    expect(readFileSync(join(annRoot(), "album", "deep", "b.jpg"), "utf8")).toBe("b".repeat(500));
  });

  it("keeps both of two deletes of the same path, with Unicode, spaces, a leading dash and a 255-byte name", async () => {
    const long = `${"é".repeat(125)}.txt`.slice(0, 127); // 125 two-byte letters and ".txt" cut to 255 bytes
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(255);
    for (const name of ["-rf Grüße 日本.txt", long]) {
      makeTree(annRoot(), { [name]: "first" });
      const first = await trashIt(ann, `/${encodeURIComponent(name)}`);
      makeTree(annRoot(), { [name]: "second" });
      const second = await trashIt(ann, `/${encodeURIComponent(name)}`);
      expect(first).not.toBe(second);
      expect((await restore(ann, first)).status).toBe(200);
      expect(readFileSync(join(annRoot(), name), "utf8")).toBe("first");
      // Replace: the second comes back and the first goes to the trash again, under its own name.
      expect(await (await restore(ann, second, { conflict: "replace" })).json()).toEqual({ path: `/${name}` });
      expect(readFileSync(join(annRoot(), name), "utf8")).toBe("second");
      expect((await trashOf(ann)).filter((i) => i.name === name)).toHaveLength(1);
    }
  });

  it("restores into another folder, creating it, and back where it was once that folder is gone", async () => {
    makeTree(annRoot(), { moved: { "note.txt": "n" } });
    const id = await trashIt(ann, "/moved/note.txt");
    const res = await restore(ann, id, { destination: "/elsewhere/new" });
    expect(await res.json()).toEqual({ path: "/elsewhere/new/note.txt" });
    expect(readFileSync(join(annRoot(), "elsewhere", "new", "note.txt"), "utf8")).toBe("n");
    const again = await trashIt(ann, "/elsewhere/new/note.txt");
    expect((await call(ctx.server, ann.token, "DELETE", "/resources/elsewhere")).status).toBe(200);
    expect(await (await restore(ann, again)).json()).toEqual({ path: "/elsewhere/new/note.txt" });
  });
});

describe("restoring onto a name that exists now", () => {
  it("answers 409 and changes nothing without a choice", async () => {
    makeTree(annRoot(), { c: { "x.txt": "old" } });
    const id = await trashIt(ann, "/c/x.txt");
    writeFileSync(join(annRoot(), "c", "x.txt"), "new");
    const res = await restore(ann, id);
    expect(res.status).toBe(409);
    expect(readFileSync(join(annRoot(), "c", "x.txt"), "utf8")).toBe("new");
    expect((await trashOf(ann)).some((i) => i.id === id)).toBe(true);
  });

  it("keeps both with rename: the restored item is 'x (1).txt'", async () => {
    makeTree(annRoot(), { r: { "x.txt": "old" } });
    const id = await trashIt(ann, "/r/x.txt");
    writeFileSync(join(annRoot(), "r", "x.txt"), "new");
    expect(await (await restore(ann, id, { conflict: "rename" })).json()).toEqual({ path: "/r/x (1).txt" });
    expect(readFileSync(join(annRoot(), "r", "x (1).txt"), "utf8")).toBe("old");
    expect(readFileSync(join(annRoot(), "r", "x.txt"), "utf8")).toBe("new");
  });

  it("replaces with replace, and what had the name goes to the trash in turn", async () => {
    makeTree(annRoot(), { p: { "x.txt": "old" } });
    const id = await trashIt(ann, "/p/x.txt");
    writeFileSync(join(annRoot(), "p", "x.txt"), "new");
    expect(await (await restore(ann, id, { conflict: "replace" })).json()).toEqual({ path: "/p/x.txt" });
    expect(readFileSync(join(annRoot(), "p", "x.txt"), "utf8")).toBe("old");
    const replaced = (await trashOf(ann)).find((i) => i.path === "/p/x.txt");
    expect(replaced).toBeDefined();
    expect((await restore(ann, replaced!.id, { conflict: "rename" })).status).toBe(200);
    expect(readFileSync(join(annRoot(), "p", "x (1).txt"), "utf8")).toBe("new");
  });

  it("refuses a bad conflict value or destination with 400, and a destination out of the scope with 403", async () => {
    makeTree(annRoot(), { q: { "y.txt": "y" } });
    const id = await trashIt(ann, "/q/y.txt");
    expect((await restore(ann, id, { conflict: "merge" })).status).toBe(400);
    expect((await restore(ann, id, { destination: 7 })).status).toBe(400);
    expect((await restore(ann, id, { destination: "/../bob" })).status).toBe(403);
    expect(existsSync(join(ctx.server.root, "users", "bob", "y.txt"))).toBe(false);
    expect((await restore(ann, id)).status).toBe(200);
  });
});

describe("who sees what", () => {
  it("another user cannot see, restore or delete my entries, and an admin sees them with my name", async () => {
    makeTree(annRoot(), { "mine.txt": "ann's" });
    const id = await trashIt(ann, "/mine.txt");
    expect((await trashOf(bob)).some((i) => i.id === id)).toBe(false);
    expect((await restore(bob, id)).status).toBe(404);
    expect((await call(ctx.server, bob.token, "DELETE", `/trash/${id}`)).status).toBe(404);
    expect((await call(ctx.server, bob.token, "DELETE", "/trash")).status).toBe(200);
    const seen = (await trashOf(ctx.admin)).find((i) => i.id === id);
    expect(seen).toMatchObject({ path: "/users/ann/mine.txt", deletedBy: ann.username });
    expect((await restore(ann, id)).status).toBe(200);
  });

  it("the trash folder is never a path: not listed, not readable, not writable, not searchable", async () => {
    makeTree(annRoot(), { "hidden-check.txt": "h" });
    await trashIt(ann, "/hidden-check.txt");
    expect(readdirSync(ctx.server.root)).toContain(TRASH_DIR_NAME);
    const root = (await (await call(ctx.server, ctx.admin, "GET", "/resources/")).json()) as {
      items: { name: string }[];
    };
    expect(root.items.map((i) => i.name)).not.toContain(TRASH_DIR_NAME);
    for (const path of [
      `/resources/${TRASH_DIR_NAME}/`,
      `/raw/${TRASH_DIR_NAME}`,
      `/resources/a/../${TRASH_DIR_NAME}/`,
    ])
      expect((await call(ctx.server, ctx.admin, "GET", path)).status).toBe(404);
    expect((await call(ctx.server, ctx.admin, "POST", `/resources/${TRASH_DIR_NAME}/x.txt`, "x")).status).toBe(404);
    const search = await call(ctx.server, ctx.admin, "GET", "/search/?query=hidden-check");
    expect(await search.text()).not.toContain("hidden-check");
  });

  it("a path the rules hide hides its trash entry, and restoring it is refused", async () => {
    makeTree(annRoot(), { secret: { "s.txt": "s" } });
    const id = await trashIt(ann, "/secret/s.txt");
    const carl = await makeUser(ctx.server, ctx.admin, {
      scope: "/users/ann",
      perm: DEL,
      rules: [{ allow: false, path: "/secret", regex: false, regexp: null }],
    });
    // An admin with the same rule sees no entry under it either.
    const res = await call(ctx.server, carl.token, "GET", "/trash");
    expect(((await res.json()) as TrashList).items.some((i) => i.id === id)).toBe(false);
    expect((await restore(carl, id)).status).toBe(404);
    expect((await restore(ann, id)).status).toBe(200);
  });

  it("restoring and deleting forever need the delete permission; the listing does not", async () => {
    const reader = await makeUser(ctx.server, ctx.admin, { scope: "/users/ann", perm: { download: true } });
    expect((await call(ctx.server, reader.token, "GET", "/trash")).status).toBe(200);
    expect((await restore(reader, "0".repeat(32))).status).toBe(403);
    expect((await call(ctx.server, reader.token, "DELETE", "/trash")).status).toBe(403);
  });

  it("a user deleted by an admin leaves their trash to that admin", async () => {
    const dora = await makeUser(ctx.server, ctx.admin, { scope: "/users/ann", perm: DEL });
    makeTree(annRoot(), { "dora.txt": "d" });
    const id = await trashIt(dora, "/dora.txt");
    expect((await call(ctx.server, ctx.admin, "DELETE", `/users/${dora.id}`)).status).toBe(200);
    const adminName = ((await (await call(ctx.server, ctx.admin, "GET", "/users")).json()) as { username: string }[])
      .map((u) => u.username)
      .find((n) => n !== ann.username && n !== bob.username);
    const item = (await trashOf(ctx.admin)).find((i) => i.id === id);
    expect(item?.deletedBy).toBe(adminName);
  });
});

describe("strangers and read-only tokens", () => {
  it("refuse every trash, version and activity call without a login (401, or 403 for a write), and a media token", async () => {
    const routes: [string, string][] = [
      ["GET", "/trash"],
      ["POST", `/trash/${"0".repeat(32)}/restore`],
      ["DELETE", `/trash/${"0".repeat(32)}`],
      ["DELETE", "/trash"],
      ["GET", "/versions/a.txt"],
      ["GET", `/version/${"0".repeat(32)}`],
      ["POST", `/version/${"0".repeat(32)}/restore`],
      ["GET", "/activity"],
      ["GET", "/activity.csv"],
    ];
    const grant = await call(ctx.server, ann.token, "GET", "/media-token/");
    expect(grant.status).toBe(200);
    const { token: media } = (await grant.json()) as { token: string };
    for (const [method, path] of routes) {
      const stranger = (await call(ctx.server, null, method, path)).status;
      expect({ method, path, refused: method === "GET" ? stranger === 401 : [401, 403].includes(stranger) }).toEqual({
        method,
        path,
        refused: true,
      });
      const sep = path.includes("?") ? "&" : "?";
      const viaMedia = await fetch(`${ctx.server.url}/api${path}${sep}auth=${media}`, { method });
      expect({ method, path, refused: [401, 403].includes(viaMedia.status) }).toEqual({ method, path, refused: true });
    }
  });
});

describe("deleting for good", () => {
  it("?permanent=true skips the trash for admins and is refused to others", async () => {
    makeTree(annRoot(), { "gone.txt": "g" });
    expect((await call(ctx.server, ann.token, "DELETE", "/resources/gone.txt?permanent=true")).status).toBe(403);
    expect(existsSync(join(annRoot(), "gone.txt"))).toBe(true);
    const res = await call(ctx.server, ctx.admin, "DELETE", "/resources/users/ann/gone.txt?permanent=true");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Trash-Id")).toBeNull();
    expect((await trashOf(ctx.admin)).some((i) => i.name === "gone.txt")).toBe(false);
  });

  it("the skip-trash setting deletes for good for everyone", async () => {
    await putSettings(ctx.server, ctx.admin, { skipTrash: true });
    try {
      makeTree(annRoot(), { "skip.txt": "s" });
      const res = await call(ctx.server, ann.token, "DELETE", "/resources/skip.txt");
      expect(res.status).toBe(200);
      expect(res.headers.get("X-Trash-Id")).toBeNull();
      expect((await trashOf(ann)).some((i) => i.name === "skip.txt")).toBe(false);
    } finally {
      await putSettings(ctx.server, ctx.admin, { skipTrash: false });
    }
  });

  it("delete forever and empty trash remove the items from the disk", async () => {
    makeTree(annRoot(), { "f1.txt": "1", "f2.txt": "2", "f3.txt": "3" });
    const one = await trashIt(ann, "/f1.txt");
    await trashIt(ann, "/f2.txt");
    await trashIt(ann, "/f3.txt");
    const trashDir = join(ctx.server.root, TRASH_DIR_NAME);
    expect(existsSync(join(trashDir, one))).toBe(true);
    expect((await call(ctx.server, ann.token, "DELETE", `/trash/${one}`)).status).toBe(200);
    expect(existsSync(join(trashDir, one))).toBe(false);
    const before = (await trashOf(ann)).length;
    const res = await call(ctx.server, ann.token, "DELETE", "/trash");
    expect(await res.json()).toEqual({ removed: before });
    expect(await trashOf(ann)).toEqual([]);
    expect((await restore(ann, one)).status).toBe(404);
  });
});

/** Mounts a small tmpfs at `dir` (the test runs as root, as `npm test` does where it installs packages); false when refused. */
function mountTmpfs(dir: string): boolean {
  mkdirSync(dir, { recursive: true });
  return Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=16m,mode=0755", "tmpfs", dir]).exitCode === 0;
}

describe("another file system inside the files root", () => {
  const mnt = () => join(ctx.server.root, "users", "ann", "usb");
  let mounted = false;
  beforeAll(() => {
    mounted = mountTmpfs(mnt());
    if (!mounted) console.log("trash on another mount: mount refused here, so this case is not run");
  });
  afterAll(() => {
    if (mounted) Bun.spawnSync(["umount", "-l", mnt()]);
  });

  it("uses a trash folder at the top of that mount (a rename, never a copy) and restores from it", async () => {
    if (!mounted) return;
    makeTree(mnt(), { photos: { "p.jpg": "jpeg bytes" } });
    const id = await trashIt(ann, "/usb/photos/p.jpg");
    expect(existsSync(join(mnt(), TRASH_DIR_NAME, id, "p.jpg"))).toBe(true);
    expect(existsSync(join(ctx.server.root, TRASH_DIR_NAME, id))).toBe(false);
    expect(await (await restore(ann, id)).json()).toEqual({ path: "/usb/photos/p.jpg" });
    expect(readFileSync(join(mnt(), "photos", "p.jpg"), "utf8")).toBe("jpeg bytes");
    // Restored into a folder of the other file system: copied across, then removed from the trash.
    const again = await trashIt(ann, "/usb/photos/p.jpg");
    expect(await (await restore(ann, again, { destination: "/moved" })).json()).toEqual({ path: "/moved/p.jpg" });
    expect(readFileSync(join(annRoot(), "moved", "p.jpg"), "utf8")).toBe("jpeg bytes");
    expect(existsSync(join(mnt(), TRASH_DIR_NAME, again))).toBe(false);
  });
});

describe("the size cap", () => {
  it("counts the versions a user's writes replaced with their trash, the oldest of either going first", async () => {
    const fs = statfsSync(ctx.server.root);
    const part = Math.ceil(((fs.bavail * fs.bsize) / 100) * 0.6);
    const sparse = (name: string) => {
      const fd = openSync(join(annRoot(), name), "w");
      ftruncateSync(fd, part);
      closeSync(fd);
    };
    // First a version of 60 % of the cap (a save over a sparse file), then a trash entry of 60 %.
    sparse("versioned.bin");
    expect((await call(ctx.server, ann.token, "PUT", "/resources/versioned.bin", "small now")).status).toBe(200);
    const versionsOf = async () =>
      ((await (await call(ctx.server, ann.token, "GET", "/versions/versioned.bin")).json()) as { items: unknown[] })
        .items;
    expect(await versionsOf()).toHaveLength(1);
    ctx.server.clock.advance(1000);
    sparse("deleted-later.bin");
    const id = await trashIt(ann, "/deleted-later.bin");
    await putSettings(ctx.server, ctx.admin, { trashCapPercent: 1 });
    try {
      await ctx.server.deps.trash.purge();
      expect(await versionsOf()).toHaveLength(0);
      expect((await trashOf(ann)).map((i) => i.id)).toContain(id);
    } finally {
      await putSettings(ctx.server, ctx.admin, { trashCapPercent: 10 });
      await call(ctx.server, ann.token, "DELETE", `/trash/${id}`);
    }
  });

  it("purges a user's oldest entries while their trash holds more than the cap, newest kept", async () => {
    // A cap of 1 % of the free space, against two sparse files of 60 % of it each (they take no space).
    const fs = statfsSync(ctx.server.root);
    const big = Math.ceil(((fs.bavail * fs.bsize) / 100) * 0.6);
    const names = ["cap-1.bin", "cap-2.bin"];
    const ids: string[] = [];
    for (const name of names) {
      const fd = openSync(join(annRoot(), name), "w");
      ftruncateSync(fd, big);
      closeSync(fd);
      ids.push(await trashIt(ann, `/${name}`));
      ctx.server.clock.advance(1000);
    }
    await putSettings(ctx.server, ctx.admin, { trashCapPercent: 1 });
    try {
      await ctx.server.deps.trash.purge();
      const left = (await trashOf(ann)).map((i) => i.id);
      expect(left).not.toContain(ids[0]);
      expect(left).toContain(ids[1]);
    } finally {
      await putSettings(ctx.server, ctx.admin, { trashCapPercent: 10 });
    }
  });
});

describe("retention", () => {
  it("purges entries older than the retention days once the clock has moved, and keeps younger ones", async () => {
    // An admin's empty trash takes every entry of the tests above: the counts below are this test's own.
    expect((await call(ctx.server, ctx.admin, "DELETE", "/trash")).status).toBe(200);
    expect(await trashOf(ctx.admin)).toEqual([]);
    makeTree(annRoot(), { "old.txt": "o" });
    const old = await trashIt(ann, "/old.txt");
    ctx.server.clock.advance(29 * 86_400_000);
    // Logins do not last 29 days.
    ann.token = await login(ctx.server, ann.username, ann.password);
    makeTree(annRoot(), { "young.txt": "y" });
    const young = await trashIt(ann, "/young.txt");
    expect(await ctx.server.deps.trash.purge()).toBe(0);
    ctx.server.clock.advance(2 * 86_400_000);
    expect(await ctx.server.deps.trash.purge()).toBe(1);
    ann.token = await login(ctx.server, ann.username, ann.password);
    const ids = (await trashOf(ann)).map((i) => i.id);
    expect(ids).toContain(young);
    expect(ids).not.toContain(old);
    expect(existsSync(join(ctx.server.root, TRASH_DIR_NAME, old))).toBe(false);
  });
});
