import { describe, expect, it } from "bun:test";
import { buildEncoderTestArgs, parseEncoderList } from "../../../src/server/tools/ffmpeg-encoders";

const SAMPLE = `Encoders:
 V..... = Video
 A..... = Audio
 ------
 V....D libx264              libx264 H.264 / AVC / MPEG-4 AVC / MPEG-4 part 10 (codec h264)
 V....D h264_nvenc           NVIDIA NVENC H.264 encoder (codec h264)
 VFS... mjpeg                MJPEG (Motion JPEG)
 A....D aac                  AAC (Advanced Audio Coding)
`;

describe("parseEncoderList", () => {
  it("answers the names after the separator, not the legend", () => {
    expect(parseEncoderList(SAMPLE)).toEqual(["libx264", "h264_nvenc", "mjpeg", "aac"]);
    expect(parseEncoderList("")).toEqual([]);
  });
});

describe("buildEncoderTestArgs", () => {
  it("encodes one generated frame to the null muxer, through the render node for VA-API only", () => {
    const nvenc = buildEncoderTestArgs("h264_nvenc", "/dev/dri/renderD128");
    expect(nvenc).not.toContain("-vaapi_device");
    expect(nvenc.slice(-5)).toEqual(["-c:v", "h264_nvenc", "-f", "null", "-"]);
    const vaapi = buildEncoderTestArgs("h264_vaapi", "/dev/dri/renderD129");
    expect(vaapi.slice(vaapi.indexOf("-vaapi_device"), vaapi.indexOf("-vaapi_device") + 2)).toEqual([
      "-vaapi_device",
      "/dev/dri/renderD129",
    ]);
    expect(vaapi[vaapi.indexOf("-vf") + 1]).toBe("format=nv12,hwupload");
    expect(vaapi[vaapi.indexOf("-frames:v") + 1]).toBe("1");
  });
});
