import { describe, expect, it } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  demuxerOf,
  isTextHead,
  MediaContentRefused,
  refuseTextContent,
  SUBTITLE_DEMUXERS,
} from "../../../src/server/tools/media-input";
import { buildCommonArgs, inputArgs } from "../../../src/server/tools/ffmpeg";
import { buildProbeArgs } from "../../../src/server/tools/ffprobe";
import { makeVideo, requireMediaTools } from "../../support/media";

const bytes = (s: string) => new TextEncoder().encode(s);

describe("demuxerOf", () => {
  it("maps a probe's format name to the demuxer forced on later runs, and refuses the ones that open other files", () => {
    expect(demuxerOf("mov,mp4,m4a,3gp,3g2,mj2")).toBe("mov");
    expect(demuxerOf("matroska,webm")).toBe("matroska");
    expect(demuxerOf("mpegts")).toBe("mpegts");
    for (const bad of ["hls", "concat", "image2", "tee", "lavfi", "data", "webm_dash_manifest", "srt", ""])
      expect(demuxerOf(bad)).toBeNull();
  });
});

describe("inputArgs", () => {
  it("forces the demuxer, allows only it and the file protocol, and names the input as a file: URL last", () => {
    expect(inputArgs({ path: "/v/-a:b.mkv", demuxer: "matroska" })).toEqual([
      "-protocol_whitelist",
      "file",
      "-format_whitelist",
      "matroska",
      "-f",
      "matroska",
      "-i",
      "file:/v/-a:b.mkv",
    ]);
    expect(inputArgs({ path: "/t/s.srt", demuxer: SUBTITLE_DEMUXERS[".srt"]! })).toContain("srt");
  });

  it("refuses a demuxer that may open other files or is unknown", () => {
    for (const bad of ["hls", "concat", "", "mov,mp4"])
      expect(() => inputArgs({ path: "/v/a", demuxer: bad })).toThrow();
  });
});

describe("isTextHead", () => {
  it("is true for playlists, concat scripts, manifests and any UTF-8 text", () => {
    for (const t of [
      "#EXTM3U\n#EXTINF:10,\n/b/x.mp4\n",
      "ffconcat version 1.0\nfile '/b/x.mp4'\n",
      '\ufeff<?xml version="1.0"?><MPD/>',
      "/b/x.mp4\n",
      "plain words é",
    ]) {
      expect(isTextHead(bytes(t))).toBe(true);
    }
    expect(isTextHead(new Uint8Array([0xff, 0xfe, 0x23, 0x00]))).toBe(true);
    // A known start followed by binary is still refused.
    expect(isTextHead(new Uint8Array([...bytes("#EXTM3U\n"), 0, 0, 1]))).toBe(true);
  });

  it("is false for binary container heads and an empty file", () => {
    const ftyp = new Uint8Array([0, 0, 0, 0x20, ...bytes("ftypisom"), 0, 0, 2, 0]);
    const ebml = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);
    const mp3 = new Uint8Array([0xff, 0xfb, 0x90, 0x64, 0x00]);
    for (const b of [ftyp, ebml, mp3, new Uint8Array(0)]) expect(isTextHead(b)).toBe(false);
  });
});

describe("refuseTextContent", () => {
  it("refuses a text file before any tool runs and lets a binary file through", async () => {
    const dir = mkdtempSync(join(tmpdir(), "fbe-media-input-"));
    writeFileSync(join(dir, "pl.mp4"), "#EXTM3U\n/b/secret.mp4\n");
    writeFileSync(join(dir, "bin.mp4"), new Uint8Array([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70]));
    await expect(refuseTextContent(join(dir, "pl.mp4"), "ffprobe")).rejects.toBeInstanceOf(MediaContentRefused);
    await refuseTextContent(join(dir, "bin.mp4"), "ffprobe");
    await refuseTextContent(join(dir, "missing.mp4"), "ffprobe");
  });
});

describe("the probe and input flags with the real ffprobe and ffmpeg", () => {
  /** Exit code and stdout of a tool run on `args`. */
  const run = (cmd: string, args: string[]) => {
    const p = Bun.spawnSync([cmd, ...args], { stdout: "pipe", stderr: "pipe" });
    return { code: p.exitCode, out: p.stdout.toString() };
  };

  it("refuse an HLS playlist naming another video, which plain ffprobe follows, and still read a real video", async () => {
    requireMediaTools();
    const dir = mkdtempSync(join(tmpdir(), "fbe-media-input-"));
    await makeVideo(dir, "other.mp4", 1, "64x48");
    const playlist = join(dir, "pl.mp4");
    writeFileSync(
      playlist,
      `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:10,\n${join(dir, "other.mp4")}\n#EXT-X-ENDLIST\n`,
    );
    // Without the flags ffprobe reads the playlist as HLS and opens the file it names.
    expect(run("ffprobe", ["-v", "error", "-print_format", "json", "-show_format", `file:${playlist}`]).out).toContain(
      '"format_name": "hls"',
    );
    expect(run("ffprobe", buildProbeArgs(playlist)).code).not.toBe(0);
    const real = run("ffprobe", buildProbeArgs(join(dir, "other.mp4")));
    expect(real.code).toBe(0);
    expect(demuxerOf(JSON.parse(real.out).format.format_name)).toBe("mov");
    // ffmpeg forced to the probed demuxer reads the real video and refuses the playlist.
    const grab = (path: string) =>
      run("ffmpeg", [
        ...buildCommonArgs(true),
        ...inputArgs({ path, demuxer: "mov" }),
        "-frames:v",
        "1",
        "-f",
        "null",
        "-",
      ]).code;
    expect(grab(join(dir, "other.mp4"))).toBe(0);
    expect(grab(playlist)).not.toBe(0);
  });
});
