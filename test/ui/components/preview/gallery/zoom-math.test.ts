import { describe, expect, it } from "bun:test";
import {
  clampPan,
  clampScale,
  FITTED,
  zoomAbout,
  zoomTransform,
} from "../../../../../src/ui/components/preview/gallery/zoom-math";

describe("gallery zoom arithmetic", () => {
  it("keeps the scale between fitted and four times", () => {
    expect(clampScale(0.2)).toBe(1);
    expect(clampScale(9)).toBe(4);
    expect(clampScale(Number.NaN)).toBe(1);
  });

  it("zooms about a point so that the point stays where it is", () => {
    const z = zoomAbout(FITTED, 2, 100, -50);
    // The image point under (100, -50) was (100, -50) at scale 1; it is drawn at x + 2 * 100 = 100 again.
    expect(z).toEqual({ scale: 2, x: -100, y: 50 });
    expect(z.x + 2 * 100).toBe(100);
    const back = zoomAbout(z, 1, 100, -50);
    expect(back).toEqual({ scale: 1, x: 0, y: 0 });
  });

  it("limits the pan to the image's edges and centres an axis the view holds whole", () => {
    // 400 x 200 image at 2x in a 600 x 600 view: 800 wide (100 px to spare each side), 400 high (fits).
    expect(clampPan({ scale: 2, x: 500, y: 90 }, { w: 400, h: 200 }, { w: 600, h: 600 })).toEqual({
      scale: 2,
      x: 100,
      y: 0,
    });
    expect(clampPan({ scale: 2, x: -500, y: 0 }, { w: 400, h: 200 }, { w: 600, h: 600 }).x).toBe(-100);
    expect(clampPan({ scale: 1, x: 30, y: 30 }, { w: 400, h: 200 }, { w: 600, h: 600 })).toEqual(FITTED);
  });

  it("writes no transform for the fitted image", () => {
    expect(zoomTransform(FITTED)).toBe("");
    expect(zoomTransform({ scale: 2, x: -10, y: 5 })).toBe("translate(-10px, 5px) scale(2)");
  });
});
