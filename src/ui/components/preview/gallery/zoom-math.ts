/**
 * @module The arithmetic of zooming the gallery's image (docs/product.md "Image gallery": image zoom and pan). The
 * image is drawn centred in its slide with `translate(x, y) scale(scale)` about its own centre; every point here is in
 * CSS pixels relative to that centre. Pure.
 */

/** How far pinch or double tap zooms into a gallery image (UI choice). */
export const GALLERY_MAX_ZOOM = 4;

/** How the image is zoomed: 1 and no offset is the fitted image. */
export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

/** The fitted image. */
export const FITTED: Zoom = { scale: 1, x: 0, y: 0 };

/** The scale kept between fitted (1) and GALLERY_MAX_ZOOM. */
export function clampScale(scale: number): number {
  return Math.min(GALLERY_MAX_ZOOM, Math.max(1, Number.isFinite(scale) ? scale : 1));
}

/** `z` zoomed to `scale` (clamped) so that the point (`px`, `py`) stays where it is on screen. */
export function zoomAbout(z: Zoom, scale: number, px: number, py: number): Zoom {
  const s = clampScale(scale);
  const k = s / z.scale;
  return { scale: s, x: px - k * (px - z.x), y: py - k * (py - z.y) };
}

/**
 * `z` with its offset limited so that an image larger than the view (`view`, px) never shows a gap beyond its edges,
 * and one smaller than the view stays centred on that axis. Fitted at scale 1.
 */
export function clampPan(z: Zoom, image: { w: number; h: number }, view: { w: number; h: number }): Zoom {
  if (z.scale <= 1) return FITTED;
  const limit = (offset: number, size: number, room: number) => {
    const max = Math.max(0, (size * z.scale - room) / 2);
    return Math.min(max, Math.max(-max, offset));
  };
  return { scale: z.scale, x: limit(z.x, image.w, view.w), y: limit(z.y, image.h, view.h) };
}

/** The CSS transform of `z` ("" when fitted). */
export function zoomTransform(z: Zoom): string {
  return z.scale === 1 ? "" : `translate(${z.x}px, ${z.y}px) scale(${z.scale})`;
}
