import { describe, expect, it } from "bun:test";
import {
  buildMasterPlaylist,
  buildMediaPlaylist,
  outputSize,
  segmentCount,
  segmentDurations,
} from "../../../src/server/hls/playlist-writer";

describe("segment arithmetic", () => {
  it("cuts a duration into 4 s segments with a shorter last one", () => {
    expect(segmentDurations(10, 4)).toEqual([4, 4, 2]);
    expect(segmentCount(12, 4)).toBe(3);
    expect(segmentCount(12.0000001, 4)).toBe(3);
    expect(segmentCount(12.01, 4)).toBe(4);
    expect(segmentCount(0.5, 4)).toBe(1);
  });
});

describe("the media playlist", () => {
  it("lists every segment with its length between the VOD header and ENDLIST", () => {
    const text = buildMediaPlaylist({ durationS: 9.5, segmentS: 4, segmentUri: (n) => `./a.mp4?res=720-2&seg=${n}` });
    expect(text).toBe(
      [
        "#EXTM3U",
        "#EXT-X-VERSION:3",
        "#EXT-X-TARGETDURATION:4",
        "#EXT-X-MEDIA-SEQUENCE:0",
        "#EXT-X-PLAYLIST-TYPE:VOD",
        "#EXT-X-INDEPENDENT-SEGMENTS",
        "#EXTINF:4.000,",
        "./a.mp4?res=720-2&seg=0",
        "#EXTINF:4.000,",
        "./a.mp4?res=720-2&seg=1",
        "#EXTINF:1.500,",
        "./a.mp4?res=720-2&seg=2",
        "#EXT-X-ENDLIST",
        "",
      ].join("\n"),
    );
  });
});

describe("the master playlist", () => {
  it("has one stream per variant with its peak bandwidth, resolution and codecs", () => {
    const text = buildMasterPlaylist([
      { width: 1280, height: 720, mbps: 2, uri: "a?res=720-2" },
      { width: 854, height: 480, mbps: 1, uri: "a?res=480-1" },
    ]);
    expect(text.split("\n")).toEqual([
      "#EXTM3U",
      "#EXT-X-VERSION:3",
      "#EXT-X-INDEPENDENT-SEGMENTS",
      '#EXT-X-STREAM-INF:BANDWIDTH=2128000,RESOLUTION=1280x720,CODECS="avc1.640028,mp4a.40.2"',
      "a?res=720-2",
      '#EXT-X-STREAM-INF:BANDWIDTH=1128000,RESOLUTION=854x480,CODECS="avc1.640028,mp4a.40.2"',
      "a?res=480-1",
      "",
    ]);
  });
});

describe("the output size of a quality", () => {
  it("keeps the aspect ratio with an even width and never grows the picture", () => {
    expect(outputSize(1920, 1080, 720)).toEqual({ width: 1280, height: 720 });
    expect(outputSize(640, 480, 480)).toEqual({ width: 640, height: 480 });
    expect(outputSize(1440, 1080, 480)).toEqual({ width: 640, height: 480 });
    expect(outputSize(1000, 562, 480).width % 2).toBe(0);
    expect(outputSize(640, 360, 480)).toEqual({ width: 640, height: 360 });
  });
});
