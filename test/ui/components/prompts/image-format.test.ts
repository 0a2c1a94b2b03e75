import { describe, expect, it } from "bun:test";
import {
  formatAperture,
  formatCamera,
  formatDimensions,
  formatExposure,
  formatFocalLength,
  formatPosition,
  mapUrl,
} from "../../../../src/ui/components/prompts/info/image-format";

describe("photo info formatting", () => {
  it("names the camera once when the model already carries the make", () => {
    expect(formatCamera("Canon", "Canon EOS R6")).toBe("Canon EOS R6");
    expect(formatCamera("NIKON CORPORATION", "NIKON D750")).toBe("NIKON D750");
    expect(formatCamera("Apple", "iPhone 13")).toBe("Apple iPhone 13");
    expect(formatCamera("Sony", undefined)).toBe("Sony");
  });

  it("writes exposure, aperture and focal length as photographers do", () => {
    expect(formatExposure(0.004)).toBe("1/250 s");
    expect(formatExposure(2.5)).toBe("2.5 s");
    expect(formatExposure(undefined)).toBe("");
    expect(formatAperture(2.8)).toBe("f/2.8");
    expect(formatFocalLength(50, undefined)).toBe("50 mm");
    expect(formatFocalLength(4.25, 26)).toBe("4.3 mm (26 mm)");
    expect(formatDimensions({ width: 4000, height: 3000 })).toBe("4000 × 3000 px");
  });

  it("writes the position with its hemispheres and links to the map there", () => {
    const gps = { latitude: -33.85678, longitude: 151.21529 };
    expect(formatPosition(gps)).toBe("33.85678° S, 151.21529° E");
    expect(mapUrl(gps)).toBe("https://www.openstreetmap.org/?mlat=-33.85678&mlon=151.21529#map=16/-33.85678/151.21529");
  });
});
