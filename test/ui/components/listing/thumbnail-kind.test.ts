import { describe, expect, it } from "bun:test";
import { thumbnailKind } from "../../../../src/ui/components/listing/thumbnail-kind";

const on = { thumbnailEnabled: true, thumbnailVideo: true };

describe('thumbnailKind (docs/product.md "Listing": thumbnails when enabled)', () => {
  it("gives images and video posters a thumbnail when both switches are on", () => {
    expect(thumbnailKind({ type: "image", isDir: false }, on)).toBe("image");
    expect(thumbnailKind({ type: "video", isDir: false }, on)).toBe("video");
    expect(thumbnailKind({ type: "audio", isDir: false }, on)).toBeNull();
    expect(thumbnailKind({ type: "image", isDir: true }, on)).toBeNull();
  });
  it("shows icons only when thumbnails are off, and video icons when video thumbnails are off", () => {
    expect(
      thumbnailKind({ type: "image", isDir: false }, { thumbnailEnabled: false, thumbnailVideo: true }),
    ).toBeNull();
    expect(
      thumbnailKind({ type: "video", isDir: false }, { thumbnailEnabled: false, thumbnailVideo: true }),
    ).toBeNull();
    expect(
      thumbnailKind({ type: "video", isDir: false }, { thumbnailEnabled: true, thumbnailVideo: false }),
    ).toBeNull();
    expect(thumbnailKind({ type: "image", isDir: false }, { thumbnailEnabled: true, thumbnailVideo: false })).toBe(
      "image",
    );
  });
});
