/**
 * @module Images turned upright from the preview (docs/product.md "Image gallery": after image processing the image
 * refreshes): a version per path that the image URLs carry, because the server answers the same URL with the new bytes.
 */
import { proxy, useSnapshot } from "valtio";
import { processImage } from "../api/media";

const state = proxy<{ versions: Record<string, number> }>({ versions: {} });

/**
 * Turns the JPEG at `path` upright (PATCH ?action=imageProcess), then counts a new version of it so that every
 * URL of that image changes. @throws ApiError from the server (403 without the rename permission).
 */
export async function processPreviewImage(path: string): Promise<void> {
  await processImage(path);
  state.versions[path] = (state.versions[path] ?? 0) + 1;
}

/** The versions of the images processed since the page loaded, by path (absent: never processed). */
export function useImageVersions(): Readonly<Record<string, number>> {
  return useSnapshot(state).versions;
}

/** `url` with the version of its image, so a processed image is fetched again (`v` is ignored by the server). */
export function versionedUrl(url: string, version: number | undefined): string {
  return version ? `${url}&v=${version}` : url;
}
