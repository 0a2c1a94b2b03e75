import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import {
  appendFileSync,
  chmodSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { makeTree } from "../support/tree";
import { call, makeUser, putUser, type TestUser } from "../support/factories";

const ctx = serverInProcess();
let ruled: TestUser;
let seer: TestUser;
let reader: TestUser;

const deny = (path: string) => ({ allow: false, path, regex: false, regexp: { raw: "" } });

beforeAll(async () => {
  makeTree(ctx.server.root, {
    live: { "a.txt": "aaa", "b.txt": "bbb", sub: { "x.txt": "x" } },
    product: { "keep.txt": "keep", "gone.txt": "gone", "old.txt": "old" },
    mixed: { "public.txt": "p", "secret.txt": "s", ".dot": "hidden", "notes.md": "# n" },
  });
  ruled = await makeUser(ctx.server, ctx.admin, { rules: [deny("/mixed/secret.txt")] });
  seer = await makeUser(ctx.server, ctx.admin, { perm: { modify: true } });
  reader = await makeUser(ctx.server, ctx.admin, { perm: { modify: false } });
  const res = await putUser(ctx.server, ctx.admin, seer.id, ["showHidden"], { showHidden: true });
  expect(res.status).toBe(200);
}, 60_000);

interface Item {
  name: string;
  size: number;
  modified: string;
  isDir: boolean;
  type: string;
  modeStr: string;
}
interface Folder {
  items: Item[];
  numDirs: number;
  numFiles: number;
}

async function list(token: string, dir: string): Promise<Folder> {
  const res = await call(ctx.server, token, "GET", `/resources${dir}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Folder;
}

/**
 * What the disk holds now in `dir` (no hidden names), as the listing shows it: name, size and modified. A folder's
 * size is left out (-1): the listing gives its total from the file index once the index knows it, which a folder
 * watch brings about within a second (tested in search-index-status.test.ts), and its own size before.
 */
function onDisk(dir: string): { name: string; size: number; modified: string }[] {
  const abs = join(ctx.server.root, dir);
  return readdirSync(abs)
    .filter((n) => !n.startsWith("."))
    .sort()
    .map((name) => {
      const st = statSync(join(abs, name));
      return { name, size: st.isDirectory() ? -1 : st.size, modified: st.mtime.toISOString() };
    });
}

const shown = (f: Folder) =>
  f.items
    .map((i) => ({ name: i.name, size: i.isDir ? -1 : i.size, modified: i.modified }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));

describe("listing cache freshness", () => {
  it("shows changes made behind the product's back in the very next listing", async () => {
    const dir = "live";
    await list(ctx.admin, `/${dir}/`);
    expect(shown(await list(ctx.admin, `/${dir}/`))).toEqual(onDisk(dir));
    const steps: [string, () => void][] = [
      ["create", () => writeFileSync(join(ctx.server.root, dir, "new.txt"), "new")],
      ["delete", () => rmSync(join(ctx.server.root, dir, "b.txt"))],
      ["rename", () => renameSync(join(ctx.server.root, dir, "a.txt"), join(ctx.server.root, dir, "renamed.txt"))],
      ["size change", () => appendFileSync(join(ctx.server.root, dir, "renamed.txt"), "more bytes")],
      [
        "mtime change",
        () => utimesSync(join(ctx.server.root, dir, "new.txt"), new Date(), new Date("2001-02-03T04:05:06.789Z")),
      ],
      ["subfolder content", () => writeFileSync(join(ctx.server.root, dir, "sub", "y.txt"), "y")],
      ["folder created", () => mkdirSync(join(ctx.server.root, dir, "made"))],
    ];
    for (const [what, change] of steps) {
      change();
      expect({ what, items: shown(await list(ctx.admin, `/${dir}/`)) }).toEqual({ what, items: onDisk(dir) });
    }
    chmodSync(join(ctx.server.root, dir, "new.txt"), 0o600);
    const modeStr = (await list(ctx.admin, `/${dir}/`)).items.find((i) => i.name === "new.txt")?.modeStr;
    expect(modeStr).toBe("-rw-------");
  });

  it("shows the product's own uploads, deletes and renames in the next listing", async () => {
    await list(ctx.admin, "/product/");
    expect((await call(ctx.server, ctx.admin, "POST", "/resources/product/up.txt", "uploaded")).status).toBe(200);
    expect(shown(await list(ctx.admin, "/product/"))).toEqual(onDisk("product"));
    expect((await call(ctx.server, ctx.admin, "DELETE", "/resources/product/gone.txt")).status).toBe(200);
    expect(shown(await list(ctx.admin, "/product/"))).toEqual(onDisk("product"));
    expect(
      (
        await call(
          ctx.server,
          ctx.admin,
          "PATCH",
          `/resources/product/old.txt?action=rename&destination=${encodeURIComponent("/product/new.txt")}`,
        )
      ).status,
    ).toBe(200);
    const after = await list(ctx.admin, "/product/");
    expect(shown(after)).toEqual(onDisk("product"));
    expect(after.items.map((i) => i.name).sort()).toEqual(["keep.txt", "new.txt", "up.txt"]);
    expect(after.numFiles).toBe(3);
  });
});

describe("per-user views of a cached folder", () => {
  it("filters rules and hidden files for each user from the same cached entries", async () => {
    const names = async (token: string) => (await list(token, "/mixed/")).items.map((i) => i.name).sort();
    expect(await names(ctx.admin)).toEqual(["notes.md", "public.txt", "secret.txt"]);
    expect(await names(ruled.token)).toEqual(["notes.md", "public.txt"]);
    expect(await names(seer.token)).toEqual([".dot", "notes.md", "public.txt", "secret.txt"]);
    expect(await names(ctx.admin)).toEqual(["notes.md", "public.txt", "secret.txt"]);
    const ruledFolder = await list(ruled.token, "/mixed/");
    expect({ numFiles: ruledFolder.numFiles, numDirs: ruledFolder.numDirs }).toEqual({ numFiles: 2, numDirs: 0 });
    writeFileSync(join(ctx.server.root, "mixed", "secret2.txt"), "s2");
    expect(await names(ruled.token)).toEqual(["notes.md", "public.txt", "secret2.txt"]);
  });

  it("keeps the modify permission's text type per user", async () => {
    const typeOf = async (token: string) =>
      (await list(token, "/mixed/")).items.find((i) => i.name === "public.txt")!.type;
    expect(await typeOf(ctx.admin)).toBe("text");
    expect(await typeOf(reader.token)).toBe("textImmutable");
    expect(await typeOf(ctx.admin)).toBe("text");
  });
});
