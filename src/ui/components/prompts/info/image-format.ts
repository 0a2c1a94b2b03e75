/**
 * @module Pure formatting of a picture's File info rows (docs/product.md "File info"): dimensions, camera,
 * exposure, aperture, focal length and the GPS position, from the `imageinfo` that ?probe=yes answers.
 */
import type { ImageInfo } from "../../../../shared/wire/metainfo";

/** "4000 × 3000 px". */
export function formatDimensions(i: Pick<ImageInfo, "width" | "height">): string {
  return `${i.width} × ${i.height} px`;
}

/** The camera: the model, after the make unless the model already names it ("Canon EOS R6", "NIKON D750"). */
export function formatCamera(make: string | undefined, model: string | undefined): string {
  if (!model) return make ?? "";
  if (!make || model.toLowerCase().startsWith(make.toLowerCase().split(" ")[0])) return model;
  return `${make} ${model}`;
}

/** An exposure time in seconds as photographers write it: "1/250 s" below one second, "2.5 s" above. */
export function formatExposure(seconds: number | undefined): string {
  if (seconds === undefined || !(seconds > 0)) return "";
  if (seconds >= 1) return `${Number(seconds.toFixed(1))} s`;
  return `1/${Math.round(1 / seconds)} s`;
}

/** "f/2.8". */
export function formatAperture(fNumber: number | undefined): string {
  return fNumber === undefined || !(fNumber > 0) ? "" : `f/${Number(fNumber.toFixed(1))}`;
}

/** "50 mm", with the 35 mm equivalent when the camera wrote another one: "4.2 mm (26 mm)". */
export function formatFocalLength(mm: number | undefined, mm35: number | undefined): string {
  if (mm === undefined || !(mm > 0)) return "";
  const own = `${Number(mm.toFixed(1))} mm`;
  return mm35 && Math.round(mm35) !== Math.round(mm) ? `${own} (${Math.round(mm35)} mm)` : own;
}

/** Decimal degrees as "35.65820° N, 139.70350° W" (5 decimals: about a metre). */
export function formatPosition(gps: NonNullable<ImageInfo["gps"]>): string {
  const part = (v: number, pos: string, neg: string) => `${Math.abs(v).toFixed(5)}° ${v < 0 ? neg : pos}`;
  return `${part(gps.latitude, "N", "S")}, ${part(gps.longitude, "E", "W")}`;
}

/** The OpenStreetMap page centred on the position (a link the user chooses to follow; nothing loads before). */
export function mapUrl(gps: NonNullable<ImageInfo["gps"]>): string {
  const [lat, lon] = [gps.latitude.toFixed(5), gps.longitude.toFixed(5)];
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}
