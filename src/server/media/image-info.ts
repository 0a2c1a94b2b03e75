/**
 * @module What GET ?probe=yes reads of a picture: its displayed dimensions and
 * format from sharp's header read, and the main EXIF fields (camera, lens, date taken, exposure, aperture, ISO,
 * focal length, GPS position) parsed by `exif-reader` from the EXIF block sharp hands over. The file is opened
 * beneath its scope (fs/beneath.ts) and libvips reads that descriptor; only the header is decoded.
 */
import { closeSync, constants, fstatSync } from "node:fs";
import exifReader from "exif-reader";
import { fdPath, openBeneath } from "../fs/beneath";
import type { ScopedPath } from "../fs/scope";
import type { ImageInfo } from "../../shared/wire/metainfo";
import { loadSharp } from "./thumbnails";

type ExifTags = ReturnType<typeof exifReader>;

/** A finite number, or undefined (EXIF rationals with a zero denominator parse as NaN or Infinity). */
function finite(n: unknown): number | undefined {
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
}

/** Trimmed text without the NUL padding cameras leave, or undefined when empty. */
function text(s: unknown): string | undefined {
  if (typeof s !== "string") return undefined;
  const t = s.replace(/\0+$/, "").trim();
  return t === "" ? undefined : t;
}

/**
 * An EXIF date as written ("YYYY-MM-DD HH:MM:SS", the camera's local time: EXIF stores no zone). exif-reader reads
 * the digits as UTC, so the UTC fields are the written ones.
 */
function exifDate(d: unknown): string | undefined {
  if (!(d instanceof Date) || Number.isNaN(d.getTime())) return undefined;
  return d.toISOString().slice(0, 19).replace("T", " ");
}

/** Degrees from EXIF's [degrees, minutes, seconds] and its N/S or E/W reference; undefined when missing. */
function degrees(dms: unknown, ref: unknown): number | undefined {
  if (!Array.isArray(dms) || dms.length !== 3) return undefined;
  const [d, m, s] = dms.map(finite);
  if (d === undefined || m === undefined || s === undefined) return undefined;
  const value = d + m / 60 + s / 3600;
  return ref === "S" || ref === "W" ? -value : value;
}

/** The GPS position of the EXIF GPS IFD, or undefined without both coordinates. */
function gpsOf(g: ExifTags["GPSInfo"]): ImageInfo["gps"] {
  if (!g) return undefined;
  const latitude = degrees(g.GPSLatitude, g.GPSLatitudeRef);
  const longitude = degrees(g.GPSLongitude, g.GPSLongitudeRef);
  if (latitude === undefined || longitude === undefined || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    return undefined;
  const alt = finite(g.GPSAltitude);
  // GPSAltitudeRef 1: below sea level (Exif 2.32, tag 0x0005).
  const altitude = alt === undefined ? undefined : g.GPSAltitudeRef === 1 ? -alt : alt;
  return { latitude, longitude, ...(altitude === undefined ? {} : { altitude }) };
}

/** The main EXIF fields of `block` (sharp's `exif` buffer, "Exif\0\0" then TIFF); {} when it does not parse. */
export function exifFields(block: Buffer): Partial<ImageInfo> {
  let tags: ExifTags;
  try {
    tags = exifReader(block);
  } catch {
    return {};
  }
  const image = tags.Image ?? {};
  const photo = tags.Photo ?? {};
  const fields: Partial<ImageInfo> = {
    make: text(image.Make),
    model: text(image.Model),
    lens: text(photo.LensModel) ?? text(photo.LensMake),
    taken: exifDate(photo.DateTimeOriginal) ?? exifDate(image.DateTime),
    exposureTime: finite(photo.ExposureTime),
    fNumber: finite(photo.FNumber),
    iso: finite(Array.isArray(photo.ISOSpeedRatings) ? photo.ISOSpeedRatings[0] : photo.ISOSpeedRatings),
    focalLength: finite(photo.FocalLength),
    focalLength35: finite(photo.FocalLengthIn35mmFilm),
    gps: gpsOf(tags.GPSInfo),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<ImageInfo>;
}

/**
 * The picture at `target`: dimensions as displayed (EXIF orientations 5-8 turn it a quarter), sharp's format name
 * and the EXIF fields. Returns null when sharp is not available or cannot read the file as a picture.
 */
export async function readImageInfo(target: ScopedPath): Promise<ImageInfo | null> {
  const sharp = loadSharp();
  if (!sharp) return null;
  let fd: number;
  try {
    fd = openBeneath(target.scope, target.abs.slice(target.scope.length), constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    if (!fstatSync(fd).isFile()) return null;
    const meta = await sharp(fdPath(fd), { failOn: "none" }).metadata();
    if (!meta.width || !meta.height) return null;
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      width: turned ? meta.height : meta.width,
      height: turned ? meta.width : meta.height,
      format: meta.format,
      ...(meta.exif ? exifFields(meta.exif) : {}),
    };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
