/**
 * @module Pure reader of a U-Boot legacy image header (U-Boot `include/image.h`, `struct image_header`, 64 bytes,
 * big-endian): 0 ih_magic 0x27051956, 4 ih_hcrc (CRC-32 of the 64 header bytes with this field zeroed), 8 ih_time
 * (seconds since the epoch), 12 ih_size (bytes of data after the header), 16 ih_load, 20 ih_ep, 24 ih_dcrc (CRC-32
 * of the data), 28 ih_os, ih_arch, ih_type, ih_comp (1 byte each), 32 ih_name (32 bytes). Both CRCs are zlib's.
 *
 * ASUS firmware for MediaTek models (RT-AX53U, RT-AC85P...) is such an image with no TRX around it, and keeps its
 * version tail in ih_name instead (OpenWrt firmware-utils `mkasustrx.c`, `image_header_t`): 32 kernel version major,
 * minor; 34 file system version major, minor (1 byte each); 36 product id, NUL-terminated (12 bytes followed by
 * build numbers in the older layout, 23 bytes in the newer).
 */
import { crc32 } from "node:zlib";
import type { AsusTail } from "./trx-format";

/** Bytes of a U-Boot legacy image header. */
export const UIMAGE_HEADER_BYTES = 64;
/** ih_magic, read big-endian. */
export const UIMAGE_MAGIC = 0x27051956;

/** Longest product id of the newer ASUS layout (mkasustrx.c `trx3_t.prod_name`). */
const ASUS_ID_MAX = 23;

/** What a U-Boot legacy image header says. */
export interface UImageHeader {
  /** ih_time: seconds since the epoch. */
  createdS: number;
  /** ih_name up to its first NUL, as text ("" for an ASUS image, whose ih_name holds the tail). */
  name: string;
  /** ih_size: bytes of data after the header. */
  dataBytes: number;
  /** ih_dcrc: the stored CRC-32 of the data. */
  dataCrc32: number;
  /** True when ih_hcrc matches the header. */
  headerCrcValid: boolean;
  /** The ASUS version tail kept in ih_name, or null when ih_name is a plain name. */
  asus: AsusTail | null;
}

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
const printable = (b: number) => b >= 0x20 && b < 0x7f;

/**
 * The ASUS tail in ih_name (`name`, 32 bytes), or null: ASUS writes binary version numbers (3.0, 0.4) in its first
 * four bytes, so a name whose first four bytes are all printable is a plain name ("Linux Kernel Image"); the product
 * id is printable text up to a NUL or the build numbers that follow it.
 */
export function parseAsusUImageName(name: Uint8Array): AsusTail | null {
  if (name.length < 4 + ASUS_ID_MAX || name.subarray(0, 4).every(printable)) return null;
  const id = name.subarray(4, 4 + ASUS_ID_MAX);
  let end = 0;
  while (end < id.length && printable(id[end]!)) end++;
  if (end === 0 || (end < id.length && id[end] !== 0 && end !== 12)) return null;
  return {
    productId: new TextDecoder().decode(id.subarray(0, end)),
    kernelVersion: `${name[0]}.${name[1]}`,
    fsVersion: `${name[2]}.${name[3]}`,
  };
}

/** The header in the first UIMAGE_HEADER_BYTES of `b`, or null without the magic. */
export function parseUImage(b: Uint8Array): UImageHeader | null {
  if (b.length < UIMAGE_HEADER_BYTES || view(b).getUint32(0, false) !== UIMAGE_MAGIC) return null;
  const v = view(b);
  const header = b.slice(0, UIMAGE_HEADER_BYTES);
  header.fill(0, 4, 8);
  const rawName = b.subarray(32, UIMAGE_HEADER_BYTES);
  const asus = parseAsusUImageName(rawName);
  const nul = rawName.indexOf(0);
  return {
    createdS: v.getUint32(8, false),
    name: asus ? "" : new TextDecoder().decode(rawName.subarray(0, nul < 0 ? rawName.length : nul)),
    dataBytes: v.getUint32(12, false),
    dataCrc32: v.getUint32(24, false),
    headerCrcValid: crc32(header) === v.getUint32(4, false),
    asus,
  };
}
