import { describe, expect, it } from "bun:test";
import { isSidecarOf, sidecarLanguage } from "../../../src/server/media/sidecar-subtitles";

describe("isSidecarOf", () => {
  it("takes the video's name with a subtitle extension, optionally with a language part between", () => {
    for (const n of ["clip.srt", "clip.eng.ass", "clip.SSA", "clip.forced.zh.vtt"])
      expect(isSidecarOf(n, "clip")).toBe(true);
  });

  it("refuses other names, other extensions and names that only start alike", () => {
    for (const n of ["clip2.srt", "clip.txt", "clip.srt.bak", "other.srt", "Clip.srt", "clip"])
      expect(isSidecarOf(n, "clip")).toBe(false);
  });

  it("works for a base name with dots", () => {
    expect(isSidecarOf("my.movie.2020.en.srt", "my.movie.2020")).toBe(true);
  });
});

describe("sidecarLanguage", () => {
  it("reads the language part between the video's name and the extension", () => {
    expect(sidecarLanguage("movie.en.srt", "movie")).toBe("en");
    expect(sidecarLanguage("movie.chs.ass", "movie")).toBe("chs");
    expect(sidecarLanguage("movie.forced.pt-BR.vtt", "movie")).toBe("pt-BR");
    expect(sidecarLanguage("my.movie.2020.eng.srt", "my.movie.2020")).toBe("eng");
  });

  it("is empty without a language part or with one that is not a language tag", () => {
    for (const n of ["movie.srt", "movie.forced.srt", "movie.English.srt", "movie.1.srt"])
      expect(sidecarLanguage(n, "movie")).toBe("");
  });
});
