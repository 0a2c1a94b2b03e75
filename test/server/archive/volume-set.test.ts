import { describe, expect, it } from "bun:test";
import { archiveBaseName, findVolumeSet, isVolumeName } from "../../../src/server/archive/volume-set";

const DIR = [
  "movie.7z.001",
  "movie.7z.002",
  "movie.7z.003",
  "other.7z.001",
  "docs.zip.001",
  "docs.zip.002",
  "show.part1.rar",
  "show.part2.rar",
  "show.part10.rar",
  "show.part3.rar",
  "old.rar",
  "old.r00",
  "old.r01",
  "span.z01",
  "span.z02",
  "span.zip",
  "plain.zip",
  "lonely.z01",
  "notes.txt",
];

describe("volume sets", () => {
  it("finds a .7z.001 set from any member and opens its first volume", () => {
    const set = { open: "movie.7z.001", members: ["movie.7z.001", "movie.7z.002", "movie.7z.003"] };
    expect(findVolumeSet("movie.7z.001", DIR)).toEqual(set);
    expect(findVolumeSet("movie.7z.003", DIR)).toEqual(set);
    expect(findVolumeSet("docs.zip.002", DIR)).toEqual({
      open: "docs.zip.001",
      members: ["docs.zip.001", "docs.zip.002"],
    });
  });

  it("orders .partN.rar volumes by number, not by name", () => {
    expect(findVolumeSet("show.part3.rar", DIR)).toEqual({
      open: "show.part1.rar",
      members: ["show.part1.rar", "show.part2.rar", "show.part3.rar", "show.part10.rar"],
    });
  });

  it("opens a spanned zip from its .zip, recognised from a .z01 or from the .zip", () => {
    const set = { open: "span.zip", members: ["span.z01", "span.z02", "span.zip"] };
    expect(findVolumeSet("span.z02", DIR)).toEqual(set);
    expect(findVolumeSet("span.zip", DIR)).toEqual(set);
  });

  it("opens an old-style RAR set from its .rar", () => {
    expect(findVolumeSet("old.r01", DIR)).toEqual({ open: "old.rar", members: ["old.rar", "old.r00", "old.r01"] });
  });

  it("keeps a single archive, or a volume whose set is incomplete, as a set of itself", () => {
    expect(findVolumeSet("plain.zip", DIR)).toEqual({ open: "plain.zip", members: ["plain.zip"] });
    expect(findVolumeSet("lonely.z01", DIR)).toEqual({ open: "lonely.z01", members: ["lonely.z01"] });
    expect(findVolumeSet("notes.txt", DIR)).toEqual({ open: "notes.txt", members: ["notes.txt"] });
  });

  it("tells volume names from other names", () => {
    expect(["a.7z.002", "a.part2.rar", "a.z01", "a.r00"].every(isVolumeName)).toBe(true);
    expect(["a.7z", "a.zip", "a.rar", "a.mp4", "part1.txt"].some(isVolumeName)).toBe(false);
  });
});

describe("archive base name", () => {
  it("drops volume and archive extensions", () => {
    expect(archiveBaseName("photos.tar.gz")).toBe("photos");
    expect(archiveBaseName("photos.tgz")).toBe("photos");
    expect(archiveBaseName("set.7z.003")).toBe("set");
    expect(archiveBaseName("show.part2.rar")).toBe("show");
    expect(archiveBaseName("span.z01")).toBe("span");
    expect(archiveBaseName("my.report.v2.zip")).toBe("my.report.v2");
    expect(archiveBaseName("odd.tar.gz.7z")).toBe("odd");
  });

  it("never returns an empty name", () => {
    expect(archiveBaseName(".zip")).toBe(".zip");
    expect(archiveBaseName("README")).toBe("README");
  });
});
