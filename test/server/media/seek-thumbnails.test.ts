import { describe, expect, it } from "bun:test";
import { sheetCount, sheetOf, thumbnailPlan, thumbnailsVtt, vttTime } from "../../../src/server/media/seek-thumbnails";

describe("thumbnailPlan", () => {
  it("takes a tile every 2 s for short videos and keeps at most 100 tiles for long ones", () => {
    expect(thumbnailPlan(62, 1920, 1080)).toEqual({
      durationS: 62,
      intervalS: 2,
      count: 31,
      tileWidth: 160,
      tileHeight: 90,
    });
    const film = thumbnailPlan(2 * 3600, 1280, 720);
    expect(film.intervalS).toBe(72);
    expect(film.count).toBe(100);
    expect(thumbnailPlan(1, 320, 240).count).toBe(1);
  });

  it("never widens a narrow video and keeps even sizes, 16:9 when the size is unknown", () => {
    expect(thumbnailPlan(10, 100, 75)).toMatchObject({ tileWidth: 100, tileHeight: 76 });
    expect(thumbnailPlan(10, 0, 0)).toMatchObject({ tileWidth: 160, tileHeight: 90 });
  });
});

describe("sheetOf", () => {
  it("fills sheets of 25 tiles, 5 per row, the last one only as tall as its tiles", () => {
    const plan = thumbnailPlan(62, 320, 240);
    expect(sheetCount(plan)).toBe(2);
    expect(sheetOf(plan, 0)).toEqual({ startS: 0, tiles: 25, columns: 5, rows: 5 });
    expect(sheetOf(plan, 1)).toEqual({ startS: 50, tiles: 6, columns: 5, rows: 2 });
    expect(sheetOf(plan, 2)).toBeNull();
    expect(sheetOf(plan, -1)).toBeNull();
    expect(sheetOf(thumbnailPlan(4, 320, 240), 0)).toEqual({ startS: 0, tiles: 2, columns: 2, rows: 1 });
  });
});

describe("thumbnailsVtt", () => {
  it("writes one cue per tile pointing at its sheet and rectangle, the last cue ending with the video", () => {
    const vtt = thumbnailsVtt(thumbnailPlan(5, 320, 240), (n) => `/s?sprite=${n}`);
    expect(vtt).toBe(
      [
        "WEBVTT",
        "",
        "00:00:00.000 --> 00:00:02.000",
        "/s?sprite=0#xywh=0,0,160,120",
        "",
        "00:00:02.000 --> 00:00:04.000",
        "/s?sprite=0#xywh=160,0,160,120",
        "",
        "00:00:04.000 --> 00:00:05.000",
        "/s?sprite=0#xywh=320,0,160,120",
        "",
      ].join("\n"),
    );
  });

  it("formats hours, minutes and milliseconds", () => {
    expect(vttTime(3723.4567)).toBe("01:02:03.457");
  });
});
