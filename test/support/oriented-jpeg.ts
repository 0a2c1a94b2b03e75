/**
 * @module Test JPEGs with an EXIF Orientation tag, made by sharp: the stored picture is blue with a red top-left
 * quarter, so where the red corner ends up tells which way a picture was turned.
 */
import { createRequire } from "node:module";

// createRequire: the browser tests load this module as ES module, where `require` is not defined.
const sharp: typeof import("sharp").default = createRequire(import.meta.url)("sharp");

/** RGB of the stored picture's top-left quarter and of the rest. */
export const RED = [255, 0, 0] as const;
export const BLUE = [0, 0, 255] as const;

/** A `width` x `height` JPEG (stored pixels) whose EXIF Orientation is `orientation` (1-8). */
export async function orientedJpeg(width: number, height: number, orientation: number): Promise<Buffer> {
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) px.set(x < width / 2 && y < height / 2 ? RED : BLUE, (y * width + x) * 3);
  }
  return sharp(px, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation })
    .toBuffer();
}

/**
 * A `width` x `height` JPEG of seeded pseudo-random noise at quality 90 with EXIF Orientation `orientation`: any
 * re-encode of it changes many pixels by a lot, so it tells a lossless turn from a re-encoded one.
 */
export async function noisyJpeg(width: number, height: number, orientation: number): Promise<Buffer> {
  const px = Buffer.alloc(width * height * 3);
  let seed = 1;
  // Park-Miller style LCG (glibc rand constants): the same noise on every run.
  for (let i = 0; i < px.length; i++) px[i] = (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >>> 23;
  return sharp(px, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation })
    .toBuffer();
}

/** Stored pixels (orientation ignored) of a JPEG turned `angle` degrees clockwise, as raw RGB, decoded once. */
export async function turnedPixels(input: Buffer | string, angle: number): Promise<Buffer> {
  const { data, info } = await sharp(input).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .rotate(angle)
    .raw()
    .toBuffer();
}

/** Width, height and EXIF orientation (1 when the tag is missing) of an image, as sharp reads them. */
export async function imageFacts(
  input: Buffer | string,
): Promise<{ width: number; height: number; orientation: number }> {
  const m = await sharp(input).metadata();
  return { width: m.width!, height: m.height!, orientation: m.orientation ?? 1 };
}

/** Which corner of the decoded picture (stored pixels, orientation ignored) is red: "tl", "tr", "bl" or "br". */
export async function redCorner(input: Buffer | string): Promise<string> {
  const { data, info } = await sharp(input).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => data[(y * info.width + x) * info.channels]!;
  const corners: Record<string, number> = {
    tl: at(2, 2),
    tr: at(info.width - 3, 2),
    bl: at(2, info.height - 3),
    br: at(info.width - 3, info.height - 3),
  };
  const red = Object.entries(corners)
    .filter(([, r]) => r > 200)
    .map(([k]) => k);
  if (red.length !== 1) throw new Error(`expected one red corner, found ${red.join(",") || "none"}`);
  return red[0]!;
}
