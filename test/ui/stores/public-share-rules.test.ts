import { describe, expect, it } from "bun:test";
import { foldersFirst, itemSubPath, parseShareRoute, previewKind, shareCrumbs, shareRoute } from "../../../src/ui/stores/public-share-rules";

describe("share routes", () => {
  it("reads the hash and the decoded path inside the share from the raw pathname, below the base URL", () => {
    expect(parseShareRoute("/share/h1", "")).toEqual({ hash: "h1", sub: "/" });
    expect(parseShareRoute("/share/h1/", "")).toEqual({ hash: "h1", sub: "/" });
    expect(parseShareRoute("/app/share/h1/a%20b/%231/", "/app")).toEqual({ hash: "h1", sub: "/a b/#1/" });
    expect(parseShareRoute("/files/x", "")).toEqual({ hash: "", sub: "/" });
  });

  it("builds the route of a path inside a share, encoding each segment", () => {
    expect(shareRoute("h1")).toBe("/share/h1");
    expect(shareRoute("h1", "/")).toBe("/share/h1");
    expect(shareRoute("h1", "/a b/#1/")).toBe("/share/h1/a%20b/%231/");
  });

  it("round-trips a route through parse", () => {
    const sub = "/dir with %/and ? marks/";
    expect(parseShareRoute(shareRoute("h1", sub), "")).toEqual({ hash: "h1", sub });
  });
});

describe("inside a shared folder", () => {
  it("gives crumbs below the share's top, folding long paths into '...'", () => {
    expect(shareCrumbs("/")).toEqual([]);
    expect(shareCrumbs("/trip/day")).toEqual([
      { name: "trip", path: "/trip/" },
      { name: "day", path: "/trip/day/" },
    ]);
    expect(shareCrumbs("/a/b/c/d/").map((c) => c.name)).toEqual(["...", "b", "c", "d"]);
  });

  it("gives folders a trailing slash so their route opens a listing", () => {
    expect(itemSubPath({ path: "/trip", isDir: true })).toBe("/trip/");
    expect(itemSubPath({ path: "/trip/", isDir: true })).toBe("/trip/");
    expect(itemSubPath({ path: "/a.txt", isDir: false })).toBe("/a.txt");
    expect(itemSubPath({ path: "a.txt", isDir: false })).toBe("/a.txt");
  });

  it("lists folders first, keeping the server's order inside each group", () => {
    const items = [{ n: "b.txt", isDir: false }, { n: "z", isDir: true }, { n: "a.txt", isDir: false }, { n: "c", isDir: true }];
    expect(foldersFirst(items).map((i) => i.n)).toEqual(["z", "c", "b.txt", "a.txt"]);
  });
});

describe("preview kinds", () => {
  it("shows images, video and audio inline, text up to 5 MiB, and offers a download for the rest", () => {
    expect(previewKind({ type: "image", size: 10, isDir: false })).toBe("image");
    expect(previewKind({ type: "video", size: 10, isDir: false })).toBe("video");
    expect(previewKind({ type: "audio", size: 10, isDir: false })).toBe("audio");
    expect(previewKind({ type: "text", size: 5 * 1024 * 1024, isDir: false })).toBe("text");
    expect(previewKind({ type: "textImmutable", size: 10, isDir: false })).toBe("text");
    expect(previewKind({ type: "text", size: 5 * 1024 * 1024 + 1, isDir: false })).toBe("download");
    expect(previewKind({ type: "blob", size: 10, isDir: false })).toBe("download");
    expect(previewKind({ type: "document", size: 10, isDir: false })).toBe("download");
  });
});
