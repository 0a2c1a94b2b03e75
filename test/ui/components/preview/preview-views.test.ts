import { describe, expect, it } from "bun:test";
import {
  audioCodecOf,
  isAudioCodecPlayable,
  titleFromName,
  trackTags,
} from "../../../../src/ui/components/preview/views/audio-tags";
import {
  archiveMoreStep,
  archivePages,
  archiveSummary,
  isArchiveListFailure,
  orderArchiveEntries,
} from "../../../../src/ui/components/preview/views/archive-rows";
import { isMarkdownName } from "../../../../src/ui/components/preview/views/MarkdownPageButton";
import { ApiError } from "../../../../src/ui/api/client";
import type { ArchiveEntryMetainfo, ProbedResource } from "../../../../src/ui/api/media";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const EDGE = `${CHROME} Edg/156.0.0.0`;

describe("audio track tags", () => {
  it("takes audioinfo first and falls back to the metainfo tags", () => {
    const tags = trackTags(
      {
        audioinfo: { title: "Tone", artist: "", album: "LP", year: "" },
        metainfo: { Title: "Other", Artist: "Waves", Album: "X", Year: "2021" } as never,
      },
      "01 tone.mp3",
    );
    expect(tags).toEqual({ title: "Tone", artist: "Waves", album: "LP", year: "2021" });
  });

  it("uses the file name without extension for an untagged or unprobed track", () => {
    expect(trackTags(null, "01 Intro.flac")).toEqual({ title: "01 Intro", artist: "", album: "", year: "" });
    expect(trackTags({ audioinfo: { title: "  ", artist: "", album: "", year: "" } }, "a.mp3").title).toBe("a");
    expect(titleFromName(".hidden")).toBe(".hidden");
    expect(titleFromName("noext")).toBe("noext");
  });

  it("reads the codec only from an audio metainfo object", () => {
    expect(audioCodecOf({ metainfo: { ACodecName: "flac" } as never })).toBe("flac");
    expect(audioCodecOf({ metainfo: [] })).toBe("");
    expect(audioCodecOf(null)).toBe("");
  });
});

describe('audio codec playability (docs/product.md "Playable codecs")', () => {
  it("plays mp3, opus, vorbis, aac and flac everywhere", () => {
    for (const c of ["mp3", "opus", "vorbis", "aac", "flac", "MP3"]) expect(isAudioCodecPlayable(c, CHROME)).toBe(true);
  });
  it("plays pcm variants except pcm_bluray", () => {
    expect(isAudioCodecPlayable("pcm_s16le", CHROME)).toBe(true);
    expect(isAudioCodecPlayable("pcm_f32le", CHROME)).toBe(true);
    expect(isAudioCodecPlayable("pcm_bluray", CHROME)).toBe(false);
  });
  it("plays ac3, eac3, dts and dolby_e only on Edge", () => {
    for (const c of ["ac3", "eac3", "dts", "dolby_e"]) {
      expect(isAudioCodecPlayable(c, CHROME)).toBe(false);
      expect(isAudioCodecPlayable(c, EDGE)).toBe(true);
    }
  });
  it("refuses other codecs and gives an unknown codec the benefit of the doubt", () => {
    expect(isAudioCodecPlayable("wmav2", EDGE)).toBe(false);
    expect(isAudioCodecPlayable("", CHROME)).toBe(true);
  });
});

const entry = (Path: string, IsDir = false, Size = 10): ArchiveEntryMetainfo => ({
  Path,
  IsDir,
  PackedSize: Math.floor(Size / 2),
  Size,
  Modified: "",
});

describe("archive rows", () => {
  it("orders a listing as a tree: folders first at each level, contents after their folder, names numeric-aware", () => {
    const listed = [
      entry("z.txt"),
      entry("dir/b.txt"),
      entry("dir", true),
      entry("a10.txt"),
      entry("a9.txt"),
      entry("dir/sub/c.txt"),
      entry("dir/sub", true),
      entry("dir/a.txt"),
    ];
    expect(orderArchiveEntries(listed).map((e) => e.Path)).toEqual([
      "dir",
      "dir/sub",
      "dir/sub/c.txt",
      "dir/a.txt",
      "dir/b.txt",
      "a9.txt",
      "a10.txt",
      "z.txt",
    ]);
    expect(listed[0].Path).toBe("z.txt");
  });

  it("treats a path with more segments as a folder even without its own entry", () => {
    expect(orderArchiveEntries([entry("b.txt"), entry("a/x.txt")]).map((e) => e.Path)).toEqual(["a/x.txt", "b.txt"]);
  });

  it("counts files and folders and sums the file sizes (folders add no bytes)", () => {
    expect(archiveSummary([entry("d", true, 0), entry("d/a", false, 100), entry("b", false, 24)])).toEqual({
      files: 2,
      folders: 1,
      size: 124,
    });
  });

  it("recognises the server's encrypted-archive refusal only", () => {
    const sentence = "failed to get file list from archive, maybe encrypted archive. Wrong password?";
    expect(isArchiveListFailure(new ApiError(400, `400 Bad Request (${sentence})`))).toBe(true);
    expect(isArchiveListFailure(new ApiError(400, sentence))).toBe(true);
    expect(isArchiveListFailure(new ApiError(400, "400 Bad Request (something else)"))).toBe(false);
    expect(isArchiveListFailure(new ApiError(503, sentence))).toBe(false);
    expect(isArchiveListFailure(new Error(sentence))).toBe(false);
  });

  it("joins the server's pages and keeps the whole archive's totals, or counts them when the server sent every entry", () => {
    const probed = (metainfo: ArchiveEntryMetainfo[], offset?: number) =>
      ({
        metainfo,
        ...(offset === undefined
          ? {}
          : { archiveListing: { offset, limit: 2, total: 5, files: 4, folders: 1, size: 400 } }),
      }) as unknown as ProbedResource;
    const pages = archivePages(probed([entry("d", true), entry("d/a")], 0), [probed([entry("d/b"), entry("d/c")], 2)]);
    expect(pages.entries.map((e) => e.Path)).toEqual(["d", "d/a", "d/b", "d/c"]);
    expect(pages.total).toBe(5);
    expect(pages.summary).toEqual({ files: 4, folders: 1, size: 400 });
    expect(archivePages(probed([entry("d", true, 0), entry("d/a", false, 7)]))).toMatchObject({
      total: 2,
      summary: { files: 1, folders: 1, size: 7 },
    });
  });

  it("shows 1000 more rows a click, asking the server for its next page only when those rows are not loaded", () => {
    expect(archiveMoreStep(1000, 10_000, 25_000)).toEqual({ shown: 2000, fetch: false });
    expect(archiveMoreStep(10_000, 10_000, 25_000)).toEqual({ shown: 11_000, fetch: true });
    expect(archiveMoreStep(9_500, 10_000, 25_000)).toEqual({ shown: 10_500, fetch: true });
    expect(archiveMoreStep(24_500, 25_000, 25_000)).toEqual({ shown: 25_000, fetch: false });
  });
});

describe("markdown names", () => {
  it("has a preview page for .md and .markdown only", () => {
    expect(isMarkdownName("README.md")).toBe(true);
    expect(isMarkdownName("notes.Markdown")).toBe(true);
    expect(isMarkdownName("x.mdx")).toBe(false);
    expect(isMarkdownName("md")).toBe(false);
  });
});
