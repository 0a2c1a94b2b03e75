import { beforeAll, describe, expect, it } from "bun:test";
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { call, makeUser, type TestUser } from "../support/factories";
import { ffmpeg, requireMediaTools } from "../support/media";
import { openTaskSocket } from "../support/task-socket";
import { queued, waitStatus } from "../support/task-helpers";
import { isToolAvailable } from "../../src/server/tools/available";

// A user's "video" whose content is an HLS playlist or an ffconcat script naming another user's files must never
// make ffprobe, ffmpeg or mediainfo read those files (docs/security.md "Media tools").
const ctx = serverInProcess();
/** Words of the other user's subtitle track and sidecar file: they must never show up in A's answers. */
const SECRET_TEXT = "ZEBRA-SECRET-CUE-7731";
let root: string;
let alice: TestUser;

/** The attacks, by name in A's folder: playlists and concat scripts naming B's files by absolute and relative paths. */
const ATTACKS: Record<string, (r: string) => string> = {
  "hls-abs.mp4": (r) =>
    `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10,\n${r}/b/secret.mkv\n#EXT-X-ENDLIST\n`,
  "hls-rel.mkv": () =>
    "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10,\n../b/secret.mkv\n#EXT-X-ENDLIST\n",
  "concat-abs.mp4": (r) => `ffconcat version 1.0\nfile '${r}/b/secret.mkv'\n`,
  "concat-rel.mkv": () => "ffconcat version 1.0\nfile '../b/secret.mkv'\n",
};
const NAMES = Object.keys(ATTACKS);

/** Status and body text of a GET as Alice, with her login token as `auth` (what players send). */
async function get(path: string, query: string): Promise<{ status: number; body: string; type: string }> {
  const res = await fetch(`${ctx.server.url}${path}?auth=${alice.token}&${query}`);
  return { status: res.status, body: await res.text(), type: res.headers.get("content-type") ?? "" };
}

/** True when `body` carries anything of B's files or of the server's disk layout. */
function leaks(body: string): boolean {
  return (
    body.includes(SECRET_TEXT) || body.includes(root) || body.includes("secret.mkv") || body.includes("secret.srt")
  );
}

/** Asks `route`/NAME?QUERY for every attack and query: each answers 415, of none of `types`, with nothing of B's. */
async function expectRefused(route: string, queries: string[], types: string[]): Promise<void> {
  for (const name of NAMES) {
    for (const query of queries) {
      const r = await get(`${route}/${name}`, query);
      expect([name, query, r.status]).toEqual([name, query, 415]);
      for (const type of types) expect(r.type).not.toContain(type);
      expect(leaks(r.body)).toBe(false);
    }
  }
}

beforeAll(async () => {
  requireMediaTools();
  root = realpathSync(ctx.server.root);
  mkdirSync(join(root, "a"));
  mkdirSync(join(root, "b"));
  // B's files: a subtitle file and a video with a text subtitle track, both carrying SECRET_TEXT.
  const srt = join(root, "b", "secret.srt");
  writeFileSync(srt, `1\n00:00:00,200 --> 00:00:01,800\n${SECRET_TEXT}\n`);
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "color=c=lime:size=160x120:rate=25:duration=2",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440:duration=2",
    "-i",
    srt,
    "-map",
    "0",
    "-map",
    "1",
    "-map",
    "2",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-c:a",
    "aac",
    "-c:s",
    "srt",
    "-t",
    "2",
    join(root, "b", "secret.mkv"),
  ]);
  for (const [name, content] of Object.entries(ATTACKS)) writeFileSync(join(root, "a", name), content(root));
  // A binary file no demuxer reads: its probe failure must not echo ffprobe's words or the disk path.
  writeFileSync(join(root, "a", "broken.mkv"), new Uint8Array([0x00, 0x01, 0x02, 0x03, 0x00, 0xff, 0x00, 0x10]));
  await makeUser(ctx.server, ctx.admin, { scope: "/b", perm: { download: true } });
  alice = await makeUser(ctx.server, ctx.admin, {
    scope: "/a",
    perm: { download: true, execute: true, create: true, modify: true },
  });
}, 60_000);

describe("a video whose content is a playlist or a concat script naming another user's files", () => {
  it("gets 415 from the embedded subtitle track URL and never the other user's subtitle text", async () => {
    for (const name of NAMES) {
      const r = await get("/api/raw/vtt", `movie=${encodeURIComponent(`/${name}`)}&si=0&extract=true`);
      expect([name, r.status]).toEqual([name, 415]);
      expect(r.body).toStartWith("415 Unsupported Media Type (");
      expect(leaks(r.body)).toBe(false);
    }
  });

  it("gets 415 from the frame, seek-thumbnail and sprite URLs and never a picture", async () => {
    await expectRefused("/api/frame", ["t=0.5", "thumbnails=vtt", "sprite=0"], ["image/"]);
  });

  it("gets 415 from the poster thumbnail instead of a frame of the other video", async () => {
    for (const name of NAMES) {
      for (let round = 0; round < 2; round++) {
        const res = await fetch(`${ctx.server.url}/api/raw/${name}?thumb=true&w=128`, {
          headers: { "X-Auth": alice.token },
        });
        const body = await res.text();
        expect([name, round, res.status]).toEqual([name, round, 415]);
        expect(res.headers.get("content-type") ?? "").not.toContain("image/");
        expect(leaks(body)).toBe(false);
      }
    }
  });

  it("gets 415 from the HLS master and media playlists and their segments", async () => {
    await expectRefused("/api/playlist", ["master=true", "res=480-1", "res=480-1&seg=0"], ["mpegurl", "mp2t"]);
  });

  it("gets 415 from probe=yes, with neither the other video's streams nor a server path", async () => {
    for (const name of NAMES) {
      const res = await call(ctx.server, alice.token, "GET", `/resources/${name}?probe=yes`);
      const body = await res.text();
      expect([name, res.status]).toEqual([name, 415]);
      expect(body).toBe(
        "415 Unsupported Media Type (the file's content is text (a playlist or a list of files), not video or audio)",
      );
    }
  });

  it("gets 415 from mediaInfo=yes, which never tells the other file's name or size", async () => {
    if (!isToolAvailable("mediainfo"))
      throw new Error("mediainfo is not installed: this test needs it (npm test installs it)");
    for (const name of NAMES) {
      const res = await call(ctx.server, alice.token, "GET", `/resources/${name}?mediaInfo=yes`);
      const body = await res.text();
      expect([name, res.status]).toEqual([name, 415]);
      expect(leaks(body)).toBe(false);
      expect(body).not.toMatch(/KiB|Duration/);
    }
  });

  it("fails the contact sheet and extract-subtitle tasks with a clear message and writes nothing from the other video", async () => {
    const ws = await openTaskSocket(ctx.server, alice.token);
    for (const name of NAMES) {
      for (const req of [
        { Task: "mkthumb", TargetPath: `/${name}`, Params: { numcaps: 2, width: 64 } },
        { Task: "extract_sub", TargetPath: `/${name}`, Params: { subFormat: "srt" } },
      ]) {
        const t = await queued(ws, req);
        const end = await waitStatus(ws, t.TaskID, [4, 5]);
        expect([name, req.Task, end.Status, end.Message]).toEqual([
          name,
          req.Task,
          5,
          "the file's content is text (a playlist or a list of files), not video or audio",
        ]);
      }
    }
    await ws.close();
    const listing = await call(ctx.server, alice.token, "GET", "/resources/");
    const names = ((await listing.json()) as { items: { name: string }[] }).items.map((i) => i.name).sort();
    expect(names).toEqual(["broken.mkv", ...NAMES].sort());
  }, 60_000);
});

describe("errors of the media tools", () => {
  it("name neither the files root nor the tool's own words when ffprobe cannot read a file", async () => {
    const res = await call(ctx.server, alice.token, "GET", "/resources/broken.mkv?probe=yes");
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("400 Bad Request (ffprobe cannot read this file)");
    const frame = await get("/api/frame/broken.mkv", "t=0.5");
    expect(frame).toMatchObject({ status: 400, body: "400 Bad Request (ffprobe cannot read this file)" });
  });
});
