import { beforeAll, describe, expect, it } from "bun:test";
import { serverInProcess } from "../support/server-per-file";
import { existsSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { connect } from "node:net";
import { makeTree } from "../support/tree";
import { tempLeftovers } from "../support/temp-leftovers";

const ctx = serverInProcess();
const FIXTURES = join(import.meta.dir, "..", "..", "scripts", "sample-files");

beforeAll(async () => {
  makeTree(ctx.server.root, {
    "notes.txt": "hello notes\n",
    "readme.md": "# Title\n",
    "movie.mp4": readFileSync(join(FIXTURES, "media", "clip.mp4")),
    "song.mp3": readFileSync(join(FIXTURES, "media", "tone.mp3")),
    "photo.jpg": readFileSync(join(FIXTURES, "photos", "sunrise.jpg")),
    "guide.pdf": readFileSync(join(FIXTURES, "docs", "guide.pdf")),
    "sheet.docx": "PK fake office file",
    "bundle.zip": readFileSync(join(FIXTURES, "archives", "notes.zip")),
    "font.woff2": "wOF2",
    "data.bin": new Uint8Array([0, 1, 2, 3, 255, 254]),
    "LICENSE": "MIT License\nPermission is hereby granted",
    "mystery": readFileSync(join(FIXTURES, "docs", "guide.pdf")),
    ".hidden": "secret",
    sub: { "inner.txt": "inner", deeper: {} },
  });
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${ctx.server.url}/api/resources${path}`, {
    ...init,
    headers: { "X-Auth": ctx.admin, ...(init.headers ?? {}) },
  });

describe("GET /api/resources (listing)", () => {
  it("lists a folder with the documented fields, counts and sorting, leaving hidden names out", async () => {
    const res = await api("/");
    expect(res.status).toBe(200);
    const dir = await res.json();
    expect(dir).toMatchObject({
      path: "/",
      isDir: true,
      isSymlink: false,
      type: "",
      numDirs: 1,
      numFiles: 12,
      sorting: { by: "name", asc: true },
    });
    expect(dir.modeStr).toMatch(/^d[rwx-]{9}$/);
    expect(dir.mode).toBeGreaterThanOrEqual(2 ** 31);
    const names = dir.items.map((i: { name: string }) => i.name);
    expect(names).not.toContain(".hidden");
    expect(names).toHaveLength(13);
    const notes = dir.items.find((i: { name: string }) => i.name === "notes.txt");
    expect(notes).toEqual({
      name: "notes.txt",
      path: "/notes.txt",
      url: "/files/notes.txt",
      size: 12,
      modified: expect.any(String),
      mode: expect.any(Number),
      modeStr: expect.stringMatching(/^-rw/),
      isDir: false,
      isSymlink: false,
      type: "text",
      extension: ".txt",
    });
    expect(new Date(notes.modified).toISOString()).toBe(notes.modified);
    expect(notes.modified).toBe(statSync(join(ctx.server.root, "notes.txt")).mtime.toISOString());
    const sub = dir.items.find((i: { name: string }) => i.name === "sub");
    expect(sub).toMatchObject({ path: "/sub/", isDir: true, type: "" });
  });

  it("detects each type from the name in a listing, without reading file heads", async () => {
    const dir = await (await api("/")).json();
    const types = Object.fromEntries(dir.items.map((i: { name: string; type: string }) => [i.name, i.type]));
    expect(types).toMatchObject({
      "notes.txt": "text",
      "readme.md": "text",
      "movie.mp4": "video",
      "song.mp3": "audio",
      "photo.jpg": "image",
      "guide.pdf": "document",
      "sheet.docx": "document",
      "bundle.zip": "archive",
      "font.woff2": "font",
      "data.bin": "blob",
      // Extension-less names stay blob in a listing: sniffing needs the head.
      mystery: "blob",
    });
  });

  it("sniffs the content of a single extension-less file: text, or a PDF by its magic number", async () => {
    expect((await (await api("/LICENSE")).json()).type).toBe("text");
    expect((await (await api("/mystery")).json()).type).toBe("document");
  });

  it("answers a text file with its content, and a binary file without", async () => {
    const notes = await (await api("/notes.txt")).json();
    expect(notes).toMatchObject({ name: "notes.txt", path: "/notes.txt", content: "hello notes\n", type: "text" });
    expect(notes.items).toBeUndefined();
    const photo = await (await api("/photo.jpg")).json();
    expect(photo.content).toBeUndefined();
    expect(photo.type).toBe("image");
  });

  it("answers 404 for a missing path", async () => {
    const res = await api("/nope.txt");
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("404 Not Found");
  });

  it("lists nested folders by encoded path", async () => {
    makeTree(join(ctx.server.root, "sub"), { "a b#c?.txt": "x" });
    const res = await api(`/sub/${encodeURIComponent("a b#c?.txt")}`);
    expect(res.status).toBe(200);
    expect((await res.json()).path).toBe("/sub/a b#c?.txt");
  });
});

describe("POST /api/resources (upload and new folder)", () => {
  it("uploads a body into a new file, then answers 409 without override and replaces with override=true", async () => {
    const first = await api("/up/new.txt?override=false", { method: "POST", body: "one" });
    expect(first.status).toBe(200);
    expect(readFileSync(join(ctx.server.root, "up", "new.txt"), "utf8")).toBe("one");
    const conflict = await api("/up/new.txt?override=false", { method: "POST", body: "two" });
    expect(conflict.status).toBe(409);
    expect(await conflict.text()).toBe("409 Conflict");
    expect(readFileSync(join(ctx.server.root, "up", "new.txt"), "utf8")).toBe("one");
    const replaced = await api("/up/new.txt?override=true", { method: "POST", body: "three" });
    expect(replaced.status).toBe(200);
    expect(readFileSync(join(ctx.server.root, "up", "new.txt"), "utf8")).toBe("three");
  });

  it("creates an empty file from an empty body", async () => {
    expect((await api("/empty.txt?override=false", { method: "POST" })).status).toBe(200);
    expect(statSync(join(ctx.server.root, "empty.txt")).size).toBe(0);
  });

  it("creates a folder for a path ending in / and answers 409 when it exists", async () => {
    expect((await api("/made/deep/", { method: "POST" })).status).toBe(200);
    expect(statSync(join(ctx.server.root, "made", "deep")).isDirectory()).toBe(true);
    expect((await api("/made/deep/", { method: "POST" })).status).toBe(409);
  });

  it("leaves no file, partial or temporary, after an upload aborted mid-body", async () => {
    const url = new URL(`${ctx.server.url}/api/resources/aborted.bin?override=false`);
    await new Promise<void>((resolve) => {
      const sock = connect(Number(url.port), url.hostname, () => {
        sock.write(
          `POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nX-Auth: ${ctx.admin}\r\nContent-Length: 10000000\r\n\r\n`,
        );
        sock.write(Buffer.alloc(256 * 1024, 7), () =>
          setTimeout(() => {
            sock.destroy();
            resolve();
          }, 200),
        );
      });
    });
    await Bun.sleep(500);
    expect(existsSync(join(ctx.server.root, "aborted.bin"))).toBe(false);
    expect(tempLeftovers(ctx.server.root)).toEqual([]);
    // The server keeps serving.
    expect((await api("/")).status).toBe(200);
  });

  it("logs one clear line, never an empty ERROR line, for an upload the client aborts", async () => {
    const before = ctx.server.output().length;
    const abort = new AbortController();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(ctrl) {
        await Bun.sleep(20);
        sent += 64 * 1024;
        ctrl.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const answer = api("/cancelled.bin", {
      method: "POST",
      body,
      signal: abort.signal,
      duplex: "half",
    } as RequestInit).catch((e: Error) => e);
    while (sent < 512 * 1024) await Bun.sleep(20);
    abort.abort();
    expect(await answer).toBeInstanceOf(Error);
    await Bun.sleep(500);
    const log = ctx.server.output().slice(before);
    expect(log).toMatch(/upload of \/cancelled\.bin aborted by the client after \d+ bytes/);
    expect(log).not.toMatch(/ERROR[^\n]*:\s*$/m);
    expect(log).not.toContain("ERROR");
    expect(existsSync(join(ctx.server.root, "cancelled.bin"))).toBe(false);
    expect(tempLeftovers(ctx.server.root)).toEqual([]);
  });
});

describe("DELETE /api/resources", () => {
  it("deletes a file and a folder with its content, answering 200", async () => {
    makeTree(ctx.server.root, { trash: { "a.txt": "a", inner: { "b.txt": "b" } }, "gone.txt": "x" });
    expect((await api("/gone.txt", { method: "DELETE" })).status).toBe(200);
    expect(existsSync(join(ctx.server.root, "gone.txt"))).toBe(false);
    expect((await api("/trash/", { method: "DELETE" })).status).toBe(200);
    expect(existsSync(join(ctx.server.root, "trash"))).toBe(false);
  });

  it("answers 404 for a missing path and 403 for the scope root", async () => {
    expect((await api("/never.txt", { method: "DELETE" })).status).toBe(404);
    expect((await api("/", { method: "DELETE" })).status).toBe(403);
    expect(existsSync(ctx.server.root)).toBe(true);
  });

  it("removes a symlink, never its target", async () => {
    makeTree(ctx.server.root, { "target.txt": "keep me" });
    symlinkSync(join(ctx.server.root, "target.txt"), join(ctx.server.root, "link.txt"));
    expect((await api("/link.txt", { method: "DELETE" })).status).toBe(200);
    expect(readFileSync(join(ctx.server.root, "target.txt"), "utf8")).toBe("keep me");
  });
});
