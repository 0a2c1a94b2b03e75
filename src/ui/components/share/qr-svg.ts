/** @module Draws a link as a QR code SVG with the qrcode package, imported on first use to keep it off the first load. */

/** QR options shared by the page and its tests: a 2-module quiet zone, medium error correction (qrcode's default). */
export const QR_OPTIONS = { type: "svg", margin: 2, errorCorrectionLevel: "M" } as const;

/** The SVG text of a QR code of `text` (qrcode toString). Rejects when the text is too long for a QR code. */
export async function qrSvg(text: string): Promise<string> {
  const { toString } = await import("qrcode");
  return toString(text, QR_OPTIONS);
}

/** The QR code of `text` as a `data:image/svg+xml` URL for an <img> (the CSP allows data: images). */
export async function qrSvgDataUrl(text: string): Promise<string> {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await qrSvg(text))}`;
}
