import { describe, expect, it } from "bun:test";
import { buildProbeArgs, parseProbe, subtitleKind } from "../../../src/server/tools/ffprobe";

/** What `ffprobe -print_format json -show_format -show_streams` prints for an mkv with a cover and four subtitle tracks. */
const MKV = {
  streams: [
    { index: 0, codec_type: "video", codec_name: "mjpeg", width: 600, height: 600, disposition: { attached_pic: 1 } },
    {
      index: 1,
      codec_type: "video",
      codec_name: "hevc",
      width: 1920,
      height: 800,
      avg_frame_rate: "24000/1001",
      r_frame_rate: "24000/1001",
      disposition: { attached_pic: 0 },
      tags: { DURATION: "00:42:10.500000000" },
    },
    { index: 2, codec_type: "audio", codec_name: "eac3", tags: { language: "eng" } },
    { index: 3, codec_type: "subtitle", codec_name: "subrip", tags: { language: "eng", title: "Full" } },
    { index: 4, codec_type: "subtitle", codec_name: "hdmv_pgs_subtitle", tags: { language: "fre" } },
    { index: 5, codec_type: "subtitle", codec_name: "ass", tags: { language: "und" } },
    { index: 6, codec_type: "subtitle", codec_name: "dvd_subtitle" },
    { index: 7, codec_type: "subtitle", codec_name: "eia_608" },
  ],
  format: { format_name: "matroska,webm", duration: "2531.000000", size: "1234567890" },
};

describe("buildProbeArgs", () => {
  it("asks for JSON of the format and every stream, errors only, with the path as a file: URL", () => {
    const args = buildProbeArgs("/v/-odd:name.mkv");
    expect(args.slice(0, 2)).toEqual(["-v", "error"]);
    expect(args.slice(-5)).toEqual(["-print_format", "json", "-show_format", "-show_streams", "file:/v/-odd:name.mkv"]);
  });

  it("allows only local files and container demuxers, never playlists, concat scripts or patterns", () => {
    const args = buildProbeArgs("/v/a.mp4");
    expect(args[args.indexOf("-protocol_whitelist") + 1]).toBe("file");
    const demuxers = args[args.indexOf("-format_whitelist") + 1]!.split(",");
    expect(demuxers).toEqual(expect.arrayContaining(["mov", "matroska", "avi", "mpegts", "mp3", "flac", "ogg", "wav"]));
    for (const bad of [
      "hls",
      "concat",
      "ffconcat",
      "image2",
      "tee",
      "data",
      "lavfi",
      "subfile",
      "dash",
      "webm_dash_manifest",
      "srt",
    ]) {
      expect(demuxers).not.toContain(bad);
    }
  });
});

describe("parseProbe", () => {
  const r = parseProbe(JSON.stringify(MKV));

  it("takes the first video stream that is not a cover picture", () => {
    expect([r.width, r.height, r.videoCodec, r.videoStreamIndex]).toEqual([1920, 800, "hevc", 1]);
    expect(r.frameRate).toBeCloseTo(23.976, 3);
  });

  it("reads the container duration and size, and the video's own duration from a Matroska tag", () => {
    expect(r.durationS).toBe(2531);
    expect(r.videoDurationS).toBeCloseTo(2530.5, 3);
    expect(r.sizeBytes).toBe(1234567890);
    expect(r.formatName).toBe("matroska,webm");
    expect(r.demuxer).toBe("matroska");
    expect(r.audioCodec).toBe("eac3");
  });

  it("numbers subtitle streams among subtitle streams and tells text from pictures", () => {
    expect(r.subtitles).toEqual([
      { index: 0, codec: "subrip", language: "eng", title: "Full", kind: "text" },
      { index: 1, codec: "hdmv_pgs_subtitle", language: "fre", title: "", kind: "bitmap" },
      { index: 2, codec: "ass", language: "", title: "", kind: "text" },
      { index: 3, codec: "dvd_subtitle", language: "", title: "", kind: "bitmap" },
      { index: 4, codec: "eia_608", language: "", title: "", kind: "other" },
    ]);
  });

  it("falls back to the longest stream when the container has no duration, and to 0 for what is missing", () => {
    const r2 = parseProbe(
      JSON.stringify({
        streams: [
          { codec_type: "audio", codec_name: "mp3", duration: "3.5" },
          { codec_type: "audio", duration: "N/A" },
        ],
        format: {},
      }),
    );
    expect(r2).toMatchObject({
      durationS: 3.5,
      videoDurationS: 3.5,
      width: 0,
      height: 0,
      videoCodec: "",
      frameRate: 0,
      audioCodec: "mp3",
      subtitles: [],
    });
  });

  it("reads the container's long name and bit rate, and the details of the first video and audio streams", () => {
    const r3 = parseProbe(
      JSON.stringify({
        streams: [
          { codec_type: "video", codec_name: "mjpeg", disposition: { attached_pic: 1 } },
          {
            codec_type: "video",
            codec_name: "h264",
            codec_long_name: "H.264",
            profile: "High",
            bit_rate: "900000",
            avg_frame_rate: "30000/1001",
            width: 1280,
            height: 720,
            display_aspect_ratio: "16:9",
          },
          {
            codec_type: "audio",
            codec_name: "aac",
            codec_long_name: "AAC",
            profile: "LC",
            sample_rate: "48000",
            channels: 6,
            channel_layout: "5.1(side)",
            tags: { BPS: "384000", Title: "Stream" },
          },
        ],
        format: {
          format_name: "matroska,webm",
          format_long_name: "Matroska / WebM",
          bit_rate: "1300000",
          tags: { TITLE: "Movie", ENCODER: "x" },
        },
      }),
    );
    expect([r3.formatLongName, r3.bitRate]).toEqual(["Matroska / WebM", 1300000]);
    expect(r3.video).toEqual({
      codec: "h264",
      codecLongName: "H.264",
      profile: "High",
      bitRate: 900000,
      frameRate: 30000 / 1001,
      width: 1280,
      height: 720,
      displayAspectRatio: "16:9",
    });
    expect(r3.audio).toEqual({
      codec: "aac",
      codecLongName: "AAC",
      profile: "LC",
      bitRate: 384000,
      sampleRate: 48000,
      channels: 6,
      channelLayout: "5.1(side)",
    });
    // Lower-case keys; the container's tags win over the audio stream's, whose other keys fill in.
    expect(r3.tags).toEqual({ title: "Movie", encoder: "x", bps: "384000" });
  });

  it("has no video or audio details for a file without those streams", () => {
    const r4 = parseProbe(JSON.stringify({ streams: [], format: {} }));
    expect([r4.video, r4.audio, r4.tags, r4.bitRate, r4.formatLongName]).toEqual([null, null, {}, 0, ""]);
  });

  it("refuses text that is not JSON", () => {
    expect(() => parseProbe("Invalid data found when processing input")).toThrow();
  });
});

describe("subtitleKind", () => {
  it("knows the text codecs ffmpeg converts and the picture ones it cannot", () => {
    for (const c of ["mov_text", "subrip", "ass", "ssa", "webvtt", "text"]) expect(subtitleKind(c)).toBe("text");
    for (const c of ["hdmv_pgs_subtitle", "dvd_subtitle", "dvb_subtitle"]) expect(subtitleKind(c)).toBe("bitmap");
  });
});
