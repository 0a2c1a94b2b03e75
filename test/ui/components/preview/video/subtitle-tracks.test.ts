import { describe, expect, it } from "bun:test";
import { subtitleTracks } from "../../../../../src/ui/components/preview/video/subtitle-tracks";
import { steppedVolume } from "../../../../../src/ui/components/preview/video/video-control";
import { videoUrls } from "../../../../../src/ui/components/preview/video/video-urls";

describe("subtitle tracks", () => {
  const tracks = subtitleTracks(
    [{ Name: "movie.en.srt", Path: "/m/movie.en.srt", Lang: "en" }, { Name: "movie.srt", Path: "/m/subs/movie.srt", Lang: "" }],
    [
      { CodecName: "subrip", Name: "", Lang: "eng" },
      { CodecName: "hdmv_pgs_subtitle", Name: "", Lang: "fre" },
      { CodecName: "ass", Name: "Signs", Lang: "" },
      { CodecName: "mov_text", Name: "", Lang: "" },
    ],
    videoUrls("/m/movie.mkv", "T"),
    (n) => `Track ${n}`,
  );
  it("lists sidecars, then embedded text streams with their stream index (picture streams left out)", () => {
    expect(tracks.map((t) => [t.id, t.label, t.lang])).toEqual([
      ["file:/m/movie.en.srt", "movie.en.srt", "en"],
      ["file:/m/subs/movie.srt", "movie.srt", ""],
      ["embedded:0", "eng (subrip)", "eng"],
      ["embedded:2", "Signs (ass)", ""],
      ["embedded:3", "Track 4 (mov_text)", ""],
    ]);
    expect(tracks[1].src).toBe(`/api/raw/m/subs/movie.srt?auth=T&subtitle=true&movie=${encodeURIComponent("/m/movie.mkv")}`);
    expect(tracks[3].src).toContain("/api/raw/vtt?auth=T&movie=%2Fm%2Fmovie.mkv&si=2&lang=&extract=true");
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
