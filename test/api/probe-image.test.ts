import { beforeAll, describe, expect, it } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { serverInProcess } from "../support/server-per-file";
import { call } from "../support/factories";
import { orientedJpeg } from "../support/oriented-jpeg";

const ctx = serverInProcess();

/** A 64 x 48 JPEG whose EXIF block sharp writes with the tags of a camera photo taken in Tokyo. */
function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#3080c0" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Canon", Model: "Canon EOS R6", DateTime: "2023:08:15 14:30:05" },
      IFD2: {
        DateTimeOriginal: "2023:08:15 14:30:00",
        ExposureTime: "1/250",
        FNumber: "28/10",
        ISOSpeedRatings: "400",
        FocalLength: "50/1",
        LensModel: "RF50mm F1.8 STM",
      },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "35/1 39/1 2952/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "139/1 42/1 1260/100",
      },
    })
    .toBuffer();
}

beforeAll(async () => {
  const root = ctx.server.root;
  writeFileSync(join(root, "camera.jpg"), await cameraJpeg());
  writeFileSync(
    join(root, "plain.png"),
    await sharp({ create: { width: 30, height: 20, channels: 4, background: "#ff000080" } })
      .png()
      .toBuffer(),
  );
  // Stored 40 x 20 with orientation 6: shown 20 x 40.
  writeFileSync(join(root, "sideways.jpg"), await orientedJpeg(40, 20, 6));
  writeFileSync(join(root, "broken.jpg"), "not a picture at all");
});

type Json = Record<string, any>;
async function probe(path: string, token = ctx.admin): Promise<{ status: number; body: Json }> {
  const res = await call(ctx.server, token, "GET", `/resources${path}?probe=yes`);
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as Json) : { text: await res.text() } };
}

describe("GET ?probe=yes on a picture", () => {
  it("answers the dimensions, the type and the main EXIF fields with the GPS position in degrees", async () => {
    const { status, body } = await probe("/camera.jpg");
    expect(status).toBe(200);
    expect(body.name).toBe("camera.jpg");
    expect(body.metainfo).toBeUndefined();
    const i = body.imageinfo;
    expect(i).toMatchObject({
      width: 64,
      height: 48,
      format: "jpeg",
      make: "Canon",
      model: "Canon EOS R6",
      lens: "RF50mm F1.8 STM",
      taken: "2023-08-15 14:30:00",
      exposureTime: 0.004,
      fNumber: 2.8,
      iso: 400,
      focalLength: 50,
    });
    expect(i.gps.latitude).toBeCloseTo(35 + 39 / 60 + 29.52 / 3600, 6);
    expect(i.gps.longitude).toBeCloseTo(-(139 + 42 / 60 + 12.6 / 3600), 6);
  });

  it("answers a picture without EXIF with its dimensions and type only", async () => {
    const { body } = await probe("/plain.png");
    expect(body.imageinfo).toEqual({ width: 30, height: 20, format: "png" });
  });

  it("gives the dimensions as shown, after the EXIF orientation", async () => {
    const { body } = await probe("/sideways.jpg");
    expect(body.imageinfo).toMatchObject({ width: 20, height: 40, format: "jpeg" });
  });

  it("answers the plain resource for a file named .jpg that is no picture", async () => {
    const { status, body } = await probe("/broken.jpg");
    expect(status).toBe(200);
    expect(body.name).toBe("broken.jpg");
    expect(body.imageinfo).toBeUndefined();
  });
});
