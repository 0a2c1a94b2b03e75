import { describe, expect, it } from "bun:test";
import {
  encoderKind,
  formatBitRate,
  formatChannels,
  formatFrameRate,
  formatMediaDuration,
  formatResolution,
  formatSamplingRate,
  metainfoKind,
  subtitleLines,
  unixToIso,
  withLongName,
} from "../../../../src/ui/components/prompts/info/media-format";

describe('formatBitRate (docs/product.md "File info": divided by 1024, 2 decimals, kb/s)', () => {
  it("divides bits per second by 1024, not 1000", () => {
    expect(formatBitRate(1024)).toBe("1.00 kb/s");
    expect(formatBitRate(128_000)).toBe("125.00 kb/s");
    expect(formatBitRate(64_000)).toBe("62.50 kb/s");
    expect(formatBitRate(1_000_000)).toBe("976.56 kb/s");
  });
  it("shows nothing for an unknown rate", () => {
    expect(formatBitRate(0)).toBe("");
    expect(formatBitRate(Number.NaN)).toBe("");
  });
});

describe("formatMediaDuration", () => {
  it("writes minutes and seconds under an hour, hours beyond, rounding down", () => {
    expect(formatMediaDuration(2.04)).toBe("0:02");
    expect(formatMediaDuration(59.99)).toBe("0:59");
    expect(formatMediaDuration(61)).toBe("1:01");
    expect(formatMediaDuration(3600 + 5 * 60 + 9)).toBe("1:05:09");
    expect(formatMediaDuration(-1)).toBe("");
  });
});

describe("formatFrameRate", () => {
  it("keeps up to 3 decimals without trailing zeros", () => {
    expect(formatFrameRate(25)).toBe("25 fps");
    expect(formatFrameRate(30000 / 1001)).toBe("29.97 fps");
    expect(formatFrameRate(23.976)).toBe("23.976 fps");
    expect(formatFrameRate(0)).toBe("");
  });
});

describe("channels, sampling rate, resolution, long names", () => {
  it("formats each, and gives '' for what is unknown", () => {
    expect(formatChannels(2, "stereo")).toBe("2 (stereo)");
    expect(formatChannels(6, "")).toBe("6");
    expect(formatChannels(0, "mono")).toBe("");
    expect(formatSamplingRate(44100)).toBe("44100 Hz");
    expect(formatSamplingRate(0)).toBe("");
    expect(formatResolution(320, 240)).toBe("320 × 240");
    expect(formatResolution(0, 240)).toBe("");
    expect(withLongName("h264", "H.264 / AVC")).toBe("h264 (H.264 / AVC)");
    expect(withLongName("mp3", "mp3")).toBe("mp3");
    expect(withLongName("", "QuickTime / MOV")).toBe("QuickTime / MOV");
  });
});

describe("subtitleLines", () => {
  it("lists sidecar names, then embedded streams as name - language", () => {
    const embedded = [
      { CodecName: "mov_text", Name: "", Lang: "eng" },
      { CodecName: "ass", Name: "Signs", Lang: "" },
    ];
    expect(subtitleLines([{ Name: "clip.srt", Path: "/clip.srt" }], embedded)).toEqual([
      "clip.srt",
      "mov_text - eng",
      "Signs",
    ]);
    expect(subtitleLines([], [])).toEqual([]);
  });
});

describe("metainfoKind", () => {
  it("probes video, audio, .torrent and .trx files, not archives, folders or others", () => {
    const f = (name: string, type: string, isDir = false) => metainfoKind({ name, type, isDir });
    expect(f("a.mp4", "video")).toBe("video");
    expect(f("a.flac", "audio")).toBe("audio");
    expect(f("Linux.TORRENT", "blob")).toBe("torrent");
    expect(f("RT-AC68U.trx", "blob")).toBe("firmware");
    expect(f("a.zip", "archive")).toBeNull();
    expect(f("a.txt", "text")).toBeNull();
    expect(f("x.mp4", "video", true)).toBeNull();
  });
});

describe("encoderKind (About: video hardware acceleration)", () => {
  it("calls libx264 software and a vendor encoder hardware", () => {
    expect(encoderKind("libx264")).toBe("software");
    expect(encoderKind("h264_vaapi")).toBe("hardware");
    expect(encoderKind("h264_nvenc")).toBe("hardware");
    expect(encoderKind("")).toBe("unknown");
  });
});

describe("unixToIso", () => {
  it("turns seconds into an ISO time, 0 into ''", () => {
    expect(unixToIso(1_700_000_000)).toBe("2023-11-14T22:13:20.000Z");
    expect(unixToIso(0)).toBe("");
  });
});
