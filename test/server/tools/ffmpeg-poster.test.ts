import { describe, expect, it } from "bun:test";
import { buildPosterArgs, posterTime } from "../../../src/server/tools/ffmpeg-poster";

describe("posterTime", () => {
  it("is 10 % of the duration, 0 when the duration is unknown", () => {
    expect(posterTime(120)).toBe(12);
    expect(posterTime(0)).toBe(0);
  });
});

describe("buildPosterArgs", () => {
  it("seeks the input read by its probed demuxer over local files only, maps the chosen video stream, scales down only and writes one JPEG frame", () => {
    const args = buildPosterArgs({
      input: { path: "/v/a:b.mkv", demuxer: "matroska" },
      timeS: 12.3456,
      width: 256,
      videoStream: 1,
      output: "/t/p.jpg",
    });
    expect(args.slice(args.indexOf("-ss"), args.indexOf("-ss") + 12)).toEqual([
      "-ss",
      "12.346",
      "-protocol_whitelist",
      "file",
      "-format_whitelist",
      "matroska",
      "-f",
      "matroska",
      "-i",
      "file:/v/a:b.mkv",
      "-map",
      "0:v:1",
    ]);
    expect(args[args.indexOf("-vf") + 1]).toBe("scale='min(256,iw)':-2,setsar=1");
    expect(args).toContain("-y");
    expect(args.slice(-7)).toEqual(["-frames:v", "1", "-f", "image2", "-update", "1", "file:/t/p.jpg"]);
    expect(args[args.indexOf("-c:v") + 1]).toBe("mjpeg");
  });
});
