import { beforeAll, describe, expect, it } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serverInProcess } from "../support/server-per-file";
import { call } from "../support/factories";
import { makeMkvWithSubs, makeVideo, requireMediaTools } from "../support/media";
import { rawRequest } from "../support/raw-request";

const ctx = serverInProcess();
const ROUTES = ["playlist", "frame", "probe", "vtt", "markdown"] as const;

beforeAll(async () => {
  requireMediaTools();
  const root = ctx.server.root;
  mkdirSync(join(root, "pub"));
  mkdirSync(join(root, "private"));
  await makeMkvWithSubs(join(root, "pub"), "movie.mkv");
  writeFileSync(join(root, "pub", "movie.en.srt"), "1\n00:00:00,200 --> 00:00:00,900\nSidecar line\n");
  writeFileSync(
    join(root, "pub", "readme.md"),
    "# Shared notes\n\n![secret](../private/pic.png) [out](../private/notes.md)\n",
  );
  await makeVideo(join(root, "private"), "other.mp4", 1);
  writeFileSync(join(root, "private", "notes.md"), "# Private\n");
});

/** Creates a link (folder paths end with "/"); returns its hash. */
async function share(
  path: string,
  options: Record<string, unknown> = {},
  query = "?expires=1&unit=hours",
): Promise<string> {
  const res = await call(ctx.server, ctx.admin, "POST", `/share${path}${query}`, options);
  if (res.status !== 200) throw new Error(`share failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { hash: string }).hash;
}

const pub = (path: string, init: RequestInit = {}) => fetch(`${ctx.server.url}/api/public${path}`, init);

describe("a visitor's previews of a shared folder", () => {
  it("probe, HLS, seek thumbnails, embedded and sidecar subtitles and the markdown page all answer through the link", async () => {
    const hash = await share("/pub/");
    const probe = (await (await pub(`/probe/${hash}/movie.mkv`)).json()) as {
      metainfo: { SubtitleEmbedded: unknown[] };
      subtitles: { Path: string }[];
    };
    expect(probe.metainfo.SubtitleEmbedded.length).toBe(3);
    // Sidecar paths are inside the share, never the owner's.
    expect(probe.subtitles.map((s) => s.Path)).toEqual(["/movie.en.srt"]);
    const master = await (await pub(`/playlist/${hash}/movie.mkv?master=true`)).text();
    const variant = master.split("\n").find((l) => l.startsWith("./"))!;
    const media = await pub(`/playlist/${hash}/${variant.slice(2)}`);
    expect(media.status).toBe(200);
    const segment = (await media.text()).split("\n").find((l) => l.startsWith("./"))!;
    const seg = await pub(`/playlist/${hash}/${segment.slice(2)}`);
    expect(seg.headers.get("Content-Type")).toBe("video/mp2t");
    const vtt = await (await pub(`/frame/${hash}/movie.mkv?thumbnails=vtt`)).text();
    const sheet = /^(\/\S+sprite=\d+)/m.exec(vtt)![1];
    expect((await fetch(`${ctx.server.url}${sheet}`)).headers.get("Content-Type")).toBe("image/jpeg");
    expect((await pub(`/frame/${hash}/movie.mkv?t=1`)).headers.get("Content-Type")).toBe("image/jpeg");
    expect(await (await pub(`/vtt/${hash}/movie.mkv?si=0`)).text()).toContain("EN Hello subtitles");
    expect(await (await pub(`/vtt/${hash}/movie.en.srt`)).text()).toContain("Sidecar line");
    const page = await pub(`/markdown/${hash}/readme.md`);
    expect(page.headers.get("Content-Security-Policy")).toContain("sandbox");
    const html = await page.text();
    expect(html).toContain("<h1>Shared notes</h1>");
    // Relative links and images of the page lead nowhere: nothing outside the file is named or loaded.
    expect(html).not.toContain("private");
  }, 60_000);

  it("a shared file answers for itself alone: no neighbours in its probe, nothing but it by a longer path", async () => {
    const hash = await share("/pub/movie.mkv");
    const probe = (await (await pub(`/probe/${hash}`)).json()) as { subtitles: unknown[] };
    expect(probe.subtitles).toEqual([]);
    const master = await (await pub(`/playlist/${hash}?master=true`)).text();
    // The variant links name the link itself again, with its query.
    expect(master).toContain(`./${hash}?res=`);
    expect((await pub(`/vtt/${hash}?si=0`)).status).toBe(200);
  }, 60_000);
});

describe("what a visitor cannot reach through the preview routes", () => {
  it("no route leaves the shared folder, by dot segments, encoded dots or encoded slashes", async () => {
    const hash = await share("/pub/");
    const escapes = [
      "/../private/other.mp4",
      "/%2e%2e/private/other.mp4",
      "/..%2fprivate%2fother.mp4",
      "/sub/../../private/other.mp4",
      "/%2E%2E%5Cprivate%5Cother.mp4",
    ];
    const answered: string[] = [];
    for (const route of ROUTES) {
      for (const escape of escapes) {
        const res = await rawRequest(ctx.server.url, `/api/public/${route}/${hash}${escape}?master=true&t=1&si=0`);
        if (res.status < 400 || res.body.includes("EXTM3U")) answered.push(`${route}${escape} ${res.status}`);
      }
    }
    expect(answered).toEqual([]);
  });

  it("another file's HLS is not reached by a file link, nor by the token of another link", async () => {
    const file = await share("/pub/movie.mkv");
    // A trailing name after a file link is only a name for the browser: the answer is still the shared file's.
    const probe = (await (await pub(`/probe/${file}/other.mp4`)).json()) as { metainfo: { Duration: number } };
    expect(Math.round(probe.metainfo.Duration)).toBe(2);
    expect(
      (await rawRequest(ctx.server.url, `/api/public/playlist/${file}/../private/other.mp4?master=true`)).status,
    ).toBeGreaterThanOrEqual(400);
    const locked = await share("/private/", { password: "pw-of-private" });
    const open = await share("/pub/", { password: "pw-of-pub" });
    const res = await pub(`/share/${open}/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ password: "pw-of-pub" }),
    });
    const { token } = (await res.json()) as { token: string };
    expect((await pub(`/playlist/${open}/movie.mkv?master=true&token=${token}`)).status).toBe(200);
    expect((await pub(`/playlist/${locked}/other.mp4?master=true&token=${token}`)).status).toBe(401);
  }, 60_000);

  it("a password link answers 401 without its token or with a forged one, and its playlist carries the token on", async () => {
    const hash = await share("/pub/", { password: "right" });
    for (const route of ROUTES) expect((await pub(`/${route}/${hash}/movie.mkv`)).status).toBe(401);
    expect((await pub(`/playlist/${hash}/movie.mkv?master=true&token=forged.token.value`)).status).toBe(401);
    const wrong = await pub(`/share/${hash}/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ password: "wrong" }),
    });
    expect(wrong.status).toBe(403);
    const ok = await pub(`/share/${hash}/token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ password: "right" }),
    });
    const { token } = (await ok.json()) as { token: string };
    const master = await (await pub(`/playlist/${hash}/movie.mkv?master=true&token=${token}`)).text();
    expect(master).toContain(`token=${encodeURIComponent(token)}`);
    const vtt = await (await pub(`/frame/${hash}/movie.mkv?thumbnails=vtt&token=${token}`)).text();
    const sheet = /^(\/\S+sprite=\d+)/m.exec(vtt)![1];
    expect(sheet).toContain("token=");
    expect((await fetch(`${ctx.server.url}${sheet}`)).status).toBe(200);
    await call(ctx.server, ctx.admin, "DELETE", "/logs?ip=127.0.0.1");
  }, 60_000);

  it("an expired, upload-only or download-limited link answers 404 on every preview route", async () => {
    const expired = await share("/pub/", {}, "?expires=0&unit=seconds");
    const uploadOnly = await share("/pub/", { uploadOnly: true });
    const limited = await share("/pub/", { downloadLimit: 5 });
    for (const hash of [expired, uploadOnly, limited]) {
      for (const route of ROUTES) expect((await pub(`/${route}/${hash}/movie.mkv?master=true`)).status).toBe(404);
    }
    expect((await pub(`/playlist/not-a-link/movie.mkv?master=true`)).status).toBe(404);
  });
});
