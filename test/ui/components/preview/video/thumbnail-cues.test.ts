import { describe, expect, it } from "bun:test";
import { parseThumbnailCues, thumbnailAt } from "../../../../../src/ui/components/preview/video/thumbnail-cues";

const VTT = `WEBVTT

00:00.000 --> 00:05.000
/api/frame/a%20b.mp4?auth=x&sprite=0#xywh=0,0,160,90

2
00:00:05.000 --> 00:00:10.500
/api/frame/a%20b.mp4?auth=x&sprite=0#xywh=160,0,160,90

00:00:10.500 --> 00:00:12.000 align:start
still.jpg

broken --> cue
nothing
`;

describe("thumbnails track", () => {
  const cues = parseThumbnailCues(VTT, "http://host/api/frame/a%20b.mp4?auth=x&thumbnails=vtt");
  it("reads times, absolute image URLs and sprite regions; skips malformed cues", () => {
    expect(cues).toHaveLength(3);
    expect(cues[0]).toEqual({
      start: 0,
      end: 5,
      url: "http://host/api/frame/a%20b.mp4?auth=x&sprite=0",
      region: { x: 0, y: 0, w: 160, h: 90 },
    });
    expect(cues[1]).toMatchObject({ start: 5, end: 10.5, region: { x: 160, y: 0, w: 160, h: 90 } });
    expect(cues[2]).toEqual({ start: 10.5, end: 12, url: "http://host/api/frame/still.jpg", region: null });
  });
  it("finds the cue of a time; none past the end", () => {
    expect(thumbnailAt(cues, 0)?.start).toBe(0);
    expect(thumbnailAt(cues, 5)?.start).toBe(5);
    expect(thumbnailAt(cues, 11)?.start).toBe(10.5);
    expect(thumbnailAt(cues, 12)).toBeNull();
    expect(thumbnailAt([], 1)).toBeNull();
  });
  it("reads CRLF files", () => {
    expect(parseThumbnailCues(VTT.replace(/\n/g, "\r\n"), "http://host/")).toHaveLength(3);
  });
});
