/**
 * What a user without the download permission receives from every route that sends a file's bytes
 * (docs/security.md "Download permission"): renditions (thumbnails, posters, frames, HLS, subtitles as WebVTT, text
 * previews under 5 MiB) and never the file's own bytes. The same matrix runs with and without transfer threads,
 * which serve plain /api/raw reads on their own.
 */
import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { login, type TestServer } from "../support/server";
import { startInProcess } from "../support/in-process";
import { call, makeUser, putUser, NO_PERM, type TestUser } from "../support/factories";
import { ffmpeg, makeMkvWithSubs, requireMediaTools } from "../support/media";

const MiB = 1024 * 1024;
let root: string;

beforeAll(async () => {
  requireMediaTools();
  root = mkdtempSync(join(tmpdir(), "fbe-download-perm-"));
  mkdirSync(join(root, "folder"));
  writeFileSync(join(root, "data.bin"), randomBytes(4096));
  writeFileSync(join(root, "notes.txt"), `notes ${randomBytes(8).toString("hex")}\n`);
  writeFileSync(join(root, "folder", "inside.txt"), "inside\n");
  writeFileSync(
    join(root, "icon.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>`,
  );
  writeFileSync(join(root, "info.nfo"), "release notes\n");
  writeFileSync(join(root, "readme.md"), "# Title\n");
  writeFileSync(join(root, "clip.srt"), "1\n00:00:00,200 --> 00:00:00,900\nSidecar line\n");
  writeFileSync(join(root, "clip.vtt"), "WEBVTT\n\n00:00.200 --> 00:00.900\nSidecar vtt line\n");
  writeFileSync(join(root, "big.vtt"), `WEBVTT\n\n00:00.200 --> 00:00.900\n${"x".repeat(6 * MiB)}\n`);
  await ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=96x64", "-frames:v", "1", join(root, "photo.jpg")]);
  await makeMkvWithSubs(root, "clip.mkv");
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** One request of the matrix and what each user gets. */
interface Row {
  name: string;
  /** Path and query after /api. */
  url: string;
  method?: "GET" | "HEAD";
  headers?: Record<string, string>;
  /** Status for the user without download, and for the one with it. */
  viewer: number;
  downloader: number;
  /** The viewer's 200 answer is a text preview: the file's own text, allowed under 5 MiB. */
  textPreview?: boolean;
  /** The Content-Type the viewer's 200 answer starts with. */
  type?: string;
}

const MATRIX: Row[] = [
  { name: "a download", url: "/raw/data.bin", viewer: 403, downloader: 200 },
  { name: "a HEAD of a download", url: "/raw/data.bin", method: "HEAD", viewer: 403, downloader: 200 },
  { name: "a Range read", url: "/raw/data.bin", headers: { Range: "bytes=0-" }, viewer: 403, downloader: 206 },
  { name: "inline=true of a binary file", url: "/raw/data.bin?inline=true", viewer: 403, downloader: 200 },
  { name: "inline=true of a text file", url: "/raw/notes.txt?inline=true", viewer: 403, downloader: 200 },
  { name: "inline=true of a video", url: "/raw/clip.mkv?inline=true", viewer: 403, downloader: 200 },
  {
    name: "inline=true of an image, as its largest thumbnail",
    url: "/raw/photo.jpg?inline=true",
    viewer: 200,
    downloader: 200,
    type: "image/webp",
  },
  {
    name: "inline=true of an image sharp cannot shrink",
    url: "/raw/icon.svg?inline=true",
    viewer: 403,
    downloader: 200,
  },
  {
    name: "thumb=true of an image",
    url: "/raw/photo.jpg?thumb=true&w=32",
    viewer: 200,
    downloader: 200,
    type: "image/webp",
  },
  {
    name: "thumb=true of a video (its poster)",
    url: "/raw/clip.mkv?thumb=true",
    viewer: 200,
    downloader: 200,
    type: "image/jpeg",
  },
  { name: "thumb=true of a file that is no image", url: "/raw/data.bin?thumb=true", viewer: 403, downloader: 200 },
  { name: "thumb=true of an image sharp cannot shrink", url: "/raw/icon.svg?thumb=true", viewer: 403, downloader: 200 },
  {
    name: "a sidecar .srt as WebVTT",
    url: "/raw/clip.srt?subtitle=true&movie=/clip.mkv",
    viewer: 200,
    downloader: 200,
    type: "text/vtt",
  },
  {
    name: "a sidecar .vtt under 5 MiB",
    url: "/raw/clip.vtt?subtitle=true&movie=/clip.mkv",
    viewer: 200,
    downloader: 200,
    type: "text/vtt",
    textPreview: true,
  },
  {
    name: "a sidecar .vtt of 5 MiB or more",
    url: "/raw/big.vtt?subtitle=true&movie=/clip.mkv",
    viewer: 403,
    downloader: 200,
  },
  {
    name: "an embedded subtitle stream as WebVTT",
    url: "/raw/vtt?movie=/clip.mkv&si=0",
    viewer: 200,
    downloader: 200,
    type: "text/vtt",
  },
  {
    name: "the HLS master playlist",
    url: "/playlist/clip.mkv?master=true",
    viewer: 200,
    downloader: 200,
    type: "application/vnd.apple.mpegurl",
  },
  {
    name: "an HLS segment",
    url: "/playlist/clip.mkv?res=480-1&seg=0",
    viewer: 200,
    downloader: 200,
    type: "video/mp2t",
  },
  { name: "a video frame", url: "/frame/clip.mkv?t=0.5", viewer: 200, downloader: 200, type: "image/jpeg" },
  {
    name: "the seek thumbnails track",
    url: "/frame/clip.mkv?thumbnails=vtt",
    viewer: 200,
    downloader: 200,
    type: "text/vtt",
  },
  {
    name: "a seek thumbnails sprite",
    url: "/frame/clip.mkv?sprite=0",
    viewer: 200,
    downloader: 200,
    type: "image/jpeg",
  },
  { name: "a folder archive", url: "/raw/folder/?algo=zip", viewer: 403, downloader: 200 },
  {
    name: "a several-file archive",
    url: `/raw/?files=${encodeURIComponent("/notes.txt,/data.bin")}&algo=tar`,
    viewer: 403,
    downloader: 200,
  },
  {
    name: "the content of a text file",
    url: "/resources/notes.txt",
    viewer: 200,
    downloader: 200,
    type: "application/json",
    textPreview: true,
  },
  {
    name: "the .nfo text preview",
    url: "/resources/info.nfo?preview=nfo",
    viewer: 200,
    downloader: 200,
    type: "application/json",
    textPreview: true,
  },
  { name: "checksums", url: "/resources/data.bin?checksum=md5", viewer: 403, downloader: 200 },
  { name: "the probe of a video", url: "/resources/clip.mkv?probe=yes", viewer: 403, downloader: 200 },
  { name: "the media info of a video", url: "/resources/clip.mkv?mediaInfo=yes", viewer: 403, downloader: 200 },
  { name: "the markdown page", url: "/resources/readme.md?preview=markdown", viewer: 403, downloader: 200 },
];

/** The file a row's URL names, read from the root (null for folders and several files). */
function originalOf(row: Row): Buffer | null {
  const m = /^\/(?:raw|resources|playlist|frame)(\/[^?]*)/.exec(row.url);
  const path = m?.[1];
  if (!path || path.endsWith("/") || path === "/vtt") return null;
  return readFileSync(join(root, path));
}

for (const threads of ["0", "1"]) {
  describe(`a user without download, with ${threads} transfer thread(s)`, () => {
    let server: TestServer;
    let viewer: TestUser;
    let downloader: TestUser;
    beforeAll(async () => {
      server = await startInProcess({ root, env: { FBE_TRANSFER_THREADS: threads } });
      const admin = await login(server);
      viewer = await makeUser(server, admin, { perm: { create: true, rename: true, modify: true, share: true } });
      downloader = await makeUser(server, admin, { perm: { download: true } });
    }, 30_000);
    afterAll(() => server?.stop());

    for (const row of MATRIX) {
      const verb = row.viewer === 200 ? "receives" : "is refused";
      it(`${verb} ${row.name}, which a user with download receives`, async () => {
        const send = (token: string) => call(server, token, row.method ?? "GET", row.url, undefined, row.headers ?? {});
        const res = await send(viewer.token);
        const body = Buffer.from(await res.arrayBuffer());
        expect(`${row.name}: ${res.status}`).toBe(`${row.name}: ${row.viewer}`);
        if (row.viewer === 403 && row.method !== "HEAD") expect(body.toString()).toContain("download permission");
        if (row.type) expect(res.headers.get("content-type") ?? "").toStartWith(row.type);
        const original = originalOf(row);
        // Never the file's own bytes, whole or as a part, unless the row is a text preview.
        if (original && !row.textPreview && original.length > 0)
          expect(body.includes(original.subarray(0, Math.min(original.length, 256)))).toBe(false);
        const allowed = await send(downloader.token);
        await allowed.arrayBuffer();
        expect(`${row.name}: ${allowed.status}`).toBe(`${row.name}: ${row.downloader}`);
      }, 60_000);
    }

    it("gets no content of a text file of 5 MiB or more, like a user with download", async () => {
      writeFileSync(join(root, "big.txt"), "y".repeat(6 * MiB));
      for (const token of [viewer.token, downloader.token]) {
        const res = await call(server, token, "GET", "/resources/big.txt");
        expect(res.status).toBe(200);
        expect(((await res.json()) as { content?: string }).content).toBeUndefined();
      }
    });
  });
}

describe("a share link whose owner has no download permission", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startInProcess({ root });
  }, 30_000);
  afterAll(() => server?.stop());

  it("answers 404 to the public for every read, previews included", async () => {
    const admin = await login(server);
    const owner = await makeUser(server, admin, { perm: { share: true, download: true } });
    const link = async (path: string) =>
      ((await (await call(server, owner.token, "POST", `/share${path}`)).json()) as { hash: string }).hash;
    const [data, photo] = [await link("/data.bin"), await link("/photo.jpg")];
    expect((await putUser(server, admin, owner.id, ["perm"], { perm: { ...NO_PERM, share: true } })).status).toBe(200);
    for (const [hash, query] of [
      [data, ""],
      [data, "?inline=true"],
      [data, "?thumb=true"],
      [photo, "?inline=true"],
      [photo, "?thumb=true"],
    ]) {
      const res = await fetch(`${server.url}/api/public/dl/${hash}${query}`);
      expect(`${query}: ${res.status}`).toBe(`${query}: 404`);
    }
  });
});
