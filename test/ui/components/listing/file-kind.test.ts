import { describe, expect, it } from "bun:test";
import { EXTENSION_KINDS, extensionOf, fileKind } from "../../../../src/ui/components/listing/file-kind";

describe("file kind of a listing item", () => {
  it("is folder for a folder whatever its name", () => {
    expect(fileKind(true, "", "photos.zip")).toBe("folder");
  });

  it("tells the families of common extensions apart", () => {
    const cases: Array<[string, string]> = [
      ["app.ts", "code"],
      ["main.py", "code"],
      ["lib.rs", "code"],
      ["Main.java", "code"],
      ["index.html", "code"],
      ["site.css", "code"],
      ["build.sh", "script"],
      ["config.json", "data"],
      ["ci.yaml", "data"],
      ["pom.xml", "data"],
      ["dump.sql", "database"],
      ["backup.zip", "archive"],
      ["a.7z", "archive"],
      ["b.rar", "archive"],
      ["c.tar", "archive"],
      ["d.gz", "archive"],
      ["e.xz", "archive"],
      ["f.bz2", "archive"],
      ["g.zst", "archive"],
      ["guide.pdf", "pdf"],
      ["letter.docx", "document"],
      ["letter.odt", "document"],
      ["letter.rtf", "document"],
      ["README.md", "text"],
      ["notes.txt", "text"],
      ["sheet.xlsx", "spreadsheet"],
      ["sheet.ods", "spreadsheet"],
      ["data.csv", "spreadsheet"],
      ["talk.pptx", "presentation"],
      ["talk.odp", "presentation"],
      ["font.ttf", "font"],
      ["font.woff2", "font"],
      ["movie.srt", "subtitle"],
      ["movie.vtt", "subtitle"],
      ["movie.ass", "subtitle"],
      ["movie.ssa", "subtitle"],
      ["movie.sub", "subtitle"],
      ["linux.torrent", "torrent"],
      ["debian.iso", "diskImage"],
      ["disk.img", "diskImage"],
      ["mac.dmg", "diskImage"],
      ["vm.vhd", "diskImage"],
      ["vm.qcow2", "diskImage"],
      ["setup.exe", "executable"],
      ["tool.AppImage", "executable"],
      ["setup.msi", "package"],
      ["pkg.deb", "package"],
      ["pkg.rpm", "package"],
      ["app.apk", "package"],
    ];
    for (const [name, kind] of cases) expect([name, fileKind(false, "blob", name)]).toEqual([name, kind]);
  });

  it("reads the extension case-insensitively, and only after the last dot", () => {
    expect(fileKind(false, "", "ARCHIVE.TAR.GZ")).toBe("archive");
    expect(fileKind(false, "", "photo.backup.PY")).toBe("code");
    expect(extensionOf("Photo.JPG")).toBe("jpg");
  });

  it("falls back on the server's type when the extension is unknown, and on blob when nothing is known", () => {
    expect(fileKind(false, "image", "scan.heic")).toBe("image");
    expect(fileKind(false, "video", "clip.mp4")).toBe("video");
    expect(fileKind(false, "audio", "song.flac")).toBe("audio");
    expect(fileKind(false, "textImmutable", "LICENSE")).toBe("text");
    expect(fileKind(false, "blob", "data.bin")).toBe("blob");
    expect(fileKind(false, "", ".hidden")).toBe("blob");
  });

  it("keys the table by lower-case extensions without the dot", () => {
    const bad = [...EXTENSION_KINDS.keys()].filter((e) => e !== e.toLowerCase() || e.startsWith(".") || e === "");
    expect(bad).toEqual([]);
  });
});
