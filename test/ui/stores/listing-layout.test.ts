import { describe, expect, it } from "bun:test";
import { mosaicCardWidth, mosaicColumns, thumbnailWidth } from "../../../src/ui/stores/listing-layout";

describe("mosaic columns", () => {
  it("is the container width divided by 300, rounded down", () => {
    expect(mosaicColumns(976)).toBe(3);
    expect(mosaicColumns(1200)).toBe(4);
    expect(mosaicColumns(1800)).toBe(6);
  });

  it("keeps two columns on a phone, and for zero or unknown widths", () => {
    expect(mosaicColumns(343)).toBe(2);
    expect(mosaicColumns(599)).toBe(2);
    expect(mosaicColumns(120)).toBe(2);
    expect(mosaicColumns(0)).toBe(2);
    expect(mosaicColumns(Number.NaN)).toBe(2);
  });
});

describe("mosaic card width", () => {
  it("shares the container between the columns minus the 12 px gaps", () => {
    expect(mosaicCardWidth(976, 3)).toBe(317.3333333333333);
    expect(mosaicCardWidth(343, 2)).toBe(165.5);
    expect(mosaicCardWidth(300, 1)).toBe(300);
  });

  it("is zero for a container not laid out yet", () => {
    expect(mosaicCardWidth(0, 3)).toBe(0);
    expect(mosaicCardWidth(Number.NaN, 2)).toBe(0);
  });
});

describe("thumbnail width", () => {
  it("is the device-pixel width rounded up to a cache bucket", () => {
    expect(thumbnailWidth(36, 1)).toBe(128);
    expect(thumbnailWidth(165.5, 1)).toBe(256);
    expect(thumbnailWidth(165.5, 2)).toBe(384);
    expect(thumbnailWidth(317.3, 1)).toBe(384);
    expect(thumbnailWidth(317.3, 2)).toBe(768);
    expect(thumbnailWidth(256, 1)).toBe(256);
  });

  it("stops at the largest bucket and treats unknown sizes as the smallest", () => {
    expect(thumbnailWidth(600, 3)).toBe(1024);
    expect(thumbnailWidth(0, 2)).toBe(128);
    expect(thumbnailWidth(200, Number.NaN)).toBe(256);
  });
});
