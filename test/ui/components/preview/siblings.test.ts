import { describe, expect, it } from "bun:test";
import {
  neighbours,
  relatedVideo,
  routedNeighbours,
  sameTypeSiblings,
  withoutDeleted,
} from "../../../../src/ui/components/preview/siblings";

const f = (path: string, type: string, isDir = false) => ({ path, type, isDir });
const items = [
  f("/d/", "", true),
  f("/a.jpg", "image"),
  f("/b.txt", "text"),
  f("/c.png", "image"),
  f("/d.md", "textImmutable"),
  f("/e.gif", "image"),
];

describe('preview neighbours (docs/product.md "Preview": same-type siblings)', () => {
  it("moves among images only", () => {
    expect(neighbours(items, "/c.png")).toEqual({ prev: items[1], next: items[5], position: 2, count: 3 });
  });

  it("has no previous for the first and no next for the last", () => {
    expect(neighbours(items, "/a.jpg").prev).toBeNull();
    expect(neighbours(items, "/e.gif").next).toBeNull();
  });

  it("treats text and read-only text as one type", () => {
    expect(neighbours(items, "/b.txt").next?.path).toBe("/d.md");
  });

  it("gives nothing for a file that is not listed", () => {
    expect(neighbours(items, "/zzz.jpg")).toEqual({ prev: null, next: null, position: 0, count: 0 });
  });

  it("moves on from the routed file while it loads, and from the shown one when the route is elsewhere", () => {
    expect(routedNeighbours(items, "/a.jpg", "/c.png").next?.path).toBe("/e.gif");
    expect(routedNeighbours(items, "/c.png", "/c.png").prev?.path).toBe("/a.jpg");
    expect(routedNeighbours(items, "/c.png", "/other/x.png").next?.path).toBe("/e.gif");
    expect(routedNeighbours(items, "/c.png", null).position).toBe(2);
  });
});

describe("related files of a preview", () => {
  const n = (name: string, type = "image") => ({ path: `/v/${name}`, name, type, isDir: false });
  const folder = [
    n("clip.mp4", "video"),
    n("clip.mp4._vthumb_.png"),
    n("clip.mp4._vthumb_.jpg"),
    n("gone.mkv._vthumb_.png"),
    n("x.png"),
  ];

  it('finds the video of a video thumbnail in the same folder (docs/product.md "Preview bar")', () => {
    expect(relatedVideo(folder, "clip.mp4._vthumb_.png")?.path).toBe("/v/clip.mp4");
    expect(relatedVideo(folder, "clip.mp4._vthumb_.jpg")?.path).toBe("/v/clip.mp4");
  });

  it("finds nothing for other images or when the video is not in the folder", () => {
    expect(relatedVideo(folder, "x.png")).toBeNull();
    expect(relatedVideo(folder, "gone.mkv._vthumb_.png")).toBeNull();
    expect(relatedVideo(folder, "clip.mp4._vthumb_3.png")).toBeNull();
  });

  it("skips what the preview deleted, except the file on screen", () => {
    const all = [n("a.png"), n("b.png"), n("c.png")];
    expect(withoutDeleted(all, ["/v/a.png", "/v/b.png"], "/v/b.png").map((i) => i.name)).toEqual(["b.png", "c.png"]);
  });

  it("lists the same-type siblings in order, or none for a file that is not listed", () => {
    expect(sameTypeSiblings(items, "/c.png").map((i) => i.path)).toEqual(["/a.jpg", "/c.png", "/e.gif"]);
    expect(sameTypeSiblings(items, "/zzz.png")).toEqual([]);
  });
});
