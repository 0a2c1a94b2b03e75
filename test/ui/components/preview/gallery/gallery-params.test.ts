import { describe, expect, it } from "bun:test";
import { DEFAULT_SETTINGS } from "../../../../../src/shared/wire/settings";
import {
  extraVirtualSlides,
  mainSwiperOptions,
  thumbPixelWidth,
  thumbsPerView,
} from "../../../../../src/ui/components/preview/gallery/gallery-params";

const defaults = DEFAULT_SETTINGS.slideshow;

describe('gallery options from the Slideshow settings (docs/product.md "Slideshow and video defaults")', () => {
  it("takes speed, autoplay interval and continuous from the settings", () => {
    const o = mainSwiperOptions(defaults);
    expect(o.speed).toBe(400);
    expect(o.rewind).toBe(true);
    expect(o.autoplay).toMatchObject({
      enabled: false,
      delay: 5000,
      stopOnLastSlide: false,
      disableOnInteraction: false,
    });
    const stopping = mainSwiperOptions({ ...defaults, continuous: false, autoplaySlide: true, autoplayInterval: 800 });
    expect(stopping.rewind).toBe(false);
    expect(stopping.autoplay).toMatchObject({ enabled: true, delay: 800, stopOnLastSlide: true });
  });

  it("mounts the slides within preloadRange of the current one (Swiper adds one on each side itself)", () => {
    expect(extraVirtualSlides(2)).toBe(1);
    expect(extraVirtualSlides(5)).toBe(4);
    expect(extraVirtualSlides(1)).toBe(0);
    expect(extraVirtualSlides(0)).toBe(0);
    expect(mainSwiperOptions({ ...defaults, preloadRange: 3 }).virtual).toMatchObject({
      enabled: true,
      addSlidesBefore: 2,
      addSlidesAfter: 2,
    });
  });

  it("shows the dots only when showDotIndicator is set", () => {
    expect(mainSwiperOptions(defaults).pagination).toMatchObject({ enabled: false });
    expect(mainSwiperOptions({ ...defaults, showDotIndicator: true }).pagination).toMatchObject({
      enabled: true,
      dynamicBullets: true,
    });
  });

  it("applies the chosen transition", () => {
    expect(mainSwiperOptions({ ...defaults, transitionEffect: "lg-fade" }).effect).toBe("fade");
    const zoom = mainSwiperOptions({ ...defaults, transitionEffect: "lg-zoom-in" });
    expect(zoom.effect).toBe("creative");
    expect(zoom.creativeEffect?.prev?.scale).toBe(1.3);
  });

  it("fits 100 px thumbnails with their gap into the strip", () => {
    expect(thumbsPerView(1280)).toBe(12);
    expect(thumbsPerView(375)).toBe(3);
    expect(thumbsPerView(50)).toBe(1);
  });

  it("asks for thumbnails 100 px wide times the device pixel ratio", () => {
    expect(thumbPixelWidth(1)).toBe(100);
    expect(thumbPixelWidth(2)).toBe(200);
    expect(thumbPixelWidth(1.5)).toBe(150);
    expect(thumbPixelWidth(0)).toBe(100);
  });
});
