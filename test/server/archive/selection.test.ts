import { describe, expect, it } from "bun:test";
import {
  archiveBase,
  archiveFileName,
  entryName,
  parseFilesParam,
  topLevelPaths,
  withoutDotNamesBelow,
} from "../../../src/server/archive/selection";
import { parseArchiveFormat } from "../../../src/server/archive/formats";

describe("archive selection rules", () => {
  it("leaves out names starting with a dot below a share's folder, and keeps the rules' refusals", () => {
    const keep = withoutDotNamesBelow((p) => p !== "/pub/denied.txt", "/pub/");
    expect(["/pub", "/pub/a.txt", "/pub/sub/b.txt", "/pub/a.b/c"].every(keep)).toBe(true);
    expect(["/pub/.env", "/pub/.git/config", "/pub/sub/.hidden", "/pub/denied.txt"].some(keep)).toBe(false);
    // A folder shared under a dot name is the share itself: what is in it stays.
    expect(withoutDotNamesBelow(() => true, "/.config")("/.config/app.json")).toBe(true);
  });

  it("splits files= on commas and decodes each part, so names may hold encoded commas", () => {
    expect(parseFilesParam("/a%20b.txt,/c%2Cd,e")).toEqual(["/a b.txt", "/c,d", "/e"]);
    expect(parseFilesParam("%2Fdocs%2Fx.txt,,")).toEqual(["/docs/x.txt"]);
    expect(() => parseFilesParam("/a,/../etc")).toThrow();
    expect(() => parseFilesParam("/%E0%A4%A")).toThrow();
  });

  it("drops duplicates and paths inside another selected folder", () => {
    expect(topLevelPaths(["/c", "/a/b", "/a", "/c", "/ab"])).toEqual(["/a", "/ab", "/c"]);
    expect(topLevelPaths(["/", "/x"])).toEqual(["/"]);
  });

  it("names entries relative to the common parent, so a selected folder keeps its own name", () => {
    expect(archiveBase(["/docs"])).toBe("/");
    expect(archiveBase(["/a/b/x.txt", "/a/b/y"])).toBe("/a/b");
    expect(archiveBase(["/a/x.txt", "/b/y.txt"])).toBe("/");
    expect(archiveBase(["/"])).toBe("/");
    expect(entryName("/", "/docs/a.txt")).toBe("docs/a.txt");
    expect(entryName("/a/b", "/a/b/y/z")).toBe("y/z");
    expect(entryName("/", "/")).toBe("");
  });

  it("names the download after the one selected item, else download.<ext>", () => {
    expect(archiveFileName(["/photos/trip"], "tar.gz")).toBe("trip.tar.gz");
    expect(archiveFileName(["/a", "/b"], "zip")).toBe("download.zip");
    expect(archiveFileName(["/"], "zip")).toBe("download.zip");
  });

  it("accepts the seven formats of the download dialog and refuses others", () => {
    for (const f of ["zip", "tar", "tar.gz", "tar.bz2", "tar.xz", "tar.lz4", "tar.sz"])
      expect(parseArchiveFormat(f).format).toBe(f as never);
    expect(parseArchiveFormat("TGZ").format).toBe("tar.gz");
    expect(parseArchiveFormat("tar.xz").tool).toBe("xz");
    expect(() => parseArchiveFormat("rar")).toThrow(
      "400 Bad Request (algo must be one of zip, tar, tar.gz, tar.bz2, tar.xz, tar.lz4, tar.sz)",
    );
  });
});
