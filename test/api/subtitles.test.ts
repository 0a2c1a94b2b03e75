import { beforeAll, describe, expect, it } from "bun:test";
import { copyFileSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import iconv from "iconv-lite";
import { serverPerFile } from "../support/server-per-file";
import { call, makeUser, type TestUser } from "../support/factories";
import { makeMkvWithSubs, makeMp4WithMovText, makeVideo, requireMediaTools } from "../support/media";
import { rawGet } from "../support/raw-http";
import { AWKWARD_NAME, encodePath, makePgsMkv, mintMediaToken, parseVtt, spawnLog } from "../support/subtitle-media";

const tools = spawnLog();
// The binary: the tool runs are counted through wrappers on its PATH, which a server in this process would not use.
const ctx = serverPerFile({ env: tools.env });
const ODD = AWKWARD_NAME;
const enc = encodePath;
const srt = (lines: string[]) =>
  lines.map((t, i) => `${i + 1}\r\n00:00:0${i},200 --> 00:00:0${i},900\r\n${t}\r\n`).join("\r\n");
const ASS = `[Script Info]
ScriptType: v4.00+
PlayResX: 320
PlayResY: 240

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Dialogue: 0,0:00:00.20,0:00:00.90,Default,,0,0,0,,你好 ASS
Dialogue: 0,0:00:01.10,0:00:01.80,Default,,0,0,0,,{\\i1}Second{\\i0} line
`;

let mediaToken: string;
let ruled: TestUser;
let scoped: TestUser;

const mint = (path: string, login = ctx.admin) => mintMediaToken(ctx.server, login, path);
const sidecarUrl = (sub: string, movie: string, token = mediaToken) =>
  `${ctx.server.url}/api/raw${enc(sub)}?auth=${token}&subtitle=true&movie=${encodeURIComponent(movie)}`;
const trackUrl = (movie: string, si: number | string, token = mediaToken) =>
  `${ctx.server.url}/api/raw/vtt?auth=${token}&movie=${encodeURIComponent(movie)}&si=${si}&lang=eng&extract=true`;
async function vttOf(url: string) {
  const res = await fetch(url);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status} ${text}`);
  expect(res.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
  return parseVtt(text);
}

beforeAll(async () => {
  requireMediaTools();
  const movies = join(ctx.server.root, "movies");
  for (const d of ["sub", "subs", "Subs", "odd"]) mkdirSync(join(movies, d), { recursive: true });
  mkdirSync(join(ctx.server.root, "private"));
  await makeVideo(movies, "clip.mp4");
  await makeMp4WithMovText(movies, "tracks.mp4");
  await makeMkvWithSubs(movies, "tracks.mkv");
  await makePgsMkv(movies, "pictures.mkv");
  await makeMkvWithSubs(join(movies, "odd"), `${ODD}.mkv`);
  copyFileSync(join(movies, "clip.mp4"), join(movies, "denied.mp4"));
  copyFileSync(join(movies, "clip.mp4"), join(ctx.server.root, "private", "v.mp4"));
  writeFileSync(join(movies, "clip.en.srt"), srt(["Hello subtitles", "Second line"]));
  writeFileSync(join(movies, "clip.chs.ass"), ASS);
  writeFileSync(join(movies, "subs", "clip.vtt"), `\uFEFFWEBVTT\n\n00:00:00.200 --> 00:00:00.900\nAs it is\n`);
  writeFileSync(join(movies, "sub", "clip.zh.srt"), iconv.encode(srt(["你好，字幕", "我们今天去看电影吧"]), "gbk"));
  writeFileSync(
    join(movies, "Subs", "clip.ru.srt"),
    iconv.encode(srt(["Привет, субтитры", "Вторая строка"]), "win1251"),
  );
  writeFileSync(join(movies, "subs", "clip.tc.srt"), iconv.encode(srt(["我們今天去看電影吧", "好的，沒問題"]), "big5"));
  writeFileSync(
    join(movies, "Subs", "clip.ja.ssa"),
    iconv.encode(
      ASS.replace("ScriptType: v4.00+", "ScriptType: v4.00").replace("你好 ASS", "こんにちは、字幕"),
      "shift_jis",
    ),
  );
  writeFileSync(join(movies, "clip2.srt"), srt(["not this video's"]));
  writeFileSync(join(movies, "denied.srt"), srt(["denied"]));
  writeFileSync(join(movies, "odd", `${ODD}.en.srt`), srt(["Odd name"]));
  writeFileSync(join(movies, "broken.srt"), "this is not a subtitle file at all\n");
  writeFileSync(join(ctx.server.root, "private", "secret.srt"), srt(["secret"]));
  symlinkSync(join(ctx.server.root, "private", "secret.srt"), join(movies, "link-out.srt"));
  symlinkSync(join(ctx.server.root, "private", "v.mp4"), join(movies, "link-out.mp4"));
  mediaToken = await mint("/movies/");
  const deny = (path: string) => ({ allow: false, path, regex: false, regexp: { raw: "" } });
  ruled = await makeUser(ctx.server, ctx.admin, { rules: [deny("/movies/denied.srt"), deny("/movies/denied.mp4")] });
  scoped = await makeUser(ctx.server, ctx.admin, { scope: "/movies" });
});

describe("sidecar subtitles of a video resource", () => {
  const expected = [
    { Name: "clip.chs.ass", Path: "/movies/clip.chs.ass", Lang: "chs" },
    { Name: "clip.en.srt", Path: "/movies/clip.en.srt", Lang: "en" },
    { Name: "clip.zh.srt", Path: "/movies/sub/clip.zh.srt", Lang: "zh" },
    { Name: "clip.tc.srt", Path: "/movies/subs/clip.tc.srt", Lang: "tc" },
    { Name: "clip.vtt", Path: "/movies/subs/clip.vtt", Lang: "" },
    { Name: "clip.ja.ssa", Path: "/movies/Subs/clip.ja.ssa", Lang: "ja" },
    { Name: "clip.ru.srt", Path: "/movies/Subs/clip.ru.srt", Lang: "ru" },
  ];

  it("are listed by the plain GET, beside the video and in sub/, subs/, Subs/, with the language of the name, without ffprobe", async () => {
    const probes = tools.count("ffprobe");
    const res = await call(ctx.server, ctx.admin, "GET", "/resources/movies/clip.mp4");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { subtitles: unknown }).subtitles).toEqual(expected);
    expect(tools.count("ffprobe")).toBe(probes);
  });

  it("are listed by ?probe=yes too, and the user's rules hide a denied one", async () => {
    const res = await call(ctx.server, ctx.admin, "GET", "/resources/movies/clip.mp4?probe=yes");
    expect(((await res.json()) as { subtitles: unknown }).subtitles).toEqual(expected);
    const denied = await call(ctx.server, ruled.token, "GET", "/resources/movies/denied.mp4");
    expect(denied.status).toBe(403);
  });

  it("is absent from files that are not videos", async () => {
    const res = await call(ctx.server, ctx.admin, "GET", "/resources/movies/clip.en.srt");
    expect(await res.json()).not.toHaveProperty("subtitles");
  });
});

describe("a sidecar subtitle as WebVTT", () => {
  it("converts SRT with its cue times and text", async () => {
    expect(await vttOf(sidecarUrl("/movies/clip.en.srt", "/movies/clip.mp4"))).toEqual([
      { start: 0.2, end: 0.9, text: "Hello subtitles" },
      { start: 1.2, end: 1.9, text: "Second line" },
    ]);
  });

  it("converts ASS, its italics as WebVTT tags", async () => {
    expect(await vttOf(sidecarUrl("/movies/clip.chs.ass", "/movies/clip.mp4"))).toEqual([
      { start: 0.2, end: 0.9, text: "你好 ASS" },
      { start: 1.1, end: 1.8, text: "<i>Second</i> line" },
    ]);
  });

  it("serves a .vtt file as it is, without its byte order mark and without ffmpeg", async () => {
    const runs = tools.count("ffmpeg");
    const res = await fetch(sidecarUrl("/movies/subs/clip.vtt", "/movies/clip.mp4"));
    expect(await res.text()).toBe("WEBVTT\n\n00:00:00.200 --> 00:00:00.900\nAs it is\n");
    expect(tools.count("ffmpeg")).toBe(runs);
  });

  it("decodes GBK, Big5, CP1251 and Shift_JIS files to UTF-8", async () => {
    const texts = async (p: string) => (await vttOf(sidecarUrl(p, "/movies/clip.mp4"))).map((c) => c.text);
    expect(await texts("/movies/sub/clip.zh.srt")).toEqual(["你好，字幕", "我们今天去看电影吧"]);
    expect(await texts("/movies/subs/clip.tc.srt")).toEqual(["我們今天去看電影吧", "好的，沒問題"]);
    expect(await texts("/movies/Subs/clip.ru.srt")).toEqual(["Привет, субтитры", "Вторая строка"]);
    expect(await texts("/movies/Subs/clip.ja.ssa")).toEqual(["こんにちは、字幕", "<i>Second</i> line"]);
  });

  it("comes from the cache the second time: no ffmpeg run", async () => {
    const url = sidecarUrl("/movies/clip.en.srt", "/movies/clip.mp4");
    const first = await (await fetch(url)).text();
    const runs = tools.count("ffmpeg");
    expect(await (await fetch(url)).text()).toBe(first);
    expect(tools.count("ffmpeg")).toBe(runs);
  });

  it("refuses a file that is not a subtitle or that ffmpeg cannot read, and a missing movie", async () => {
    const notSub = await fetch(sidecarUrl("/movies/clip.mp4", "/movies/clip.mp4"));
    expect(notSub.status).toBe(400);
    expect(await notSub.text()).toStartWith("400 Bad Request");
    const broken = await fetch(sidecarUrl("/movies/broken.srt", "/movies/clip.mp4"));
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("cannot be converted to WebVTT");
    expect((await fetch(sidecarUrl("/movies/clip.en.srt", "/movies/gone.mp4"))).status).toBe(404);
    expect((await fetch(sidecarUrl("/movies/gone.srt", "/movies/clip.mp4"))).status).toBe(404);
  });

  it("works for a name with spaces, quotes, $() and non-ASCII letters", async () => {
    const cues = await vttOf(sidecarUrl(`/movies/odd/${ODD}.en.srt`, `/movies/odd/${ODD}.mkv`));
    expect(cues.map((c) => c.text)).toEqual(["Odd name"]);
    // No shell ever saw the name: the command substitution in it ran nowhere.
    for (const dir of [process.cwd(), ctx.server.root, join(ctx.server.root, "movies", "odd")])
      expect(existsSync(join(dir, "pwned"))).toBe(false);
  });
});

describe("an embedded subtitle stream as WebVTT", () => {
  it("extracts the mov_text track of an mp4", async () => {
    expect(await vttOf(trackUrl("/movies/tracks.mp4", 0))).toEqual([
      { start: 0.2, end: 0.9, text: "EN Hello subtitles" },
      { start: 1.1, end: 1.8, text: "EN Second line" },
    ]);
  });

  it("extracts the SRT and ASS tracks of an MKV by their index among subtitle streams", async () => {
    expect((await vttOf(trackUrl("/movies/tracks.mkv", 0))).map((c) => c.text)).toEqual([
      "EN Hello subtitles",
      "EN Second line",
    ]);
    const ass = await vttOf(trackUrl("/movies/tracks.mkv", 1));
    expect(ass.map((c) => c.text)).toEqual(["ASS Hello subtitles", "ASS Second line"]);
    // The muxer shifted every packet of this file by 23 ms (ffprobe shows pts 1.123): the cue keeps the file's time.
    expect(ass[1]!.start).toBeCloseTo(1.1, 1);
    expect(ass[1]!.end - ass[1]!.start).toBeCloseTo(0.7, 3);
    expect((await vttOf(trackUrl("/movies/tracks.mkv", 2))).map((c) => c.text)).toEqual([
      "EN2 Hello subtitles",
      "EN2 Second line",
    ]);
  });

  it("comes from the cache the second time: neither ffprobe nor ffmpeg runs", async () => {
    await vttOf(trackUrl("/movies/tracks.mp4", 0));
    const [probes, runs] = [tools.count("ffprobe"), tools.count("ffmpeg")];
    await vttOf(trackUrl("/movies/tracks.mp4", 0));
    expect([tools.count("ffprobe"), tools.count("ffmpeg")]).toEqual([probes, runs]);
  });

  it("answers 400 for a picture track, 404 past the last track, 400 for a bad si", async () => {
    const pictures = await fetch(trackUrl("/movies/pictures.mkv", 0));
    expect(pictures.status).toBe(400);
    expect(await pictures.text()).toBe(
      "400 Bad Request (subtitle stream 0 (hdmv_pgs_subtitle) is made of pictures and cannot be shown as text)",
    );
    const missing = await fetch(trackUrl("/movies/tracks.mkv", 3));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("404 Not Found (the video has no subtitle stream 3)");
    expect((await fetch(trackUrl("/movies/clip.mp4", 0))).status).toBe(404);
    expect((await fetch(trackUrl("/movies/tracks.mkv", "-1"))).status).toBe(400);
    expect((await fetch(trackUrl("/movies/tracks.mkv", "x"))).status).toBe(400);
  });

  it("works for a name with spaces, quotes, $() and non-ASCII letters", async () => {
    expect((await vttOf(trackUrl(`/movies/odd/${ODD}.mkv`, 1))).map((c) => c.text)).toEqual([
      "ASS Hello subtitles",
      "ASS Second line",
    ]);
  });
});

describe("auth and scope of the subtitle URLs", () => {
  it("refuse a request without a token", async () => {
    expect((await fetch(sidecarUrl("/movies/clip.en.srt", "/movies/clip.mp4", ""))).status).toBe(401);
    expect((await fetch(trackUrl("/movies/tracks.mp4", 0, ""))).status).toBe(401);
  });

  it("refuse a media token of another folder, for the subtitle and for the movie", async () => {
    const other = await mint("/private/");
    expect((await fetch(sidecarUrl("/movies/clip.en.srt", "/movies/clip.mp4", other))).status).toBe(403);
    expect((await fetch(sidecarUrl("/private/secret.srt", "/movies/clip.mp4"))).status).toBe(403);
    expect((await fetch(sidecarUrl("/movies/clip.en.srt", "/private/v.mp4"))).status).toBe(403);
    expect((await fetch(trackUrl("/movies/tracks.mp4", 0, other))).status).toBe(403);
    expect((await fetch(trackUrl("/private/v.mp4", 0))).status).toBe(403);
  });

  it("refuse paths outside the user's scope", async () => {
    const token = await mint("/", scoped.token);
    expect(await vttOf(sidecarUrl("/clip.en.srt", "/clip.mp4", token))).toHaveLength(2);
    // Sent byte for byte: fetch would resolve a dot segment before it left.
    expect(
      (
        await rawGet(
          ctx.server.origin,
          `/api/raw/..%2fprivate%2fsecret.srt?auth=${token}&subtitle=true&movie=%2Fclip.mp4`,
        )
      ).status,
    ).toBe(403);
    expect((await fetch(sidecarUrl("/link-out.srt", "/clip.mp4", token))).status).toBe(403);
    expect((await fetch(sidecarUrl("/clip.en.srt", "/link-out.mp4", token))).status).toBe(403);
    expect((await fetch(trackUrl("/link-out.mp4", 0, token))).status).toBe(403);
    expect((await fetch(sidecarUrl("/clip.en.srt", "/../private/v.mp4", token))).status).toBe(403);
    expect((await fetch(trackUrl("/../private/v.mp4", 0, token))).status).toBe(403);
    expect((await fetch(trackUrl("/../../../etc/passwd", 0, token))).status).toBe(403);
  });

  it("refuse a subtitle or a movie the user's rules deny", async () => {
    const token = await mint("/movies/", ruled.token);
    expect(await vttOf(sidecarUrl("/movies/clip.en.srt", "/movies/clip.mp4", token))).toHaveLength(2);
    expect((await fetch(sidecarUrl("/movies/denied.srt", "/movies/clip.mp4", token))).status).toBe(403);
    expect((await fetch(sidecarUrl("/movies/clip.en.srt", "/movies/denied.mp4", token))).status).toBe(403);
    expect((await fetch(trackUrl("/movies/denied.mp4", 0, token))).status).toBe(403);
  });
});
