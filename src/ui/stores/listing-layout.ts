/**
 * @module Pure listing layout: mosaic columns and card width (docs/product.md "Listing", "Sizes and paging"), thumbnail
 * widths.
 */

/**
 * Mosaic cards are at least this wide: the column count is the container width divided by it (docs/product.md
 * "Listing", "Sizes and paging").
 */
const MOSAIC_MIN_WIDTH = 300;
/** The mosaic keeps at least this many columns, so a phone shows two cards per row (UI choice). */
export const MOSAIC_MIN_COLUMNS = 2;
/** Gap between mosaic cards, px (listing-views.css `.mosaic .section-items` gap). */
export const MOSAIC_GAP_PX = 12;
/**
 * Thumbnail widths the listing asks for: the box width times devicePixelRatio, rounded up to one of these so the
 * server's thumbnail cache is shared between cards and screens (the server accepts up to THUMB_MAX_WIDTH 2048).
 */
const THUMB_WIDTH_BUCKETS = [128, 256, 384, 512, 768, 1024] as const;

/** Columns of the mosaic view: the container width divided by 300, rounded down, and at least two (phones). */
export function mosaicColumns(containerWidth: number): number {
  if (!Number.isFinite(containerWidth) || containerWidth <= 0) return MOSAIC_MIN_COLUMNS;
  return Math.max(MOSAIC_MIN_COLUMNS, Math.floor(containerWidth / MOSAIC_MIN_WIDTH));
}

/** Width of one mosaic card in CSS px: the container shared by `columns` cards with MOSAIC_GAP_PX between them. */
export function mosaicCardWidth(containerWidth: number, columns: number): number {
  if (!Number.isFinite(containerWidth) || containerWidth <= 0 || columns < 1) return 0;
  return Math.max(0, (containerWidth - MOSAIC_GAP_PX * (columns - 1)) / columns);
}

/**
 * Thumbnail width to request for a box `cssWidth` CSS px wide on a screen with `pixelRatio` device pixels per
 * CSS px: the device-pixel width rounded up to the next THUMB_WIDTH_BUCKETS step (the largest one at most),
 * so thumbnails are sharp on HiDPI screens and a handful of sizes keep the cache useful.
 */
export function thumbnailWidth(cssWidth: number, pixelRatio: number): number {
  const ratio = Number.isFinite(pixelRatio) && pixelRatio > 0 ? pixelRatio : 1;
  const wanted = Number.isFinite(cssWidth) && cssWidth > 0 ? Math.ceil(cssWidth * ratio) : 0;
  return THUMB_WIDTH_BUCKETS.find((b) => b >= wanted) ?? THUMB_WIDTH_BUCKETS[THUMB_WIDTH_BUCKETS.length - 1];
}
