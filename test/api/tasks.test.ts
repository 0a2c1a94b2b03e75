import { describe, expect, it } from "bun:test";
import { existsSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { serverInProcess } from "../support/server-per-file";
import { call, makeUser, type Perm } from "../support/factories";
import { makeTree } from "../support/tree";
import { isTask, openTaskSocket } from "../support/task-socket";
import { queued, refusal, waitStatus } from "../support/task-helpers";
import { inspectTorrent } from "../support/torrent";
import { isToolAvailable } from "../../src/server/tools/available";
import { SOCKET_SESSION_CHECK_MS } from "../../src/server/auth/session-watch";

const ctx = serverInProcess();

/** A user with execute (plus `perm`), a folder of their own under the root, and an open task socket. */
async function worker(perm: Perm = {}, extra: { rules?: unknown[] } = {}) {
  const dir = `w${randomBytes(4).toString("hex")}`;
  makeTree(join(ctx.server.root, dir), {});
  const user = await makeUser(ctx.server, ctx.admin, { perm: { execute: true, ...perm }, scope: `/${dir}`, ...extra });
  const ws = await openTaskSocket(ctx.server, user.token);
  return { user, ws, dir: join(ctx.server.root, dir) };
}

describe("make torrent over the task connection", () => {
  it("needs mktorrent installed", () =>
    expect(isToolAvailable("mktorrent") ? "ok" : "mktorrent is missing").toBe("ok"));

  it("makes a verified torrent of a file beside it, pushing pending, doing, done and the output path", async () => {
    const { ws, dir } = await worker();
    writeFileSync(join(dir, "movie.bin"), randomBytes(1_500_000));
    const t = await queued(ws, {
      Task: "mktorrent",
      TargetPath: "/movie.bin",
      Params: {
        announce: "http://tracker.test/announce",
        isPrivate: true,
        pieceLength: 18,
        comment: "a comment",
        source: "SRC",
      },
    });
    const done = await waitStatus(ws, t.TaskID, [4, 5]);
    expect(done).toMatchObject({
      Status: 4,
      Message: "/movie.bin.torrent",
      TargetPath: "/movie.bin",
      Task: "mktorrent",
    });
    expect(done.StartTime).toBeGreaterThanOrEqual(done.AddTime);
    expect(done.EndTime).toBeGreaterThanOrEqual(done.StartTime);
    expect(ws.statuses(t.TaskID)).toEqual([0, 1, 4]);
    const info = inspectTorrent(join(dir, "movie.bin.torrent"), join(dir, "movie.bin"));
    expect(info).toMatchObject({
      name: "movie.bin",
      announce: "http://tracker.test/announce",
      private: true,
      pieceLength: 2 ** 18,
      comment: "a comment",
      source: "SRC",
      badPieces: [],
    });
    expect(info.pieceCount).toBe(Math.ceil(1_500_000 / 2 ** 18));
    expect(info.infoHash).toBe(info.infoHashReencoded);
    expect(readdirSync(dir).sort()).toEqual(["movie.bin", "movie.bin.torrent"]);
    await ws.close();
  });

  it("makes /a/b.torrent of the folder /a/b/ whose pieces verify, and replaces an older one", async () => {
    const { ws, dir } = await worker();
    makeTree(dir, {
      a: { b: { "one.bin": randomBytes(300_000), deep: { "two.bin": randomBytes(200_001) } } },
      "x": {},
    });
    writeFileSync(join(dir, "a", "b.torrent"), "old");
    const t = await queued(ws, {
      Task: "mktorrent",
      TargetPath: "/a/b/",
      Params: { pieceLength: 18, isPrivate: false },
    });
    expect(t.TargetPath).toBe("/a/b/");
    expect(t.Params).toMatchObject({
      announce: "http://localhost/announce",
      pieceLength: 18,
      isPrivate: false,
      comment: "",
    });
    expect((await waitStatus(ws, t.TaskID, [4, 5])).Message).toBe("/a/b.torrent");
    const info = inspectTorrent(join(dir, "a", "b.torrent"), join(dir, "a", "b"));
    expect(info.files.map((f) => f.path).sort()).toEqual(["deep/two.bin", "one.bin"]);
    expect(info).toMatchObject({ name: "b", private: false, badPieces: [] });
    await ws.close();
  });

  it("leaves out of a folder's torrent what its owner may not read: links out of the scope and denied paths", async () => {
    const { ws, dir } = await worker(
      {},
      { rules: [{ allow: false, path: "/album/private", regex: false, regexp: { raw: "" } }] },
    );
    makeTree(dir, {
      album: {
        "a.bin": randomBytes(70_000),
        ".hidden": "h",
        private: { "p.bin": "p" },
        sub: { "b.bin": randomBytes(5000) },
      },
    });
    writeFileSync(join(ctx.server.root, "outside-secret.bin"), "outside the scope");
    symlinkSync(join(ctx.server.root, "outside-secret.bin"), join(dir, "album", "leak.bin"));
    symlinkSync(join(dir, "album", "private"), join(dir, "album", "alias"));
    symlinkSync(join(dir, "album", "sub"), join(dir, "album", "sub-link"));
    const t = await queued(ws, { Task: "mktorrent", TargetPath: "/album/", Params: { pieceLength: 18 } });
    expect((await waitStatus(ws, t.TaskID, [4, 5])).Message).toBe("/album.torrent");
    const info = inspectTorrent(join(dir, "album.torrent"), join(dir, "album"));
    expect(info.files.map((f) => f.path).sort()).toEqual([".hidden", "a.bin", "sub-link/b.bin", "sub/b.bin"]);
    expect(info).toMatchObject({ name: "album", badPieces: [] });
    await ws.close();
  });

  it("writes to torrentOutput inside the scope, naming the file after torrentName in a folder", async () => {
    const { ws, dir } = await worker();
    makeTree(dir, { src: { "f.bin": randomBytes(10_000) }, out: {} });
    const t = await queued(ws, {
      Task: "mktorrent",
      TargetPath: "/src/",
      Params: { torrentName: "Named", torrentOutput: "/out/" },
    });
    expect((await waitStatus(ws, t.TaskID, [4, 5])).Message).toBe("/out/Named.torrent");
    expect(inspectTorrent(join(dir, "out", "Named.torrent"), join(dir, "src")).name).toBe("Named");
    const escape = await queued(ws, {
      Task: "mktorrent",
      TargetPath: "/src/",
      Params: { torrentOutput: "/../escaped.torrent" },
    });
    expect(await waitStatus(ws, escape.TaskID, [4, 5])).toMatchObject({
      Status: 5,
      Message: "path is outside your scope or not allowed",
    });
    expect(existsSync(join(ctx.server.root, "escaped.torrent"))).toBe(false);
    await ws.close();
  });

  it("refuses a .torrent target with the documented message and queues nothing", async () => {
    const { ws, dir } = await worker();
    writeFileSync(join(dir, "x.torrent"), "d4:infode");
    expect(await refusal(ws, { Task: "mktorrent", TargetPath: "/x.torrent", Params: {} })).toBe(
      "hey man, you can not make a torrent for a torrent, what's the point?",
    );
    expect(ws.messages.filter(isTask)).toEqual([]);
    await ws.close();
  });
});

describe("messages the server refuses", () => {
  it("answers {error} to bad messages and creates nothing", async () => {
    const { ws, dir, user } = await worker();
    writeFileSync(join(dir, "f.bin"), "data");
    const bad: [Record<string, unknown> | string, RegExp][] = [
      ["not json", /not JSON/],
      ["[1,2]", /object/],
      [{ Task: "format_disk", TargetPath: "/f.bin", Params: {} }, /unknown Task/],
      [{ Task: "mktorrent", TargetPath: "/f.bin" }, /Params must be an object/],
      [{ Task: "mktorrent", TargetPath: "/f.bin", Params: "x" }, /Params must be an object/],
      [{ Task: "mktorrent", Params: {} }, /TargetPath/],
      [
        { Task: "mktorrent", TargetPath: "/f.bin", Params: { pieceLength: "22" } },
        /pieceLength must be an integer from 18 to 26/,
      ],
      [{ Task: "mktorrent", TargetPath: "/f.bin", Params: { pieceLength: 27 } }, /pieceLength/],
      [{ Task: "mktorrent", TargetPath: "/f.bin", Params: { pieceLength: 20.5 } }, /pieceLength/],
      [{ Task: "mktorrent", TargetPath: "/f.bin", Params: { isPrivate: "yes" } }, /isPrivate must be true or false/],
      [{ Task: "mktorrent", TargetPath: "/f.bin", Params: { comment: 5 } }, /comment must be a string/],
      [{ Task: "mktorrent", TargetPath: "/missing.bin", Params: {} }, /does not exist/],
      [{ Task: "mktorrent", TargetPath: "/../etc/passwd", Params: {} }, /outside your scope/],
      [{ Task: "remove", Params: {} }, /TaskID/],
      [{ Task: "cancel", Params: { TaskID: "1" } }, /TaskID/],
      [{ Task: "retry", Params: { TaskID: 999999 } }, /task 999999 not found/],
    ];
    for (const [msg, want] of bad) expect(await refusal(ws, msg)).toMatch(want);
    expect(ws.messages.filter(isTask)).toEqual([]);
    const again = await openTaskSocket(ctx.server, user.token);
    await Bun.sleep(200);
    expect(again.messages).toEqual([]);
    expect(readdirSync(dir)).toEqual(["f.bin"]);
    await Promise.all([ws.close(), again.close()]);
  });

  it("refuses a path the user's rules deny, as if outside the scope", async () => {
    const { ws, dir } = await worker(
      {},
      { rules: [{ allow: false, path: "/secret", regex: false, regexp: { raw: "" } }] },
    );
    makeTree(dir, { secret: { "s.bin": "s" } });
    expect(await refusal(ws, { Task: "mktorrent", TargetPath: "/secret/", Params: {} })).toBe(
      "path is outside your scope or not allowed",
    );
    expect(await refusal(ws, { Task: "mktorrent", TargetPath: "/secret/s.bin", Params: {} })).toBe(
      "path is outside your scope or not allowed",
    );
    await ws.close();
  });

  it("refuses unarchive without the rename permission", async () => {
    const { ws, dir } = await worker({ rename: false });
    writeFileSync(join(dir, "a.zip"), "PK");
    expect(await refusal(ws, { Task: "unarchive", TargetPath: "/a.zip", Params: {} })).toBe(
      "unarchive needs the rename permission",
    );
    await ws.close();
  });
});

describe("who may open the connection", () => {
  it("answers 403 before the upgrade to a user without execute", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { perm: { download: true } });
    expect((await call(ctx.server, u.token, "GET", "/task")).status).toBe(403);
    const res = await fetch(`${ctx.server.url}/api/task?auth=${u.token}`, {
      headers: {
        Upgrade: "websocket",
        Connection: "Upgrade",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
      },
    });
    expect(res.status).toBe(403);
    await expect(openTaskSocket(ctx.server, u.token)).rejects.toThrow(/closed before open/);
  });

  it("refuses a media token and a missing token (401)", async () => {
    const u = await makeUser(ctx.server, ctx.admin, { perm: { execute: true, download: true } });
    const res = await call(ctx.server, u.token, "GET", "/media-token/");
    const { token } = (await res.json()) as { token: string };
    const up = {
      Upgrade: "websocket",
      Connection: "Upgrade",
      "Sec-WebSocket-Version": "13",
      "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    };
    expect((await fetch(`${ctx.server.url}/api/task?auth=${token}`, { headers: up })).status).toBe(401);
    expect((await fetch(`${ctx.server.url}/api/task`, { headers: up })).status).toBe(401);
    await expect(openTaskSocket(ctx.server, token)).rejects.toThrow(/closed before open/);
  });

  it("closes the socket of a session that ended (logout) instead of serving it", async () => {
    const { ws, user, dir } = await worker();
    writeFileSync(join(dir, "f.bin"), "data");
    await call(ctx.server, user.token, "POST", "/logout");
    ws.send({ Task: "mktorrent", TargetPath: "/f.bin", Params: {} });
    expect(await ws.closed).toEqual({ code: 4001, reason: "session ended" });
    expect(ws.messages).toEqual([]);
    expect(existsSync(join(dir, "f.bin.torrent"))).toBe(false);
  });

  it("closes an idle socket as soon as its user logs out, long before the periodic session check", async () => {
    const { ws, user } = await worker();
    const loggedOutAt = Date.now();
    await call(ctx.server, user.token, "POST", "/logout");
    expect(await ws.closed).toEqual({ code: 4001, reason: "session ended" });
    expect(Date.now() - loggedOutAt).toBeLessThan(SOCKET_SESSION_CHECK_MS / 3);
  });
});
