import { beforeAll, describe, expect, it } from "bun:test";
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serverPerFile } from "../support/server-per-file";
import { call, makeUser } from "../support/factories";
import { ffmpeg, makeMkvWithSubs, makeMp4WithMovText, makeVideo, requireMediaTools } from "../support/media";
import { AUDIO_TAGS, makeTaggedFlac, makeTaggedMp3 } from "../support/audio";
import { isToolAvailable } from "../../src/server/tools/available";

const ctx = serverPerFile();
const SIDE = "1\n00:00:00,200 --> 00:00:00,900\nhi\n";

beforeAll(async () => {
  requireMediaTools();
  if (!isToolAvailable("mediainfo"))
    throw new Error("mediainfo is not installed: these tests cross-check bit rates with it (npm test installs it)");
  const root = ctx.server.root;
  mkdirSync(join(root, "movies"));
  await makeMp4WithMovText(join(root, "movies"), "clip.mp4");
  await makeMkvWithSubs(root, "subs.mkv");
  await makeVideo(root, "old.avi", 1);
  await makeTaggedMp3(root, "tone.mp3");
  await makeTaggedFlac(root, "tone.flac");
  for (const d of ["sub", "subs", "Subs"]) mkdirSync(join(root, "movies", d));
  for (const f of [
    "clip.srt",
    "clip.eng.ass",
    "clip2.srt",
    "clip.txt",
    "subs/clip.vtt",
    "Subs/clip.fr.ssa",
    "sub/other.srt",
    "sub/clip.zh.srt",
  ]) {
    writeFileSync(join(root, "movies", f), SIDE);
  }
});

type Json = Record<string, any>;

/**
 * MediaArea's mediainfo JSON of a file: a second program, with its own demuxers, whose bit rates must agree with
 * what the server read through ffprobe. Returns the General, Video and Audio tracks.
 */
function mediainfoTracks(rel: string): { general: Json; video: Json; audio: Json } {
  const r = Bun.spawnSync(["mediainfo", "--Output=JSON", join(ctx.server.root, rel)], { stdout: "pipe" });
  const tracks = (JSON.parse(r.stdout.toString()) as Json).media.track as Json[];
  const of = (type: string) => tracks.find((t) => t["@type"] === type) as Json;
  return { general: of("General"), video: of("Video"), audio: of("Audio") };
}

async function probe(path: string, token = ctx.admin): Promise<Json> {
  const res = await call(ctx.server, token, "GET", `/resources${path}?probe=yes`);
  expect(res.status).toBe(200);
  return (await res.json()) as Json;
}

/** ffprobe's JSON of a file, run by hand (the numbers our answer must carry over unchanged). */
function ffprobeByHand(rel: string): Json {
  const r = Bun.spawnSync(
    ["ffprobe", "-v", "error", "-print_format", "json", "-show_format", "-show_streams", join(ctx.server.root, rel)],
    { stdout: "pipe" },
  );
  return JSON.parse(r.stdout.toString()) as Json;
}

describe("GET ?probe=yes on a video", () => {
  it('answers every field of docs/product.md "Video metadata" with the values the file was made with', async () => {
    const body = await probe("/movies/clip.mp4");
    const m = body.metainfo as Json;
    const hand = ffprobeByHand("movies/clip.mp4");
    const [v, a] = [
      hand.streams.find((s: Json) => s.codec_type === "video"),
      hand.streams.find((s: Json) => s.codec_type === "audio"),
    ];
    expect(body.name).toBe("clip.mp4");
    expect(m.FormatName).toBe("mov,mp4,m4a,3gp,3g2,mj2");
    expect(m.FormatLongName).toBe("QuickTime / MOV");
    expect(m.Duration).toBeCloseTo(2, 1);
    // Overall bit rate: bits of the file over its duration.
    expect(m.OverallBitRate).toBeCloseTo(
      (statSync(join(ctx.server.root, "movies/clip.mp4")).size * 8) / m.Duration,
      -3,
    );
    expect(m.SubtitleEmbedded).toEqual([{ CodecName: "mov_text", Name: "", Lang: "eng" }]);
    expect([m.VCodecName, m.VCodecLongName, m.VWidth, m.VHeight, m.VFrameRate, m.VDisplayAspectRatio]).toEqual([
      "h264",
      "H.264 / AVC / MPEG-4 AVC / MPEG-4 part 10",
      320,
      240,
      25,
      "4:3",
    ]);
    // x264's ultrafast preset turns off CABAC and B-frames: the stream is Constrained Baseline whatever ffprobe says.
    expect(m.VProfile).toBe("Constrained Baseline");
    expect([m.VProfile, m.VBitRate]).toEqual([v.profile, Number(v.bit_rate)]);
    // mediainfo, reading the file with its own demuxer, finds the same stream bit rates (bits of each stream over its duration).
    const mi = mediainfoTracks("movies/clip.mp4");
    expect([m.VBitRate, m.ABitRate]).toEqual([Number(mi.video.BitRate), Number(mi.audio.BitRate)]);
    expect(m.OverallBitRate).toBe(Number(mi.general.OverallBitRate));
    expect(m.VBitRate).toBeGreaterThan(0);
    expect([m.ACodecName, m.ACodecLongName, m.AProfile, m.ASamplingRate, m.AChannels, m.AChannelLayout]).toEqual([
      "aac",
      "AAC (Advanced Audio Coding)",
      "LC",
      44100,
      1,
      "mono",
    ]);
    expect(m.ABitRate).toBe(Number(a.bit_rate));
    expect(Object.keys(m).sort()).toEqual([
      "ABitRate",
      "AChannelLayout",
      "AChannels",
      "ACodecLongName",
      "ACodecName",
      "AProfile",
      "ASamplingRate",
      "Duration",
      "FormatLongName",
      "FormatName",
      "OverallBitRate",
      "SubtitleEmbedded",
      "VBitRate",
      "VCodecLongName",
      "VCodecName",
      "VDisplayAspectRatio",
      "VFrameRate",
      "VHeight",
      "VProfile",
      "VWidth",
    ]);
  });

  it("lists the sidecar subtitle files beside the video and in sub/, subs/ and Subs/ that carry its name", async () => {
    const body = await probe("/movies/clip.mp4");
    expect(body.subtitles).toEqual([
      { Name: "clip.eng.ass", Path: "/movies/clip.eng.ass", Lang: "eng" },
      { Name: "clip.srt", Path: "/movies/clip.srt", Lang: "" },
      { Name: "clip.zh.srt", Path: "/movies/sub/clip.zh.srt", Lang: "zh" },
      { Name: "clip.vtt", Path: "/movies/subs/clip.vtt", Lang: "" },
      { Name: "clip.fr.ssa", Path: "/movies/Subs/clip.fr.ssa", Lang: "fr" },
    ]);
  });

  it("lists every embedded subtitle stream of a Matroska file in order, 'und' as no language", async () => {
    const body = await probe("/subs.mkv");
    expect(body.metainfo.FormatName).toBe("matroska,webm");
    expect(body.metainfo.SubtitleEmbedded).toEqual([
      { CodecName: "subrip", Name: "", Lang: "eng" },
      { CodecName: "ass", Name: "", Lang: "" },
      { CodecName: "subrip", Name: "", Lang: "eng" },
    ]);
    expect(body.subtitles).toEqual([]);
  });

  it("takes a Matroska stream's bit rate from its BPS statistics tag (Matroska has no bit_rate field)", async () => {
    await ffmpeg([
      "-i",
      join(ctx.server.root, "subs.mkv"),
      "-map",
      "0",
      "-c",
      "copy",
      "-metadata:s:v:0",
      "BPS=512000",
      "-metadata:s:a:0",
      "BPS=69000",
      join(ctx.server.root, "bps.mkv"),
    ]);
    const hand = ffprobeByHand("bps.mkv").streams[0];
    expect(hand.bit_rate).toBeUndefined();
    const m = (await probe("/bps.mkv")).metainfo;
    expect([m.VBitRate, m.ABitRate]).toEqual([512000, 69000]);
  });

  it("reads an AVI", async () => {
    const m = (await probe("/old.avi")).metainfo;
    expect([
      m.FormatName,
      m.FormatLongName,
      m.VCodecName,
      m.VWidth,
      m.VHeight,
      m.VFrameRate,
      m.VDisplayAspectRatio,
    ]).toEqual(["avi", "AVI (Audio Video Interleaved)", "h264", 320, 240, 25, "4:3"]);
    expect([m.ACodecName, m.AProfile, m.ASamplingRate, m.AChannels, m.AChannelLayout]).toEqual([
      "aac",
      "LC",
      44100,
      1,
      "mono",
    ]);
    expect(m.SubtitleEmbedded).toEqual([]);
    expect(m.Duration).toBeCloseTo(1, 0);
  });
});

describe("GET ?probe=yes on audio", () => {
  it("reads an mp3's codec details and its ID3 tags, also as audioinfo", async () => {
    const body = await probe("/tone.mp3");
    const m = body.metainfo;
    expect([m.FormatName, m.ACodecName, m.ASamplingRate, m.AChannels, m.AChannelLayout, m.ABitRate]).toEqual([
      "mp3",
      "mp3",
      44100,
      1,
      "mono",
      64000,
    ]);
    expect(m.Duration).toBeCloseTo(1, 1);
    expect([m.Title, m.Album, m.Artist, m.Genre, m.Track, m.Year]).toEqual([
      AUDIO_TAGS.title,
      AUDIO_TAGS.album,
      AUDIO_TAGS.artist,
      AUDIO_TAGS.genre,
      AUDIO_TAGS.track,
      AUDIO_TAGS.date,
    ]);
    expect(body.audioinfo).toEqual({
      title: AUDIO_TAGS.title,
      album: AUDIO_TAGS.album,
      year: AUDIO_TAGS.date,
      artist: AUDIO_TAGS.artist,
    });
    expect(body.subtitles).toBeUndefined();
    // The tags really are ID3v2.3 frames at the file's start (ID3v2.3 section 3: "ID3", version 3, then frames such as TIT2).
    const bytes = readFileSync(join(ctx.server.root, "tone.mp3"));
    expect([bytes.subarray(0, 3).toString("latin1"), bytes[3]]).toEqual(["ID3", 3]);
    expect(bytes.subarray(0, 400).includes(Buffer.from("TIT2"))).toBe(true);
  });

  it("reads a FLAC's Vorbis comments whatever their case", async () => {
    const body = await probe("/tone.flac");
    const m = body.metainfo;
    expect([m.FormatName, m.ACodecName, m.ASamplingRate, m.AChannels, m.AChannelLayout]).toEqual([
      "flac",
      "flac",
      48000,
      2,
      "stereo",
    ]);
    expect([m.Title, m.Album, m.Artist, m.Genre, m.Track, m.Year]).toEqual([
      AUDIO_TAGS.title,
      AUDIO_TAGS.album,
      AUDIO_TAGS.artist,
      AUDIO_TAGS.genre,
      AUDIO_TAGS.track,
      AUDIO_TAGS.date,
    ]);
    // ffprobe shows FLAC's comments under upper-case keys: the answer above came through case-insensitive lookup.
    expect(Object.keys(ffprobeByHand("tone.flac").format.tags)).toEqual(
      expect.arrayContaining(["TITLE", "ALBUM", "ARTIST", "GENRE", "DATE"]),
    );
    expect(body.audioinfo.title).toBe(AUDIO_TAGS.title);
    // The tags really are Vorbis comments in the FLAC metadata ("fLaC", then blocks; comments are NAME=value).
    const bytes = readFileSync(join(ctx.server.root, "tone.flac"));
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("fLaC");
    expect(bytes.includes(Buffer.from(`TITLE=${AUDIO_TAGS.title}`))).toBe(true);
    expect(bytes.includes(Buffer.from(`TRACKNUMBER=${AUDIO_TAGS.track}`))).toBe(true);
  });
});

describe("GET ?probe=yes permissions", () => {
  it("needs the download permission", async () => {
    const viewer = await makeUser(ctx.server, ctx.admin, { perm: { create: true } });
    expect((await call(ctx.server, viewer.token, "GET", "/resources/tone.mp3?probe=yes")).status).toBe(403);
    const downloader = await makeUser(ctx.server, ctx.admin, { perm: { download: true } });
    expect((await probe("/tone.mp3", downloader.token)).audioinfo.artist).toBe(AUDIO_TAGS.artist);
  });
});

describe("GET ?probe=yes when the client goes away", () => {
  it("stops ffprobe and logs one line instead of a server error", async () => {
    // 48 MiB of empty "free" boxes: ffprobe's mov demuxer looks through them all for a moov box, seconds of work.
    const stuck = join(ctx.server.root, "stuck.mkv");
    const free = Buffer.from([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65]);
    writeFileSync(stuck, Buffer.alloc(48 << 20).fill(free));
    const aborter = new AbortController();
    const pending = fetch(`${ctx.server.url}/api/resources/stuck.mkv?probe=yes`, {
      headers: { "X-Auth": ctx.admin },
      signal: aborter.signal,
    }).catch(() => null);
    // ffprobe reads the file as its descriptor 3 (/proc/self/fd/3): found by where that descriptor leads.
    const running = () =>
      Bun.spawnSync(["pgrep", "-x", "ffprobe"])
        .stdout.toString()
        .split("\n")
        .filter(Boolean)
        .some(
          (pid) =>
            Bun.spawnSync(["readlink", `/proc/${pid}/fd/3`])
              .stdout.toString()
              .trim() === stuck,
        );
    for (let i = 0; i < 50 && !running(); i++) await Bun.sleep(50);
    expect(running()).toBe(true);
    aborter.abort();
    await pending;
    for (let i = 0; i < 50 && running(); i++) await Bun.sleep(50);
    expect(running()).toBe(false);
    for (let i = 0; i < 50 && !ctx.server.output().includes("the client went away"); i++) await Bun.sleep(50);
    expect(ctx.server.output()).toContain("ffprobe was stopped for /stuck.mkv: the client went away");
    expect(ctx.server.output()).not.toContain("GET /api/resources/stuck.mkv: ");
  });
});
