import { beforeAll, describe, expect, it } from "bun:test";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { call, makeUser, putUser } from "../support/factories";
import { makeTree } from "../support/tree";

const ctx = serverInProcess();

beforeAll(() => {
  makeTree(join(ctx.server.root, "media"), {
    "ep10.mkv": "v",
    "ep2.mp4": "vv",
    "Ep1.avi": "vvv",
    ".hidden.mp4": "h",
    "song b.mp3": "a",
    "song a.flac": "aa",
    "cover.jpg": "i",
    "notes.txt": "t",
    "sub.mp4": { "inside.mp4": "x" },
    "secret.mp4": "s",
  });
});

type Item = { name: string; path: string; type: string; isDir: boolean };
async function playlist(token: string, path: string, kind: string): Promise<Item[]> {
  const res = await call(ctx.server, token, "GET", `/resources${path}?playlist=${kind}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Item[];
}

describe("GET /api/resources/{dir}/?playlist=", () => {
  it("lists the folder's videos as resources in the listing's natural name order", async () => {
    const items = await playlist(ctx.admin, "/media/", "video");
    expect(items.map((i) => i.path)).toEqual([
      "/media/Ep1.avi",
      "/media/ep2.mp4",
      "/media/ep10.mkv",
      "/media/secret.mp4",
    ]);
    expect(items.every((i) => i.type === "video" && !i.isDir)).toBe(true);
  });

  it("lists audio the same way, and takes a file's folder when given a file", async () => {
    expect((await playlist(ctx.admin, "/media/song%20b.mp3", "audio")).map((i) => i.name)).toEqual([
      "song a.flac",
      "song b.mp3",
    ]);
    expect((await playlist(ctx.admin, "/media/ep2.mp4", "video")).map((i) => i.name)).toEqual([
      "Ep1.avi",
      "ep2.mp4",
      "ep10.mkv",
      "secret.mp4",
    ]);
  });

  it("follows the user's sorting, hidden files and rules", async () => {
    const u = await makeUser(ctx.server, ctx.admin, {
      rules: [{ allow: false, path: "/media/secret.mp4", regex: false, regexp: { raw: "" } }],
    });
    expect((await putUser(ctx.server, u.token, u.id, ["sorting"], { sorting: { by: "size", asc: true } })).status).toBe(
      200,
    );
    expect((await playlist(u.token, "/media/", "video")).map((i) => i.name)).toEqual([
      "ep10.mkv",
      "ep2.mp4",
      "Ep1.avi",
    ]);
    expect((await putUser(ctx.server, u.token, u.id, ["showHidden"], { showHidden: true })).status).toBe(200);
    expect((await playlist(u.token, "/media/", "video")).map((i) => i.name)).toContain(".hidden.mp4");
  });

  it("refuses other playlist kinds", async () => {
    const res = await call(ctx.server, ctx.admin, "GET", "/resources/media/?playlist=image");
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("400 Bad Request (playlist must be one of video, audio)");
  });
});
