import { describe, expect, it } from "bun:test";
import { buildLastFrameArgs, buildSpriteArgs } from "../../../src/server/tools/ffmpeg-still";

describe("buildLastFrameArgs", () => {
  it("seeks from the end, scales down only and keeps overwriting one JPEG", () => {
    const args = buildLastFrameArgs({
      input: { path: "/v/-a.mkv", demuxer: "matroska" },
      tailS: 1,
      width: 320,
      videoStream: 0,
      output: "/t/f.jpg",
    });
    expect(args.slice(args.indexOf("-sseof"), args.indexOf("-sseof") + 12)).toEqual([
      "-sseof",
      "-1.000",
      "-protocol_whitelist",
      "file",
      "-format_whitelist",
      "matroska",
      "-f",
      "matroska",
      "-i",
      "file:/v/-a.mkv",
      "-map",
      "0:v:0",
    ]);
    expect(args[args.indexOf("-vf") + 1]).toBe("scale='min(320,iw)':-2,setsar=1");
    expect(args).not.toContain("-frames:v");
    expect(args.slice(-3)).toEqual(["-update", "1", "file:/t/f.jpg"]);
  });
});

describe("buildSpriteArgs", () => {
  it("seeks the input to the first tile, reads only the sheet's span and tiles fps-sampled frames in one run", () => {
    const args = buildSpriteArgs({
      input: { path: "/v/a.mp4", demuxer: "mov" },
      startS: 50,
      intervalS: 2,
      tiles: 6,
      columns: 5,
      tileWidth: 160,
      tileHeight: 90,
      videoStream: 1,
      output: "/t/s.jpg",
    });
    expect(args.slice(args.indexOf("-ss"), args.indexOf("-ss") + 14)).toEqual([
      "-ss",
      "50.000",
      "-t",
      "12.000",
      "-protocol_whitelist",
      "file",
      "-format_whitelist",
      "mov",
      "-f",
      "mov",
      "-i",
      "file:/v/a.mp4",
      "-map",
      "0:v:1",
    ]);
    expect(args[args.indexOf("-vf") + 1]).toBe("fps=1/2,scale=160:90,setsar=1,tile=5x2");
    expect(args.slice(-7)).toEqual(["-frames:v", "1", "-f", "image2", "-update", "1", "file:/t/s.jpg"]);
  });
});
