import { describe, expect, it } from "bun:test";
import {
  buildCommonArgs,
  buildSubtitleArgs,
  createProgressParser,
  progressPercent,
  type FfmpegProgress,
} from "../../../src/server/tools/ffmpeg";
import {
  buildContactSheetArgs,
  buildSingleFramesArgs,
  escapeFilterValue,
  frameTimes,
  isFrameShownLine,
  sheetLayout,
  timeLabelFilter,
  timeLabelFontSize,
  useKeyframeSeek,
} from "../../../src/server/tools/ffmpeg-frames";

/** The value after `flag` in an argument array. */
const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe("buildCommonArgs", () => {
  it("never reads stdin, prints progress blocks on stdout, and overwrites only when asked", () => {
    const a = buildCommonArgs(false);
    expect(a).toContain("-nostdin");
    expect(a).toContain("-nostats");
    expect(after(a, "-progress")).toBe("pipe:1");
    expect(a).toContain("-n");
    expect(a).not.toContain("-y");
    expect(buildCommonArgs(true)).toContain("-y");
  });
});

describe("buildSubtitleArgs", () => {
  it("reads the video once and writes each stream with its encoder and muxer", () => {
    const a = buildSubtitleArgs({
      input: { path: "/v/a b.mkv", demuxer: "matroska" },
      format: "vtt",
      overwrite: false,
      streams: [
        { index: 0, output: "/v/t0" },
        { index: 2, output: "/v/t2" },
      ],
    });
    expect(a.filter((x) => x === "-i")).toHaveLength(1);
    expect(after(a, "-i")).toBe("file:/v/a b.mkv");
    expect(a.slice(a.indexOf("-i") + 2)).toEqual([
      "-map",
      "0:s:0",
      "-c:s",
      "webvtt",
      "-f",
      "webvtt",
      "file:/v/t0",
      "-map",
      "0:s:2",
      "-c:s",
      "webvtt",
      "-f",
      "webvtt",
      "file:/v/t2",
    ]);
  });

  it("uses the srt and ass encoders for those formats", () => {
    expect(
      after(
        buildSubtitleArgs({
          input: { path: "/a", demuxer: "matroska" },
          format: "srt",
          overwrite: true,
          streams: [{ index: 1, output: "/o" }],
        }),
        "-c:s",
      ),
    ).toBe("srt");
    const ass = buildSubtitleArgs({
      input: { path: "/a", demuxer: "matroska" },
      format: "ass",
      overwrite: true,
      streams: [{ index: 1, output: "/o" }],
    });
    expect(ass[ass.lastIndexOf("-f") + 1]).toBe("ass");
  });
});

describe("createProgressParser", () => {
  it("emits one block per progress line, with out_time_us in microseconds and the end flag", () => {
    const blocks: FfmpegProgress[] = [];
    const feed = createProgressParser((b) => blocks.push(b));
    for (const l of [
      "frame=12",
      "out_time_us=1500000",
      "out_time_ms=1500000",
      "out_time=00:00:01.500000",
      "progress=continue",
      "frame=30",
      "out_time_us=N/A",
      "progress=continue",
      "frame=50",
      "out_time_us=2000000",
      "speed=3.1x",
      "progress=end",
    ])
      feed(l);
    expect(blocks).toEqual([
      { outTimeUs: 1_500_000, frame: 12, end: false },
      { outTimeUs: 1_500_000, frame: 30, end: false },
      { outTimeUs: 2_000_000, frame: 50, end: true },
    ]);
  });

  it("ignores lines that are not key=value", () => {
    const blocks: FfmpegProgress[] = [];
    const feed = createProgressParser((b) => blocks.push(b));
    feed("garbage");
    feed("progress=end");
    expect(blocks).toEqual([{ outTimeUs: 0, frame: 0, end: true }]);
  });
});

describe("progressPercent", () => {
  it("is whole percent of the duration, clamped, and 0 without a duration", () => {
    expect(progressPercent(1_500_000, 3)).toBe(50);
    expect(progressPercent(9_000_000, 3)).toBe(100);
    expect(progressPercent(1_000_000, 0)).toBe(0);
  });
});

describe("frameTimes", () => {
  it("takes the middle of equal slices of the duration", () => {
    expect(frameTimes(160, 4, 25)).toEqual([20, 60, 100, 140]);
  });

  it("stays two frames before the end of a short video", () => {
    const t = frameTimes(1, 32, 25);
    expect(t).toHaveLength(32);
    expect(Math.max(...t)).toBeCloseTo(0.92, 6);
  });
});

describe("useKeyframeSeek", () => {
  it("seeks to keyframes only when frames are at least 20 s apart", () => {
    expect(useKeyframeSeek(20 * 60, 16)).toBe(true);
    expect(useKeyframeSeek(320, 16)).toBe(true);
    expect(useKeyframeSeek(319, 16)).toBe(false);
    expect(useKeyframeSeek(2, 16)).toBe(false);
  });
});

describe("sheetLayout", () => {
  it("fills rows of `columns` and never has more columns than frames", () => {
    expect(sheetLayout(16, 4)).toEqual({ columns: 4, rows: 4 });
    expect(sheetLayout(10, 4)).toEqual({ columns: 4, rows: 3 });
    expect(sheetLayout(3, 4)).toEqual({ columns: 3, rows: 1 });
  });
});

describe("escapeFilterValue", () => {
  // test/tasks/kinds/mkthumb.test.ts runs ffmpeg with such a header path.
  it("escapes option and graph specials so a path stays one value", () => {
    expect(escapeFilterValue("/a:b/c'd,e[f];g\\h")).toBe("/a\\\\:b/c\\\\\\'d\\,e\\[f\\]\\;g\\\\\\\\h");
    expect(escapeFilterValue("/usr/share/fonts/DejaVuSans.ttf")).toBe("/usr/share/fonts/DejaVuSans.ttf");
  });
});

describe("isFrameShownLine", () => {
  it("matches showinfo's per-frame line only", () => {
    expect(isFrameShownLine("[Parsed_showinfo_3 @ 0x55] n:   0 pts:  422 pts_time:0.03 fmt:rgb24")).toBe(true);
    expect(isFrameShownLine("[Parsed_showinfo_3 @ 0x55] config in time_base: 1/12800")).toBe(false);
    expect(isFrameShownLine("[Parsed_showinfo_3 @ 0x55] color_range:pc")).toBe(false);
  });
});

describe("buildContactSheetArgs", () => {
  const base = {
    input: { path: "/v/clip.mp4", demuxer: "mov" },
    times: [1, 3, 5],
    width: 160,
    readSeconds: 1,
    keyframeSeek: false,
    format: "jpg" as const,
    overwrite: false,
    columns: 2,
    output: "/v/.tmp",
    timeLabel: null,
  };

  it("seeks each frame with an input -ss limited by -t, so the file is never decoded whole", () => {
    const a = buildContactSheetArgs({ ...base, header: null });
    expect(a.filter((x) => x === "-i")).toHaveLength(3);
    const input = "-protocol_whitelist file -format_whitelist mov -f mov -i file:/v/clip.mp4";
    expect(a.join(" ")).toContain(`-ss 1.000 -t 1 ${input} -ss 3.000 -t 1 ${input} -ss 5.000 -t 1 ${input}`);
    expect(after(a, "-loglevel")).toBe("info");
  });

  it("takes keyframes as they are when asked, with -noaccurate_seek before each -ss", () => {
    const a = buildContactSheetArgs({ ...base, keyframeSeek: true, header: null });
    expect(a.join(" ")).toContain(
      "-noaccurate_seek -ss 1.000 -t 1 -protocol_whitelist file -format_whitelist mov -f mov -i file:/v/clip.mp4 -noaccurate_seek -ss 3.000",
    );
    expect(buildContactSheetArgs({ ...base, header: null })).not.toContain("-noaccurate_seek");
  });

  it("scales each first frame, tiles them and writes one jpg image", () => {
    const a = buildContactSheetArgs({ ...base, header: null });
    expect(after(a, "-filter_complex")).toBe(
      "[0:v:0]trim=end_frame=1,scale=160:-2,setsar=1,setpts=PTS-STARTPTS,showinfo[f0];[1:v:0]trim=end_frame=1,scale=160:-2,setsar=1,setpts=PTS-STARTPTS,showinfo[f1];" +
        "[2:v:0]trim=end_frame=1,scale=160:-2,setsar=1,setpts=PTS-STARTPTS,showinfo[f2];[f0][f1][f2]concat=n=3:v=1:a=0,tile=2x2:nb_frames=3[sheet]",
    );
    expect(a.slice(a.indexOf("-map"))).toEqual([
      "-map",
      "[sheet]",
      "-c:v",
      "mjpeg",
      "-q:v",
      "3",
      "-frames:v",
      "1",
      "-f",
      "image2",
      "-update",
      "1",
      "file:/v/.tmp",
    ]);
  });

  it("picks the video stream it is told, so a cover picture stored first is not tiled", () => {
    expect(after(buildContactSheetArgs({ ...base, videoStream: 1, header: null }), "-filter_complex")).toStartWith(
      "[0:v:1]trim=end_frame=1,",
    );
  });

  it("keeps the original size for width 0 and adds a header band with text from a file", () => {
    const a = buildContactSheetArgs({
      ...base,
      width: 0,
      format: "png",
      header: { fontFile: "/f/DejaVu Sans.ttf", textFile: "/t/h:1.txt", height: 80, fontSize: 15 },
    });
    const graph = after(a, "-filter_complex");
    expect(graph).not.toContain("scale=");
    expect(graph).toContain(
      ",pad=iw:ih+80:0:80:black,drawtext=fontfile=/f/DejaVu Sans.ttf:textfile=/t/h\\\\:1.txt:expansion=none:fontsize=15",
    );
    expect(after(a, "-c:v")).toBe("png");
  });

  it("draws each frame's real time (its pts plus its own seek value) before the pts is reset", () => {
    const a = buildContactSheetArgs({
      ...base,
      header: null,
      times: [1, 83.5],
      timeLabel: { fontFile: "/f/D:V.ttf", fontSize: 12 },
    });
    const [first, second] = after(a, "-filter_complex").split(";");
    expect(first).toBe(
      "[0:v:0]trim=end_frame=1,scale=160:-2,setsar=1," +
        "drawtext=fontfile=/f/D\\\\:V.ttf:text=%{pts\\\\:gmtime\\\\:1.0001\\\\:%H\\\\\\\\\\\\:%M\\\\\\\\\\\\:%S}" +
        ":fontsize=12:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=3:x=w-tw-6:y=h-th-6,setpts=PTS-STARTPTS,showinfo[f0]",
    );
    expect(second).toContain(`gmtime\\\\:83.5001\\\\:`);
    expect(a.join(" ")).toContain("-ss 83.500 -t 1");
  });

  it("switches the label to ffmpeg's hms clock from a day on, where HH of a time of day would wrap", () => {
    expect(timeLabelFilter({ fontFile: "/f", fontSize: 20 }, "90000.000")).toContain(
      "text=%{pts\\\\:hms\\\\:90000.0001}:",
    );
  });
});

describe("timeLabelFontSize", () => {
  it("is a 24th of the frame width, between 10 and 48 px", () => {
    expect(timeLabelFontSize(512)).toBe(21);
    expect(timeLabelFontSize(64)).toBe(10);
    expect(timeLabelFontSize(3840)).toBe(48);
  });
});

describe("buildSingleFramesArgs", () => {
  it("maps each frame to its own image output", () => {
    const a = buildSingleFramesArgs({
      input: { path: "/v/c.mkv", demuxer: "matroska" },
      times: [1, 2],
      width: 0,
      readSeconds: 1,
      keyframeSeek: false,
      format: "png",
      overwrite: true,
      outputs: ["/o/1", "/o/2"],
    });
    expect(a.filter((x) => x === "-map")).toHaveLength(2);
    expect(a.slice(a.lastIndexOf("-map"))).toEqual([
      "-map",
      "[f1]",
      "-c:v",
      "png",
      "-frames:v",
      "1",
      "-f",
      "image2",
      "-update",
      "1",
      "file:/o/2",
    ]);
    expect(a.at(-1)).toBe("file:/o/2");
    expect(a).toContain("-y");
  });

  it("refuses a different number of outputs and times", () => {
    expect(() =>
      buildSingleFramesArgs({
        input: { path: "/v", demuxer: "matroska" },
        times: [1, 2],
        width: 0,
        readSeconds: 1,
        keyframeSeek: false,
        format: "jpg",
        overwrite: false,
        outputs: ["/o"],
      }),
    ).toThrow();
  });
});
