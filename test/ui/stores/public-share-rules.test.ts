import { describe, expect, it } from "bun:test";
import {
  clampZoom,
  foldersFirst,
  itemSubPath,
  neighbourImage,
  parseShareRoute,
  previewKind,
  shareCrumbs,
  shareRoute,
  swipeDirection,
} from "../../../src/ui/stores/public-share-rules";
import type { Resource } from "../../../src/shared/wire/resource";

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
    const items = [
      { n: "b.txt", isDir: false },
      { n: "z", isDir: true },
      { n: "a.txt", isDir: false },
      { n: "c", isDir: true },
    ];
    expect(foldersFirst(items).map((i) => i.n)).toEqual(["z", "c", "b.txt", "a.txt"]);
  });
});

describe("preview kinds", () => {
  it("shows images, video, audio and PDF inline, markdown rendered and text up to 5 MiB, and offers a download for the rest", () => {
    expect(previewKind({ name: "a.jpg", type: "image", size: 10, isDir: false })).toBe("image");
    expect(previewKind({ name: "a.mkv", type: "video", size: 10, isDir: false })).toBe("video");
    expect(previewKind({ name: "a.mp3", type: "audio", size: 10, isDir: false })).toBe("audio");
    expect(previewKind({ name: "a.txt", type: "text", size: 5 * 1024 * 1024, isDir: false })).toBe("text");
    expect(previewKind({ name: "a.txt", type: "textImmutable", size: 10, isDir: false })).toBe("text");
    expect(previewKind({ name: "a.txt", type: "text", size: 5 * 1024 * 1024 + 1, isDir: false })).toBe("download");
    expect(previewKind({ name: "a.bin", type: "blob", size: 10, isDir: false })).toBe("download");
    expect(previewKind({ name: "a.PDF", type: "document", size: 10, isDir: false })).toBe("pdf");
    expect(previewKind({ name: "Notes.md", type: "text", size: 10, isDir: false })).toBe("markdown");
    expect(previewKind({ name: "big.markdown", type: "text", size: 5 * 1024 * 1024, isDir: false })).toBe("download");
    expect(previewKind({ name: "a.docx", type: "document", size: 10, isDir: false })).toBe("download");
  });
});

describe("the folder's photo viewer", () => {
  const items: Pick<Resource, "path" | "isDir" | "type">[] = [
    { path: "/b.jpg", isDir: false, type: "image" },
    { path: "/sub", isDir: true, type: "blob" },
    { path: "/notes.txt", isDir: false, type: "text" },
    { path: "/c.png", isDir: false, type: "image" },
  ];

  it("steps between the images only, in the listing's order, and stops at both ends", () => {
    expect(neighbourImage(items, "/b.jpg", 1)?.path).toBe("/c.png");
    expect(neighbourImage(items, "/c.png", -1)?.path).toBe("/b.jpg");
    expect(neighbourImage(items, "/c.png", 1)).toBeNull();
    expect(neighbourImage(items, "/b.jpg", -1)).toBeNull();
    expect(neighbourImage(items, "/notes.txt", 1)).toBeNull();
  });

  it("reads a sideways swipe of 50 px or more as a step, and keeps zoom within 1 to 8", () => {
    expect(swipeDirection(-80, 10)).toBe(1);
    expect(swipeDirection(80, -10)).toBe(-1);
    expect(swipeDirection(30, 0)).toBe(0);
    expect(swipeDirection(60, 90)).toBe(0);
    expect([clampZoom(0.5), clampZoom(1.005), clampZoom(3), clampZoom(100)]).toEqual([1, 1, 3, 8]);
  });
});
