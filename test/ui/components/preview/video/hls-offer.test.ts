import { describe, expect, it } from "bun:test";
import { offeredFromMaster, planHlsOnly } from "../../../../../src/ui/components/preview/video/hls-offer";
import { VIDEO_QUALITIES } from "../../../../../src/shared/wire/video";

const index = (height: number, mbps: number) =>
  VIDEO_QUALITIES.findIndex((q) => q?.height === height && q.mbps === mbps);

/** A master playlist as the server writes it (src/server/hls/playlist-writer.ts). */
const MASTER = [
  "#EXTM3U",
  "#EXT-X-VERSION:3",
  "#EXT-X-INDEPENDENT-SEGMENTS",
  '#EXT-X-STREAM-INF:BANDWIDTH=2128000,RESOLUTION=1280x720,CODECS="avc1.640028,mp4a.40.2"',
  "./clip%20one.mp4?auth=tok&res=720-2",
  '#EXT-X-STREAM-INF:BANDWIDTH=1128000,RESOLUTION=854x480,CODECS="avc1.640028,mp4a.40.2"',
  "./clip%20one.mp4?auth=tok&res=480-1",
  "",
].join("\n");

describe("the qualities a master playlist offers", () => {
  it("reads each variant's res value as an index of the quality list, in the playlist's order", () => {
    expect(offeredFromMaster(MASTER)).toEqual([index(720, 2), index(480, 1)]);
  });

  it("skips tags, repeats and qualities that are not in the list", () => {
    const text = "#EXTM3U\r\n./a.mp4?res=720-2\r\n./a.mp4?res=720-2\r\n./a.mp4?res=999-9\r\n./a.mp4\r\n";
    expect(offeredFromMaster(text)).toEqual([index(720, 2)]);
    expect(offeredFromMaster("")).toEqual([]);
  });
});

describe("a plan that never plays the original file", () => {
  it("offers only transcoded qualities, best first, and starts on the best one for the normal setting", () => {
    const plan = planHlsOnly([index(480, 1), index(720, 2)], 0);
    expect(plan).toEqual({
      offered: [index(720, 2), index(480, 1)],
      start: index(720, 2),
      needsTranscoding: false,
      unplayableAudio: "",
    });
  });

  it("starts on the quality setting when offered, else the next offered one below it", () => {
    expect(planHlsOnly([index(720, 2), index(480, 1)], index(480, 1))?.start).toBe(index(480, 1));
    expect(planHlsOnly([index(720, 2), index(480, 1)], index(1080, 60))?.start).toBe(index(720, 2));
  });

  it("is null when nothing but the original is offered", () => {
    expect(planHlsOnly([], 0)).toBeNull();
    expect(planHlsOnly([0], 0)).toBeNull();
  });
});
