import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeTree, type Tree } from "../support/tree";

const ctx = serverInProcess();
let outside: string;
let world = 0;

beforeAll(async () => {
  outside = mkdtempSync(join(tmpdir(), "fbe-outside-"));
});
afterAll(async () => {
  await ctx.server.stop();
  rmSync(outside, { recursive: true, force: true });
});

/** A fresh folder under the root for one test: returns its virtual path and its path on disk. */
function newWorld(tree: Tree): { dir: string; abs: string } {
  const dir = `/w${++world}`;
  const abs = join(ctx.server.root, dir);
  makeTree(abs, tree);
  return { dir, abs };
}

const enc = (path: string) => path.split("/").map(encodeURIComponent).join("/");
/** Calls /api/resources with `path` encoded segment by segment; anything after "?" is the query. */
const api = (pathAndQuery: string, init: RequestInit = {}) => {
  const [path, query] = pathAndQuery.split("?");
  const url = `${ctx.server.url}/api/resources${enc(path)}${query === undefined ? "" : `?${query}`}`;
  return fetch(url, { ...init, headers: { "X-Auth": ctx.admin, ...(init.headers ?? {}) } });
};
const patch = (path: string, query: Record<string, string>) =>
  fetch(`${ctx.server.url}/api/resources${enc(path)}?${new URLSearchParams(query)}`, {
    method: "PATCH",
    headers: { "X-Auth": ctx.admin },
  });
// The destination is a resource path (each segment URL-encoded), sent as a query value.
const move = (from: string, to: string, extra: Record<string, string> = {}) =>
  patch(from, { action: "rename", destination: enc(to), ...extra });
const copy = (from: string, to: string, extra: Record<string, string> = {}) =>
  patch(from, { action: "copy", destination: enc(to), ...extra });
const names = (abs: string) => readdirSync(abs).sort();
const read = (abs: string) => readFileSync(abs, "utf8");

describe("PATCH action=rename (rename and move)", () => {
  it("renames a file in its folder and moves one into another folder, answering 200 OK", async () => {
    const { dir, abs } = newWorld({ "a.txt": "A", "b.txt": "B", sub: {} });
    const res = await move(`${dir}/a.txt`, `${dir}/renamed file.txt`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("200 OK");
    expect(names(abs)).toEqual(["b.txt", "renamed file.txt", "sub"]);
    expect((await move(`${dir}/b.txt`, `${dir}/sub/b.txt`)).status).toBe(200);
    expect(read(join(abs, "sub", "b.txt"))).toBe("B");
    expect(existsSync(join(abs, "b.txt"))).toBe(false);
  });

  it("moves a folder with everything inside to another folder", async () => {
    const { dir, abs } = newWorld({ src: { "x.txt": "x", deep: { "y.txt": "y" } }, target: {} });
    expect((await move(`${dir}/src`, `${dir}/target/src`)).status).toBe(200);
    expect(read(join(abs, "target", "src", "deep", "y.txt"))).toBe("y");
    expect(existsSync(join(abs, "src"))).toBe(false);
  });

  it("answers 409 and changes nothing when the destination exists, for files and folders", async () => {
    const { dir, abs } = newWorld({ "a.txt": "A", "b.txt": "B", d1: { "1.txt": "1" }, d2: { "2.txt": "2" } });
    const res = await move(`${dir}/a.txt`, `${dir}/b.txt`);
    expect(res.status).toBe(409);
    expect(await res.text()).toBe("409 Conflict");
    expect((await move(`${dir}/d1`, `${dir}/d2`)).status).toBe(409);
    expect(read(join(abs, "a.txt"))).toBe("A");
    expect(read(join(abs, "b.txt"))).toBe("B");
    expect(names(join(abs, "d2"))).toEqual(["2.txt"]);
  });

  it("replaces the destination with override=true", async () => {
    const { dir, abs } = newWorld({ "a.txt": "A", "b.txt": "B", d1: { "1.txt": "1" }, d2: { "2.txt": "2" } });
    expect((await move(`${dir}/a.txt`, `${dir}/b.txt`, { override: "true" })).status).toBe(200);
    expect(read(join(abs, "b.txt"))).toBe("A");
    expect((await move(`${dir}/d1`, `${dir}/d2`, { override: "true" })).status).toBe(200);
    expect(names(join(abs, "d2"))).toEqual(["1.txt"]);
    expect(names(abs)).toEqual(["b.txt", "d2"]);
  });

  it("picks a free name with rename=true: name (1).ext, then name (2).ext, and dir (1) for folders", async () => {
    const { dir, abs } = newWorld({
      "a.txt": "A",
      in: { "a.txt": "1" },
      in2: { "a.txt": "2" },
      target: { "a.txt": "T", d: {} },
      d: {},
    });
    expect((await move(`${dir}/in/a.txt`, `${dir}/target/a.txt`, { rename: "true" })).status).toBe(200);
    expect((await move(`${dir}/in2/a.txt`, `${dir}/target/a.txt`, { rename: "true" })).status).toBe(200);
    expect((await move(`${dir}/d`, `${dir}/target/d`, { rename: "true" })).status).toBe(200);
    expect(names(join(abs, "target"))).toEqual(["a (1).txt", "a (2).txt", "a.txt", "d", "d (1)"]);
    expect(read(join(abs, "target", "a (1).txt"))).toBe("1");
    expect(read(join(abs, "target", "a (2).txt"))).toBe("2");
    expect(read(join(abs, "target", "a.txt"))).toBe("T");
  });

  it("answers 400 for a folder moved into itself or into its own subfolder, and changes nothing", async () => {
    const { dir, abs } = newWorld({ d: { sub: { "x.txt": "x" } } });
    for (const to of [`${dir}/d/d`, `${dir}/d/sub/d`]) {
      const res = await move(`${dir}/d`, to);
      expect(res.status).toBe(400);
      expect(await res.text()).toStartWith("400 Bad Request (cannot move a folder into itself");
    }
    expect(names(join(abs, "d"))).toEqual(["sub"]);
    expect(names(join(abs, "d", "sub"))).toEqual(["x.txt"]);
  });

  it("answers 403 for a destination outside the scope, by dot-dot or through a symlink, and moves nothing", async () => {
    const { dir, abs } = newWorld({ "a.txt": "A" });
    symlinkSync(outside, join(abs, "escape"));
    const dotdot = await patch(`${dir}/a.txt`, { action: "rename", destination: "/../../a.txt" });
    expect(dotdot.status).toBe(403);
    expect((await move(`${dir}/a.txt`, `${dir}/escape/a.txt`)).status).toBe(403);
    expect(readdirSync(outside)).toEqual([]);
    expect(read(join(abs, "a.txt"))).toBe("A");
  });

  it("answers 404 for a missing source and 400 for a missing destination or an unknown action", async () => {
    const { dir } = newWorld({ "a.txt": "A" });
    expect((await move(`${dir}/nope.txt`, `${dir}/b.txt`)).status).toBe(404);
    expect((await patch(`${dir}/a.txt`, { action: "rename" })).status).toBe(400);
    const unknown = await patch(`${dir}/a.txt`, { action: "explode" });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe(
      "400 Bad Request (action must be one of rename, passwdrename, imageProcess, copy, chmod)",
    );
  });
});

describe("PATCH action=copy", () => {
  it("copies a file and keeps the source", async () => {
    const { dir, abs } = newWorld({ "a.txt": "A", sub: {} });
    expect((await copy(`${dir}/a.txt`, `${dir}/sub/a.txt`)).status).toBe(200);
    expect(read(join(abs, "sub", "a.txt"))).toBe("A");
    expect(read(join(abs, "a.txt"))).toBe("A");
  });

  it("copies a folder recursively, keeping the modes and modification times of files and folders", async () => {
    const { dir, abs } = newWorld({ src: { "run.sh": "#!/bin/sh\n", "secret.txt": "s", inner: { "deep.txt": "d" } } });
    const src = join(abs, "src");
    chmodSync(join(src, "run.sh"), 0o751);
    chmodSync(join(src, "secret.txt"), 0o600);
    chmodSync(join(src, "inner"), 0o750);
    chmodSync(src, 0o705);
    const when = (i: number) => new Date(Date.UTC(2020, 0, 1 + i, 12, 0, 0));
    const items = ["run.sh", "secret.txt", "inner/deep.txt", "inner", "."];
    items.forEach((rel, i) => utimesSync(join(src, rel), when(i), when(i)));
    expect((await copy(`${dir}/src`, `${dir}/copy`)).status).toBe(200);
    for (const rel of items) {
      const a = statSync(join(src, rel));
      const b = statSync(join(abs, "copy", rel));
      expect([rel, b.mode & 0o7777]).toEqual([rel, a.mode & 0o7777]);
      expect([rel, b.mtimeMs]).toEqual([rel, a.mtimeMs]);
    }
    expect(read(join(abs, "copy", "inner", "deep.txt"))).toBe("d");
    expect(names(abs)).toEqual(["copy", "src"]);
  });

  it("answers 409 on a conflict, replaces with override=true and picks free names with rename=true", async () => {
    const { dir, abs } = newWorld({ "a.txt": "A", "b.txt": "B", d: { "x.txt": "x" }, e: { "y.txt": "y" } });
    expect((await copy(`${dir}/a.txt`, `${dir}/b.txt`)).status).toBe(409);
    expect((await copy(`${dir}/d`, `${dir}/e`)).status).toBe(409);
    expect(read(join(abs, "b.txt"))).toBe("B");
    expect(names(join(abs, "e"))).toEqual(["y.txt"]);
    expect((await copy(`${dir}/a.txt`, `${dir}/b.txt`, { override: "true" })).status).toBe(200);
    expect(read(join(abs, "b.txt"))).toBe("A");
    expect((await copy(`${dir}/d`, `${dir}/e`, { override: "true" })).status).toBe(200);
    expect(names(join(abs, "e"))).toEqual(["x.txt"]);
    expect((await copy(`${dir}/a.txt`, `${dir}/a.txt`, { rename: "true" })).status).toBe(200);
    expect((await copy(`${dir}/a.txt`, `${dir}/a.txt`, { rename: "true" })).status).toBe(200);
    expect((await copy(`${dir}/d`, `${dir}/d`, { rename: "true" })).status).toBe(200);
    expect(names(abs)).toEqual(["a (1).txt", "a (2).txt", "a.txt", "b.txt", "d", "d (1)", "e"]);
    expect(names(join(abs, "d (1)"))).toEqual(["x.txt"]);
  });

  it("answers 400 for a folder copied into itself or onto itself, and leaves no partial copy", async () => {
    const { dir, abs } = newWorld({ d: { sub: { "x.txt": "x" } } });
    expect((await copy(`${dir}/d`, `${dir}/d/sub/d`)).status).toBe(400);
    expect((await copy(`${dir}/d`, `${dir}/d`, { override: "true" })).status).toBe(400);
    expect(names(join(abs, "d"))).toEqual(["sub"]);
    expect(names(join(abs, "d", "sub"))).toEqual(["x.txt"]);
  });

  it("answers 403 for a destination outside the scope", async () => {
    const { dir, abs } = newWorld({ "a.txt": "A" });
    symlinkSync(outside, join(abs, "escape"));
    expect((await copy(`${dir}/a.txt`, `${dir}/escape/a.txt`)).status).toBe(403);
    expect(readdirSync(outside)).toEqual([]);
  });
});

describe("PUT /api/resources (save)", () => {
  it("replaces the content atomically through a new file, keeping the original mode", async () => {
    const { dir, abs } = newWorld({ "notes.txt": "old content" });
    const file = join(abs, "notes.txt");
    chmodSync(file, 0o640);
    const before = statSync(file);
    const res = await api(`${dir}/notes.txt`, { method: "PUT", body: "new content" });
    expect(res.status).toBe(200);
    const after = statSync(file);
    expect(read(file)).toBe("new content");
    expect(after.mode & 0o7777).toBe(0o640);
    // A temp file renamed into place is a new inode: readers saw the old or the new file, never a mix.
    expect(after.ino).not.toBe(before.ino);
    expect(names(abs)).toEqual(["notes.txt"]);
  });

  it("answers 404 for a file that does not exist and creates nothing", async () => {
    const { dir, abs } = newWorld({});
    const res = await api(`${dir}/missing.txt`, { method: "PUT", body: "x" });
    expect(res.status).toBe(404);
    expect(names(abs)).toEqual([]);
  });

  it("answers 400 for a folder", async () => {
    const { dir } = newWorld({ sub: {} });
    expect((await api(`${dir}/sub`, { method: "PUT", body: "x" })).status).toBe(400);
    expect((await api(`${dir}/sub/`, { method: "PUT", body: "x" })).status).toBe(400);
  });
});

describe("PATCH action=chmod", () => {
  it("sets the mode of a file and answers text 200 OK", async () => {
    const { dir, abs } = newWorld({ "a.txt": "A" });
    const res = await patch(`${dir}/a.txt`, { action: "chmod", mode: "604" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("200 OK");
    expect(statSync(join(abs, "a.txt")).mode & 0o7777).toBe(0o604);
  });

  it("applies to everything below a folder with recursive=true, and to the folder alone without", async () => {
    const { dir, abs } = newWorld({ d: { "a.txt": "A", sub: { "b.txt": "B" } } });
    expect((await patch(`${dir}/d/`, { action: "chmod", mode: "750", recursive: "false" })).status).toBe(200);
    expect(statSync(join(abs, "d")).mode & 0o7777).toBe(0o750);
    expect(statSync(join(abs, "d", "a.txt")).mode & 0o7777).toBe(0o644);
    expect((await patch(`${dir}/d/`, { action: "chmod", mode: "711", recursive: "true" })).status).toBe(200);
    for (const rel of ["d", "d/a.txt", "d/sub", "d/sub/b.txt"])
      expect([rel, statSync(join(abs, rel)).mode & 0o7777]).toEqual([rel, 0o711]);
  });

  it("never changes files outside the scope through a symlink below the folder", async () => {
    const { dir, abs } = newWorld({ d: { "a.txt": "A" } });
    writeFileSync(join(outside, "victim.txt"), "v");
    chmodSync(join(outside, "victim.txt"), 0o644);
    symlinkSync(join(outside, "victim.txt"), join(abs, "d", "link.txt"));
    expect((await patch(`${dir}/d/`, { action: "chmod", mode: "777", recursive: "true" })).status).toBe(200);
    expect(statSync(join(outside, "victim.txt")).mode & 0o7777).toBe(0o644);
    expect(statSync(join(abs, "d", "a.txt")).mode & 0o7777).toBe(0o777);
  });

  it("answers 400 with the documented message for a mode that is not 1-3 octal digits", async () => {
    const { dir, abs } = newWorld({ "a.txt": "A" });
    for (const mode of ["8", "0755", "abc", ""]) {
      const res = await patch(`${dir}/a.txt`, { action: "chmod", mode });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe("400 Bad Request (mode must be 1-3 octal digits)");
    }
    expect(statSync(join(abs, "a.txt")).mode & 0o7777).toBe(0o644);
  });
});

describe("GET ?checksum=", () => {
  it("answers the resource with each checksum, equal to md5sum, sha1sum, sha256sum and sha512sum", async () => {
    const data = Buffer.alloc(3 * 1024 * 1024 + 17).map((_, i) => (i * 7 + (i >> 10)) & 255);
    const { dir, abs } = newWorld({ "blob.bin": data });
    for (const algo of ["md5", "sha1", "sha256", "sha512"]) {
      const res = await api(`${dir}/blob.bin?checksum=${algo}`);
      expect(res.status).toBe(200);
      const body = await res.json();
      const tool = Bun.spawnSync([`${algo}sum`, join(abs, "blob.bin")], { stdout: "pipe" });
      const expected = tool.stdout.toString().split(" ")[0];
      expect(body).toMatchObject({
        name: "blob.bin",
        path: `${dir}/blob.bin`,
        size: data.length,
        isDir: false,
        checksums: { [algo]: expected },
      });
    }
  });

  it("answers 400 for an unknown algorithm and for a folder", async () => {
    const { dir } = newWorld({ "a.txt": "A", sub: {} });
    const bad = await api(`${dir}/a.txt?checksum=crc32`);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe("400 Bad Request (checksum must be one of md5, sha1, sha256, sha512)");
    expect((await api(`${dir}/sub/?checksum=md5`)).status).toBe(400);
  });
});

describe("PATCH action=passwdrename", () => {
  it("renames a file to @password@#name with ':' and '/' escaped, and back with an empty password", async () => {
    const { dir, abs } = newWorld({ "movie.mkv": "M" });
    expect((await patch(`${dir}/movie.mkv`, { action: "passwdrename", password: "s3:cr/t" })).status).toBe(200);
    expect(names(abs)).toEqual(["@s3x!xcrx#xt@#movie.mkv"]);
    expect((await patch(`${dir}/@s3x!xcrx#xt@#movie.mkv`, { action: "passwdrename", password: "other" })).status).toBe(
      200,
    );
    expect(names(abs)).toEqual(["@other@#movie.mkv"]);
    expect((await patch(`${dir}/@other@#movie.mkv`, { action: "passwdrename", password: "" })).status).toBe(200);
    expect(names(abs)).toEqual(["movie.mkv"]);
    expect(read(join(abs, "movie.mkv"))).toBe("M");
  });

  it("refuses a folder with the documented message", async () => {
    const { dir, abs } = newWorld({ d: {} });
    const res = await patch(`${dir}/d/`, { action: "passwdrename", password: "pw" });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("400 Bad Request (this feature is only for file, not directory)");
    expect(names(abs)).toEqual(["d"]);
  });

  it("answers 409 when the new name is taken", async () => {
    const { dir, abs } = newWorld({ "a.txt": "A", "@pw@#a.txt": "other" });
    expect((await patch(`${dir}/a.txt`, { action: "passwdrename", password: "pw" })).status).toBe(409);
    expect(names(abs)).toEqual(["@pw@#a.txt", "a.txt"]);
  });
});

describe("POST new empty file", () => {
  it("creates an empty file from an empty body with override=false, then answers 409", async () => {
    const { dir, abs } = newWorld({});
    expect((await api(`${dir}/new.md?override=false`, { method: "POST" })).status).toBe(200);
    expect(statSync(join(abs, "new.md")).size).toBe(0);
    writeFileSync(join(abs, "new.md"), "kept");
    expect((await api(`${dir}/new.md?override=false`, { method: "POST", body: "" })).status).toBe(409);
    expect(read(join(abs, "new.md"))).toBe("kept");
  });
});
