/**
 * @module Builds TRX firmware images for tests from the documented layout (OpenWrt firmware-utils trx.c header,
 * U-Boot legacy image header, ASUS addver tail; see src/server/media/trx-format.ts), with a CRC-32 computed here
 * bit by bit, independently of the server's zlib-based one.
 */

/** What goes into a test image. */
export interface TrxSpec {
  /** 1 (three partition offsets) or 2 (four). */
  version: 1 | 2;
  flags: number;
  /** Seconds since the epoch written into a U-Boot header at the first partition; omitted: no U-Boot header. */
  createdS?: number;
  imageName?: string;
  /** ASUS tail: product id and [kernel major, minor, fs major, minor]; omitted: no tail. */
  asus?: { productId: string; versions: [number, number, number, number] };
  /** Bytes of filler data in the partitions. */
  payloadBytes: number;
}

/** The TRX CRC: CRC-32 (reflected polynomial 0xEDB88320) from 0xFFFFFFFF, without the final inversion (trx.c crc32buf). */
export function trxCrcBitwise(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return crc >>> 0;
}

/** A complete image per `spec`, with its partition offsets. */
export function buildTrx(spec: TrxSpec): { bytes: Uint8Array; offsets: number[]; crc: number } {
  const headerLen = spec.version === 2 ? 32 : 28;
  const uimage = new Uint8Array(spec.createdS === undefined ? 0 : 64);
  if (spec.createdS !== undefined) {
    const v = new DataView(uimage.buffer);
    v.setUint32(0, 0x27051956, false);
    v.setUint32(8, spec.createdS, false);
    uimage.set(new TextEncoder().encode(spec.imageName ?? ""), 32);
  }
  const kernel = Uint8Array.from({ length: spec.payloadBytes }, (_, i) => (i * 7) & 0xff);
  const fs = Uint8Array.from({ length: spec.payloadBytes }, (_, i) => (i * 13) & 0xff);
  const tail = new Uint8Array(spec.asus ? 64 : 0);
  if (spec.asus) {
    tail.set(spec.asus.versions, 0);
    tail.set(new TextEncoder().encode(spec.asus.productId), 4);
  }
  const offsets = [headerLen, headerLen + uimage.length + kernel.length, 0, ...(spec.version === 2 ? [0] : [])];
  const total = headerLen + uimage.length + kernel.length + fs.length + tail.length;
  const bytes = new Uint8Array(total);
  const v = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode("HDR0"), 0);
  v.setUint32(4, total, true);
  v.setUint32(12, (spec.version << 16) | spec.flags, true);
  offsets.forEach((o, i) => v.setUint32(16 + 4 * i, o, true));
  bytes.set(uimage, headerLen);
  bytes.set(kernel, headerLen + uimage.length);
  bytes.set(fs, offsets[1]!);
  bytes.set(tail, total - tail.length);
  const crc = trxCrcBitwise(bytes.subarray(12));
  v.setUint32(8, crc, true);
  return { bytes, offsets, crc };
}

/**
 * A bare U-Boot legacy image as ASUS ships for MediaTek models (no TRX header; layout in
 * src/server/media/uimage-format.ts): the header with ih_time, ih_size, both CRC-32s (zlib's, i.e. the trx.c CRC
 * inverted) and the ASUS versions and product id in ih_name, followed by `payloadBytes` of data.
 */
export function buildAsusUImage(spec: {
  createdS: number;
  productId: string;
  versions: [number, number, number, number];
  payloadBytes: number;
}): Uint8Array {
  const bytes = new Uint8Array(64 + spec.payloadBytes);
  const v = new DataView(bytes.buffer);
  for (let i = 64; i < bytes.length; i++) bytes[i] = (i * 11) & 0xff;
  v.setUint32(0, 0x27051956, false);
  v.setUint32(8, spec.createdS, false);
  v.setUint32(12, spec.payloadBytes, false);
  v.setUint32(24, ~trxCrcBitwise(bytes.subarray(64)) >>> 0, false);
  bytes.set([5, 5, 2, 3], 28); // Linux, MIPS, kernel, lzma
  bytes.set(spec.versions, 32);
  bytes.set(new TextEncoder().encode(spec.productId), 36);
  v.setUint32(4, ~trxCrcBitwise(bytes.subarray(0, 64)) >>> 0, false);
  return bytes;
}
