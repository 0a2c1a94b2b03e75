import { describe, expect, it } from "bun:test";
import { readOrientation, resetOrientation, swapsDimensions } from "../../../src/server/media/exif-orientation";
import { imageFacts, orientedJpeg } from "../../support/oriented-jpeg";

describe("readOrientation", () => {
  it("reads every orientation sharp writes into a JPEG's Exif block", async () => {
    for (let o = 1; o <= 8; o++) expect(readOrientation(await orientedJpeg(32, 16, o))).toBe(o);
  });

  it("answers 1 for a JPEG without Exif, a PNG, and cut or empty bytes", async () => {
    const sharp = require("sharp");
    const plain: Buffer = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    const png: Buffer = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect(readOrientation(plain)).toBe(1);
    expect(readOrientation(png)).toBe(1);
    expect(readOrientation(new Uint8Array(0))).toBe(1);
    expect(readOrientation((await orientedJpeg(32, 16, 6)).subarray(0, 20))).toBe(1);
  });

  it("reads a big-endian (MM) TIFF header", () => {
    // SOI, APP1 of length 2+6+8+2+12+4, "Exif\0\0", "MM\0*", IFD0 at 8 with one entry 0x0112 SHORT 1 = 8.
    const tiff = [0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0, 0, 0, 0, 0, 0];
    const app1 = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, app1.length + 2, ...app1, 0xff, 0xd9]);
    expect(readOrientation(bytes)).toBe(8);
    expect(readOrientation(resetOrientation(bytes, 8))).toBe(1);
  });
});

describe("resetOrientation", () => {
  it("sets the tag to 1 and changes nothing else of the same length", async () => {
    const jpeg = await orientedJpeg(32, 16, 3);
    const reset = resetOrientation(jpeg, 3);
    expect(reset.length).toBe(jpeg.length);
    expect((await imageFacts(Buffer.from(reset))).orientation).toBe(1);
    const differing = [...reset].map((b, i) => (b === jpeg[i] ? -1 : i)).filter((i) => i >= 0);
    expect(differing).toHaveLength(1);
    expect(jpeg).toEqual(await orientedJpeg(32, 16, 3)); // the input is not changed in place
  });

  it("swaps the Exif pixel dimensions for a quarter turn only", async () => {
    const jpeg = await orientedJpeg(64, 32, 6);
    const half = resetOrientation(jpeg, 3);
    const quarter = resetOrientation(jpeg, 6);
    const differ = (a: Uint8Array) => [...a].filter((b, i) => b !== jpeg[i]).length;
    expect(differ(half)).toBe(1);
    // orientation byte, then 64 <-> 32 in both value fields
    expect(differ(quarter)).toBe(3);
    expect(swapsDimensions(6)).toBe(true);
    expect(swapsDimensions(3)).toBe(false);
  });

  it("leaves a JPEG without the tag as it is", async () => {
    const sharp = require("sharp");
    const plain: Buffer = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    expect(Buffer.from(resetOrientation(plain, 6)).equals(plain)).toBe(true);
  });
});
