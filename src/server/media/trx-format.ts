/**
 * @module Pure readers of the parts of a Broadcom TRX firmware image (.trx), little-endian throughout:
 *
 * - TRX header, from OpenWrt's `firmware-utils/src/trx.c` (`struct trx_header`): 0 magic "HDR0" (0x30524448),
 *   4 len (bytes of the image including the header), 8 crc32, 12 flag_version (flags in bits 0-15, version in
 *   16-31), 16 offsets[3] of the partitions from the header's start (version 2 adds a fourth). The CRC covers the
 *   bytes from flag_version to `len`, computed with the CRC-32 polynomial from 0xFFFFFFFF and, unlike zlib's,
 *   without the final inversion (trx.c `crc32buf`).
 * - The vendor tail we support is ASUS's (their `addver` tool; also Kaitai Struct's `broadcom_trx.ksy` "tail"): the
 *   last 64 bytes of the file: kernel version major, minor; file system version major, minor (1 byte each); product
 *   id, 12 bytes NUL-padded; hardware compatibility 4 x (min major, min minor, max major, max minor); 32 reserved.
 * - Created comes from a U-Boot legacy image header (uimage-format.ts) at the start of a partition.
 */
import { crc32 } from "node:zlib";
import { parseUImage, UIMAGE_HEADER_BYTES } from "./uimage-format";

export { UIMAGE_HEADER_BYTES };

/** Bytes to read from the file's start: the largest (version 2) header. */
export const TRX_HEADER_BYTES = 32;
/** Bytes of the ASUS tail at the file's end. */
export const ASUS_TAIL_BYTES = 64;
/** Offset of flag_version: the CRC covers the image from here to `len`. */
export const TRX_CRC_START = 12;

const TRX_MAGIC = 0x30524448; // "HDR0" read little-endian

/** The TRX header. */
export interface TrxHeader {
  /** Bytes of the image, header included. */
  length: number;
  /** The CRC stored in the header. */
  crc32: number;
  flags: number;
  version: number;
  /** Partition offsets from the header's start; 0 = no partition. */
  offsets: number[];
}

/** The ASUS tail's fields. */
export interface AsusTail {
  productId: string;
  /** "major.minor". */
  kernelVersion: string;
  fsVersion: string;
}

/** Thrown for bytes that are not a TRX image. */
export class TrxFormatError extends Error {}

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

/** Reads the header from the first TRX_HEADER_BYTES of a file. @throws TrxFormatError without the HDR0 magic. */
export function parseTrxHeader(head: Uint8Array): TrxHeader {
  if (head.length < 28 || view(head).getUint32(0, true) !== TRX_MAGIC) throw new TrxFormatError("no HDR0 magic");
  const v = view(head);
  const flagVersion = v.getUint32(12, true);
  const version = flagVersion >>> 16;
  const count = version >= 2 && head.length >= 32 ? 4 : 3;
  const offsets = Array.from({ length: count }, (_, i) => v.getUint32(16 + 4 * i, true));
  return { length: v.getUint32(4, true), crc32: v.getUint32(8, true), flags: flagVersion & 0xffff, version, offsets };
}

/** The running TRX CRC after `chunk`, from `previous` (start with trxCrcStart()). */
export function trxCrcUpdate(previous: number, chunk: Uint8Array): number {
  // zlib's CRC-32 inverts on the way in and out; trx.c starts at 0xFFFFFFFF and never inverts at the end.
  return (crc32(chunk, (previous ^ 0xffffffff) >>> 0) ^ 0xffffffff) >>> 0;
}

/** The TRX CRC before any byte. */
export const trxCrcStart = (): number => 0xffffffff;

/** The tail in the last ASUS_TAIL_BYTES of a file, or null when they do not hold a printable product id. */
export function parseAsusTail(tail: Uint8Array): AsusTail | null {
  if (tail.length !== ASUS_TAIL_BYTES) return null;
  const id = tail.subarray(4, 16);
  const end = id.indexOf(0) < 0 ? id.length : id.indexOf(0);
  if (end === 0 || !id.subarray(0, end).every((b) => b >= 0x20 && b < 0x7f) || !id.subarray(end).every((b) => b === 0))
    return null;
  return {
    productId: new TextDecoder().decode(id.subarray(0, end)),
    kernelVersion: `${tail[0]}.${tail[1]}`,
    fsVersion: `${tail[2]}.${tail[3]}`,
  };
}

/** Creation time (seconds since the epoch) and name of a U-Boot legacy image header, or null when absent. */
export function parseUImageHeader(b: Uint8Array): { createdS: number; name: string } | null {
  const h = parseUImage(b);
  return h && { createdS: h.createdS, name: h.name };
}
