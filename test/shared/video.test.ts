import { describe, expect, it } from "bun:test";
import { VIDEO_QUALITIES, encodedHeight, offeredQualities, parseRes, resValue } from "../../src/shared/wire/video";

describe('the video quality list (docs/product.md "Slideshow and video defaults")', () => {
  it("is normal, then 18 qualities: 1080p at 60 to 4 Mbps, 720p at 4 to 1, 480p at 1", () => {
    expect(VIDEO_QUALITIES).toHaveLength(19);
    expect(VIDEO_QUALITIES[0]).toBeNull();
    expect(VIDEO_QUALITIES.slice(1).map((q) => q && resValue(q))).toEqual([
      "1080-60",
      "1080-50",
      "1080-40",
      "1080-30",
      "1080-25",
      "1080-20",
      "1080-15",
      "1080-10",
      "1080-8",
      "1080-6",
      "1080-5",
      "1080-4",
      "720-4",
      "720-3",
      "720-2",
      "720-1.5",
      "720-1",
      "480-1",
    ]);
  });

  it("parses only the res values of the list", () => {
    expect(parseRes("720-1.5")).toEqual({ height: 720, mbps: 1.5 });
    expect(parseRes("1080-60")).toEqual({ height: 1080, mbps: 60 });
    for (const bad of ["720-7", "360-1", "720", "720-", "-2", "720-2x", "", null, undefined])
      expect(parseRes(bad)).toBeNull();
  });

  it("offers no quality taller than the source", () => {
    expect(offeredQualities(480)).toEqual([0, 18]);
    expect(offeredQualities(720)).toEqual([0, 13, 14, 15, 16, 17, 18]);
    expect(offeredQualities(2160)).toHaveLength(19);
    expect(offeredQualities(0)).toEqual([0]);
  });

  it("offers a source shorter than every quality the smallest one, encoded at its own even height", () => {
    expect(offeredQualities(240)).toEqual([0, 18]);
    expect(encodedHeight({ height: 480, mbps: 1 }, 240)).toBe(240);
    expect(encodedHeight({ height: 480, mbps: 1 }, 361)).toBe(360);
    expect(encodedHeight({ height: 720, mbps: 2 }, 1080)).toBe(720);
    expect(encodedHeight({ height: 720, mbps: 2 }, 0)).toBe(720);
  });
});
