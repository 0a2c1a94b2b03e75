/** @module Pure listing layout: mosaic columns (SPEC §2 Listing, §9 mosaic item width 300 px). */
import { MOSAIC_MIN_WIDTH } from "../constants";

/** Columns of the mosaic view: the container width divided by 300, rounded down, and at least one. */
export function mosaicColumns(containerWidth: number): number {
  if (!Number.isFinite(containerWidth) || containerWidth <= 0) return 1;
  return Math.max(1, Math.floor(containerWidth / MOSAIC_MIN_WIDTH));
}
