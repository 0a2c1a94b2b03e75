/**
 * @module The byte records of a stored (uncompressed) ZIP written front to back (APPNOTE 6.3.10): local headers
 * followed by a data descriptor, the central directory, and ZIP64 records wherever a size, an offset or the
 * entry count passes what the classic 32-bit and 16-bit fields hold. Pure: no I/O.
 */

/** A 32-bit field holding this (or more) means "see the ZIP64 extra field / record". */
const MAX32 = 0xffffffff;
/** A 16-bit entry count holding this means "see the ZIP64 end record". */
const MAX16 = 0xffff;
/** "Version needed to extract" 4.5: ZIP64 and data descriptors. Low byte of "version made by" too. */
const VERSION = 45;
/** High byte of "version made by": Unix, so readers restore the mode bits kept in the external attributes. */
const MADE_BY_UNIX = 3 << 8;
/** General purpose flags: bit 3, sizes and CRC follow the data in a descriptor; bit 11, names are UTF-8. */
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
/** MS-DOS "directory" attribute, in the low byte of the external attributes. */
const DOS_DIR = 0x10;

/** What the central directory needs to know of one entry once its data was written. */
export interface ZipEntryRecord {
  /** UTF-8 name, `name/` for folders. */
  name: Uint8Array;
  isDir: boolean;
  /** Permission bits (0o7777). */
  mode: number;
  /** DOS time (low 16 bits) and DOS date (high 16 bits) of the modification time. */
  dos: number;
  crc: number;
  /** Bytes of data (stored, so compressed and uncompressed sizes are equal). */
  size: number;
  /** Offset of the entry's local header from the start of the archive. */
  offset: number;
  /** True when the local header announced ZIP64 (a ZIP64 extra field, 8-byte sizes in the descriptor). */
  zip64: boolean;
}

/**
 * `ms` (milliseconds since the epoch) as a DOS date and time in the server's local time, as every unzip expects:
 * time in the low 16 bits (2-second steps), date in the high 16 bits. Clamped to 1980-01-01 .. 2107-12-31.
 */
export function dosDateTime(ms: number): number {
  const d = new Date(ms);
  const year = d.getFullYear();
  if (!(year >= 1980)) return ((1 << 5) | 1) * 0x10000; // before 1980 (or an invalid date): 1980-01-01 00:00:00
  if (year > 2107) return ((127 << 9) | (12 << 5) | 31) * 0x10000 + ((23 << 11) | (59 << 5) | 29);
  const date = ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate();
  const time = (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1);
  return date * 0x10000 + time;
}

/** Writes a 64-bit little-endian unsigned `n` (below 2^53) at `at`. */
function setU64(v: DataView, at: number, n: number): void {
  v.setUint32(at, n % 0x100000000, true);
  v.setUint32(at + 4, Math.floor(n / 0x100000000), true);
}

/**
 * The local header of `e` (its crc and size are not known yet). Files get flag bit 3, so zeros stand for
 * crc and sizes here and the data descriptor follows the data; a folder has no data and no descriptor.
 * With `e.zip64` the sizes read 0xFFFFFFFF and a ZIP64 extra field (zeros) tells readers the descriptor
 * holds 8-byte sizes.
 */
export function localHeader(e: ZipEntryRecord): Uint8Array {
  const extra = e.zip64 ? 20 : 0;
  const out = new Uint8Array(30 + e.name.length + extra);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x04034b50, true);
  v.setUint16(4, VERSION, true);
  v.setUint16(6, FLAG_UTF8 | (e.isDir ? 0 : FLAG_DESCRIPTOR), true);
  v.setUint16(8, 0, true); // stored
  v.setUint32(10, e.dos, true);
  if (e.zip64) {
    v.setUint32(18, MAX32, true);
    v.setUint32(22, MAX32, true);
  }
  v.setUint16(26, e.name.length, true);
  v.setUint16(28, extra, true);
  out.set(e.name, 30);
  if (e.zip64) {
    v.setUint16(30 + e.name.length, 0x0001, true);
    v.setUint16(32 + e.name.length, 16, true);
  }
  return out;
}

/** The data descriptor after a file's data: signature, crc, then sizes (8 bytes each when `zip64`). */
export function dataDescriptor(crc: number, size: number, zip64: boolean): Uint8Array {
  const out = new Uint8Array(zip64 ? 24 : 16);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x08074b50, true);
  v.setUint32(4, crc, true);
  if (zip64) {
    setU64(v, 8, size);
    setU64(v, 16, size);
  } else {
    v.setUint32(8, size, true);
    v.setUint32(12, size, true);
  }
  return out;
}

/** True when `size` cannot be told in a 32-bit field (readers take 0xFFFFFFFF itself as "see ZIP64"). */
export const needsZip64 = (n: number): boolean => n >= MAX32;

/** The central directory header of `e`, with a ZIP64 extra field for the sizes and offset that need it. */
export function centralHeader(e: ZipEntryRecord): Uint8Array {
  // A local header that announced ZIP64 keeps the ZIP64 sizes here too, even if the file shrank meanwhile.
  const bigSize = e.zip64 || needsZip64(e.size);
  const bigOffset = needsZip64(e.offset);
  const extraData = (bigSize ? 16 : 0) + (bigOffset ? 8 : 0);
  const extra = extraData ? 4 + extraData : 0;
  const out = new Uint8Array(46 + e.name.length + extra);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x02014b50, true);
  v.setUint16(4, MADE_BY_UNIX | VERSION, true);
  v.setUint16(6, VERSION, true);
  v.setUint16(8, FLAG_UTF8 | (e.isDir ? 0 : FLAG_DESCRIPTOR), true);
  v.setUint32(12, e.dos, true);
  v.setUint32(16, e.crc, true);
  v.setUint32(20, bigSize ? MAX32 : e.size, true);
  v.setUint32(24, bigSize ? MAX32 : e.size, true);
  v.setUint16(28, e.name.length, true);
  v.setUint16(30, extra, true);
  const unixMode = (e.isDir ? S_IFDIR : S_IFREG) | (e.mode & 0o7777);
  v.setUint32(38, (unixMode * 0x10000 + (e.isDir ? DOS_DIR : 0)) >>> 0, true);
  v.setUint32(42, bigOffset ? MAX32 : e.offset, true);
  out.set(e.name, 46);
  if (extra) {
    let at = 46 + e.name.length;
    v.setUint16(at, 0x0001, true);
    v.setUint16(at + 2, extraData, true);
    at += 4;
    if (bigSize) {
      setU64(v, at, e.size);
      setU64(v, at + 8, e.size);
      at += 16;
    }
    if (bigOffset) setU64(v, at, e.offset);
  }
  return out;
}

/**
 * The records after the central directory: the ZIP64 end record and its locator when the entry count, the
 * directory's size or its offset passes the classic fields, then the classic end record (fields that overflow
 * read 0xFFFF / 0xFFFFFFFF). `cdOffset` is where the central directory starts, `cdSize` its length in bytes.
 */
export function endRecords(count: number, cdOffset: number, cdSize: number): Uint8Array {
  const zip64 = count >= MAX16 || needsZip64(cdOffset) || needsZip64(cdSize);
  const out = new Uint8Array((zip64 ? 56 + 20 : 0) + 22);
  const v = new DataView(out.buffer);
  let at = 0;
  if (zip64) {
    v.setUint32(0, 0x06064b50, true);
    setU64(v, 4, 44); // size of the rest of this record
    v.setUint16(12, MADE_BY_UNIX | VERSION, true);
    v.setUint16(14, VERSION, true);
    setU64(v, 24, count);
    setU64(v, 32, count);
    setU64(v, 40, cdSize);
    setU64(v, 48, cdOffset);
    v.setUint32(56, 0x07064b50, true);
    setU64(v, 64, cdOffset + cdSize); // offset of the ZIP64 end record
    v.setUint32(72, 1, true); // total number of disks
    at = 76;
  }
  v.setUint32(at, 0x06054b50, true);
  v.setUint16(at + 8, Math.min(count, MAX16), true);
  v.setUint16(at + 10, Math.min(count, MAX16), true);
  v.setUint32(at + 12, Math.min(cdSize, MAX32), true);
  v.setUint32(at + 16, Math.min(cdOffset, MAX32), true);
  return out;
}
