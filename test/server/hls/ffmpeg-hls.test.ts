import { describe, expect, it } from "bun:test";
import { buildHlsArgs, type HlsEncodeOptions } from "../../../src/server/tools/ffmpeg-hls";

const base: HlsEncodeOptions = {
  input: { path: "/media/a b.mkv", demuxer: "matroska" },
  videoStream: 0,
  encoder: "libx264",
  height: 720,
  mbps: 2,
  startSegment: 0,
  segmentCount: 4,
  segmentS: 4,
  outDir: "/cache/hls/k/720-2/.work-1",
  pattern: "seg-%d.ts",
};
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe("buildHlsArgs", () => {
  it("encodes H.264 veryfast at the height and bit rate with keyframes on segment boundaries and AAC stereo", () => {
    const args = buildHlsArgs(base);
    expect(args).not.toContain("-ss");
    expect(after(args, "-i")).toBe("file:/media/a b.mkv");
    expect(args.slice(args.indexOf("-i") - 6, args.indexOf("-i"))).toEqual([
      "-protocol_whitelist",
      "file",
      "-format_whitelist",
      "matroska",
      "-f",
      "matroska",
    ]);
    expect(after(args, "-vf")).toBe("scale=-2:720,format=yuv420p");
    expect(after(args, "-c:v")).toBe("libx264");
    expect(after(args, "-preset")).toBe("veryfast");
    expect([after(args, "-b:v"), after(args, "-maxrate"), after(args, "-bufsize")]).toEqual([
      "2000k",
      "2000k",
      "4000k",
    ]);
    expect(after(args, "-force_key_frames")).toBe("expr:gte(t,n_forced*4)");
    expect(after(args, "-sc_threshold")).toBe("0");
    expect([after(args, "-c:a"), after(args, "-ac")]).toEqual(["aac", "2"]);
    expect(after(args, "-segment_times")).toBe("14,18,22");
    expect(after(args, "-output_ts_offset")).toBe("10");
    expect(after(args, "-segment_start_number")).toBe("0");
    expect(after(args, "-segment_list")).toBe("pipe:1");
    expect(args.at(-1)).toBe("file:/cache/hls/k/720-2/.work-1/seg-%d.ts");
  });

  it("starts a later segment with an input seek and keeps the source's times plus the constant offset", () => {
    const args = buildHlsArgs({ ...base, startSegment: 2, mbps: 1.5 });
    expect(args.indexOf("-ss")).toBeLessThan(args.indexOf("-i"));
    expect(after(args, "-ss")).toBe("8");
    expect(after(args, "-output_ts_offset")).toBe("18");
    expect(after(args, "-segment_times")).toBe("22");
    expect(after(args, "-segment_start_number")).toBe("2");
    expect(after(args, "-b:v")).toBe("1500k");
  });

  it("never cuts the last segment into the muxer's default lengths", () => {
    expect(after(buildHlsArgs({ ...base, startSegment: 3 }), "-segment_times")).toBe("26");
  });

  it("maps the chosen video stream and the first audio stream only when there is one", () => {
    const args = buildHlsArgs({ ...base, videoStream: 1 });
    expect(args.join(" ")).toContain("-map 0:v:1 -map 0:a:0? -sn -dn");
  });

  it("uses the hardware encoder's own flags", () => {
    const vaapi = buildHlsArgs({ ...base, encoder: "h264_vaapi" });
    expect(vaapi.slice(0, vaapi.indexOf("-i"))).toContain("-vaapi_device");
    expect(after(vaapi, "-vf")).toBe("scale=-2:720,format=nv12,hwupload");
    expect(after(buildHlsArgs({ ...base, encoder: "h264_nvenc" }), "-c:v")).toBe("h264_nvenc");
  });

  it("escapes a percent sign of the output folder for the muxer's pattern", () => {
    expect(buildHlsArgs({ ...base, outDir: "/c%d/x" }).at(-1)).toBe("file:/c%%d/x/seg-%d.ts");
  });
});
