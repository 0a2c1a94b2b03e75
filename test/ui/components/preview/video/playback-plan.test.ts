import { describe, expect, it } from "bun:test";
import {
  isVideoCodecPlayable,
  planPlayback,
  qualityLabel,
  usesNativeHls,
  type PlanInput,
} from "../../../../../src/ui/components/preview/video/playback-plan";
import { clampQuality, VIDEO_QUALITIES } from "../../../../../src/shared/wire/video";

const UA = {
  chrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0",
  safari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  iosChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  android: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
};

const base: PlanInput = {
  probe: { VCodecName: "h264", ACodecName: "aac", VHeight: 1080 },
  extension: ".mp4",
  userAgent: UA.chrome,
  disableHls: false,
  quality: 0,
};
/** The index of a quality by its label. */
const idx = (label: string) => VIDEO_QUALITIES.findIndex((_q, i) => qualityLabel(i, "normal") === label);

describe('video codec playability (docs/product.md "Playable codecs")', () => {
  it("plays h264, vp8, vp9, theora and av1 everywhere", () => {
    for (const codec of ["h264", "vp8", "vp9", "theora", "av1"]) {
      for (const ua of Object.values(UA)) expect(isVideoCodecPlayable(codec, ua)).toBe(true);
    }
  });
  it("plays hevc only on Edge, Safari and Chrome on iOS", () => {
    expect(isVideoCodecPlayable("hevc", UA.edge)).toBe(true);
    expect(isVideoCodecPlayable("hevc", UA.safari)).toBe(true);
    expect(isVideoCodecPlayable("hevc", UA.iosChrome)).toBe(true);
    expect(isVideoCodecPlayable("hevc", UA.chrome)).toBe(false);
    expect(isVideoCodecPlayable("hevc", UA.firefox)).toBe(false);
    expect(isVideoCodecPlayable("hevc", UA.android)).toBe(false);
  });
  it("refuses other codecs and trusts an unknown one", () => {
    expect(isVideoCodecPlayable("mpeg4", UA.edge)).toBe(false);
    expect(isVideoCodecPlayable("wmv3", UA.safari)).toBe(false);
    expect(isVideoCodecPlayable("", UA.chrome)).toBe(true);
  });
  it("leaves HLS to Safari and iOS, hls.js elsewhere", () => {
    expect(usesNativeHls(UA.safari)).toBe(true);
    expect(usesNativeHls(UA.iosChrome)).toBe(true);
    expect(usesNativeHls(UA.chrome)).toBe(false);
    expect(usesNativeHls(UA.edge)).toBe(false);
    expect(usesNativeHls(UA.android)).toBe(false);
  });
});

describe('quality labels and clamping (docs/product.md "Slideshow and video defaults")', () => {
  it("labels normal then height and bit rate", () => {
    expect(qualityLabel(0, "normal")).toBe("normal");
    expect(qualityLabel(1, "normal")).toBe("1080p 60 Mbps");
    expect(qualityLabel(16, "normal")).toBe("720p 1.5 Mbps");
    expect(qualityLabel(18, "normal")).toBe("480p 1 Mbps");
  });
  it("clamps a setting taller than the source to the next offered quality below it", () => {
    const offered = [
      0,
      idx("720p 4 Mbps"),
      idx("720p 3 Mbps"),
      idx("720p 2 Mbps"),
      idx("720p 1.5 Mbps"),
      idx("720p 1 Mbps"),
      idx("480p 1 Mbps"),
    ];
    expect(clampQuality(idx("1080p 60 Mbps"), offered)).toBe(idx("720p 4 Mbps"));
    expect(clampQuality(idx("720p 2 Mbps"), offered)).toBe(idx("720p 2 Mbps"));
    expect(clampQuality(5, [0])).toBe(0);
  });
});

describe("playback plan", () => {
  it("plays a browser-friendly file directly, offering only qualities no taller than it", () => {
    const plan = planPlayback({ ...base, probe: { ...base.probe!, VHeight: 720 } });
    expect(plan.start).toBe(0);
    expect(plan.offered.map((i) => qualityLabel(i, "normal"))).toEqual([
      "normal",
      "720p 4 Mbps",
      "720p 3 Mbps",
      "720p 2 Mbps",
      "720p 1.5 Mbps",
      "720p 1 Mbps",
      "480p 1 Mbps",
    ]);
    expect(plan.needsTranscoding).toBe(false);
    expect(plan.unplayableAudio).toBe("");
  });
  it("starts on the quality setting, clamped to the source", () => {
    expect(planPlayback({ ...base, quality: idx("720p 2 Mbps") }).start).toBe(idx("720p 2 Mbps"));
    expect(
      planPlayback({ ...base, quality: idx("1080p 10 Mbps"), probe: { ...base.probe!, VHeight: 480 } }).start,
    ).toBe(idx("480p 1 Mbps"));
  });
  it("starts a flagged extension or an unplayable codec on the best transcoded quality, or the setting", () => {
    expect(planPlayback({ ...base, extension: ".AVI" }).start).toBe(1);
    // A source under 480 px still gets the smallest quality, encoded at its own height.
    expect(planPlayback({ ...base, extension: ".avi", probe: { ...base.probe!, VHeight: 240 } }).start).toBe(
      idx("480p 1 Mbps"),
    );
    expect(planPlayback({ ...base, probe: { ...base.probe!, VCodecName: "mpeg4" } }).start).toBe(1);
    expect(
      planPlayback({ ...base, probe: { ...base.probe!, VCodecName: "hevc" }, quality: idx("720p 3 Mbps") }).start,
    ).toBe(idx("720p 3 Mbps"));
    expect(planPlayback({ ...base, probe: { ...base.probe!, VCodecName: "hevc" }, userAgent: UA.safari }).start).toBe(
      0,
    );
  });
  it("an unplayable audio codec warns and transcodes; ac3 plays on Edge", () => {
    const plan = planPlayback({ ...base, probe: { ...base.probe!, ACodecName: "ac3" } });
    expect(plan.unplayableAudio).toBe("ac3");
    expect(plan.start).toBe(1);
    const edge = planPlayback({ ...base, probe: { ...base.probe!, ACodecName: "ac3" }, userAgent: UA.edge });
    expect(edge).toMatchObject({ unplayableAudio: "", start: 0 });
    expect(planPlayback({ ...base, probe: { ...base.probe!, ACodecName: "pcm_s16le" } }).unplayableAudio).toBe("");
    expect(planPlayback({ ...base, probe: { ...base.probe!, ACodecName: "pcm_bluray" } }).unplayableAudio).toBe(
      "pcm_bluray",
    );
  });
  it("with HLS disabled: normal only; an unplayable codec needs transcoding, a flagged extension still tries", () => {
    const off = { ...base, disableHls: true, quality: idx("720p 2 Mbps") };
    expect(planPlayback(off)).toMatchObject({ offered: [0], start: 0, needsTranscoding: false });
    expect(planPlayback({ ...off, probe: { ...base.probe!, VCodecName: "mpeg4" } }).needsTranscoding).toBe(true);
    expect(planPlayback({ ...off, extension: ".avi" }).needsTranscoding).toBe(false);
  });
  it("without a probe: the original file, nothing else offered", () => {
    expect(planPlayback({ ...base, probe: null })).toMatchObject({
      offered: [0],
      start: 0,
      needsTranscoding: false,
      unplayableAudio: "",
    });
  });
});
