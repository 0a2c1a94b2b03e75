import { describe, expect, it } from "bun:test";
import { defaultSubtitle, subtitleTracks } from "../../../../../src/ui/components/preview/video/subtitle-tracks";
import { isUiLanguage, languageName } from "../../../../../src/ui/components/preview/video/track-language";
import { steppedVolume } from "../../../../../src/ui/components/preview/video/video-control";
import { videoUrls } from "../../../../../src/ui/components/preview/video/video-urls";

describe("subtitle tracks", () => {
  const sidecars = [
    { Name: "movie.en.srt", Path: "/m/movie.en.srt", Lang: "en" },
    { Name: "movie.srt", Path: "/m/subs/movie.srt", Lang: "" },
  ];
  const embedded = [
    { CodecName: "subrip", Name: "", Lang: "eng" },
    { CodecName: "hdmv_pgs_subtitle", Name: "", Lang: "fre" },
    { CodecName: "ass", Name: "Signs", Lang: "" },
    { CodecName: "mov_text", Name: "", Lang: "" },
    { CodecName: "subrip", Name: "Commentary", Lang: "jpn" },
    { CodecName: "subrip", Name: "French SDH", Lang: "fre" },
    { CodecName: "subrip", Name: "", Lang: "qaa" },
  ];
  const tracksIn = (uiLanguage: string) =>
    subtitleTracks(sidecars, embedded, videoUrls("/m/movie.mkv", "T"), {
      uiLanguage,
      embeddedLabel: (n) => `Track ${n}`,
    });

  it("lists sidecars, then embedded text streams with their stream index (picture streams left out), each named by language", () => {
    expect(tracksIn("en").map((t) => [t.id, t.label, t.lang])).toEqual([
      ["file:/m/movie.en.srt", "English · movie.en.srt", "en"],
      ["file:/m/subs/movie.srt", "movie.srt", ""],
      ["embedded:0", "English · Track 1", "eng"],
      ["embedded:2", "Signs", ""],
      ["embedded:3", "Track 4", ""],
      ["embedded:4", "Japanese (Commentary)", "jpn"],
      ["embedded:5", "French SDH", "fre"],
      ["embedded:6", "Track 7", "qaa"],
    ]);
    const tracks = tracksIn("en");
    expect(tracks[1].src).toBe(
      `/api/raw/m/subs/movie.srt?auth=T&subtitle=true&movie=${encodeURIComponent("/m/movie.mkv")}`,
    );
    expect(tracks[3].src).toContain("/api/raw/vtt?auth=T&movie=%2Fm%2Fmovie.mkv&si=2&lang=&extract=true");
  });

  it("names languages in the interface's language", () => {
    expect(tracksIn("ja").map((t) => t.label)).toEqual([
      "英語 · movie.en.srt",
      "movie.srt",
      "英語 · Track 1",
      "Signs",
      "Track 4",
      "日本語 (Commentary)",
      "フランス語 (French SDH)",
      "Track 7",
    ]);
  });

  it("shows the first track in the interface's language by default, and none without one", () => {
    expect(defaultSubtitle(tracksIn("en"), "en")).toBe("file:/m/movie.en.srt");
    expect(defaultSubtitle(tracksIn("ja"), "ja")).toBe("embedded:4");
    expect(defaultSubtitle(tracksIn("fr"), "fr")).toBe("embedded:5");
    expect(defaultSubtitle(tracksIn("ko"), "ko")).toBeNull();
  });
});

describe("subtitle languages", () => {
  it("name ISO 639-2 codes (bibliographic ones too), sidecar tags and player short names; nothing for unknown ones", () => {
    expect(
      ["eng", "fre", "ger", "chi", "pt_BR", "chs", "und", "qaa", "", "e"].map((t) => languageName(t, "en")),
    ).toEqual(["English", "French", "German", "Chinese", "Brazilian Portuguese", "Simplified Chinese", "", "", "", ""]);
  });

  it("match the interface language by primary language", () => {
    expect(isUiLanguage("eng", "en")).toBe(true);
    expect(isUiLanguage("chi", "zh-cn")).toBe(true);
    expect(isUiLanguage("chs", "zh-tw")).toBe(true);
    expect(isUiLanguage("en-GB", "en")).toBe(true);
    expect(isUiLanguage("jpn", "en")).toBe(false);
    expect(isUiLanguage("und", "en")).toBe(false);
    expect(isUiLanguage("", "en")).toBe(false);
  });
});

describe("volume keys", () => {
  it("step by 0.1 within 0..1 without float noise", () => {
    expect(steppedVolume(0.6, 1)).toBe(0.7);
    expect(steppedVolume(0.2, -1)).toBe(0.1);
    expect(steppedVolume(0.95, 1)).toBe(1);
    expect(steppedVolume(0.04, -1)).toBe(0);
    expect(steppedVolume(1, 1)).toBe(1);
  });
});
