import { describe, expect, it } from "bun:test";
import { mosaicColumns } from "../../../src/ui/stores/listing-layout";

describe("mosaic columns", () => {
  it("is the container width divided by 300, rounded down", () => {
    expect(mosaicColumns(1000)).toBe(3);
    expect(mosaicColumns(1200)).toBe(4);
    expect(mosaicColumns(899)).toBe(2);
  });

  it("is at least one, also for narrow, zero or unknown widths", () => {
    expect(mosaicColumns(343)).toBe(1);
    expect(mosaicColumns(120)).toBe(1);
    expect(mosaicColumns(0)).toBe(1);
    expect(mosaicColumns(Number.NaN)).toBe(1);
  });
});
