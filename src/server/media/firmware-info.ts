/**
 * @module Reads a .trx firmware image from disk (layouts and their sources in trx-format.ts and uimage-format.ts):
 * either a TRX image (the header, the CRC checked by streaming the image once, the ASUS tail and the U-Boot image
 * header of the first partition that has one) or a bare U-Boot image as ASUS ships for MediaTek models (its header,
 * the data CRC checked the same way, the ASUS tail in its name field or, failing that, at the file's end).
 */
import { open, type FileHandle } from "node:fs/promises";
import { constants } from "node:fs";
import { openHandleBeneath } from "../fs/beneath";
import { STREAM_CHUNK_BYTES } from "../constants";
import {
  ASUS_TAIL_BYTES,
  TRX_CRC_START,
  TRX_HEADER_BYTES,
  UIMAGE_HEADER_BYTES,
  parseAsusTail,
  parseTrxHeader,
  parseUImageHeader,
  trxCrcStart,
  trxCrcUpdate,
  type AsusTail,
  type TrxHeader,
} from "./trx-format";
import { parseUImage, type UImageHeader } from "./uimage-format";
import { crc32 } from "node:zlib";

/** What a firmware image says about itself. */
export interface FirmwareInfo {
  /** "trx": a TRX image; "uimage": a bare U-Boot legacy image (no TRX header). */
  format: "trx" | "uimage";
  /**
   * The TRX header; for a bare U-Boot image its equivalents: length 64 + ih_size, crc32 ih_dcrc, flags and version
   * 0, no partition offsets.
   */
  header: TrxHeader;
  /** The CRC computed over the image; equals header.crc32 when the image is intact. */
  computedCrc32: number;
  /** False also when the file is shorter than header.length. */
  crcValid: boolean;
  tail: AsusTail | null;
  /** From the first partition's U-Boot image header, null without one. */
  createdS: number | null;
  imageName: string;
}

/**
 * Reads the .trx `file`: a user's file (opened beneath its scope, fs/beneath.ts) or a path of the server's own.
 * @throws TrxFormatError when it is neither a TRX nor a U-Boot image; FsError OUTSIDE_SCOPE (403) for a path leading out of the
 *   scope; fs errors when it cannot be read.
 */
export async function readFirmwareInfo(
  file: { scope: string; path: string } | string,
  signal: AbortSignal,
): Promise<FirmwareInfo> {
  const fh = await openFirmware(file);
  try {
    const size = (await fh.stat()).size;
    const readAt = async (pos: number, n: number) => {
      const buf = new Uint8Array(Math.max(0, Math.min(n, size - pos)));
      await fh.read(buf, 0, buf.length, pos);
      return buf;
    };
    /** The running CRC `update` from `start` over bytes `from` to `to` (or the file's end), streamed. */
    const crcOver = async (from: number, to: number, start: number, update: (crc: number, b: Uint8Array) => number) => {
      let crc = start;
      const buf = new Uint8Array(STREAM_CHUNK_BYTES);
      for (let pos = from, end = Math.min(to, size); pos < end; ) {
        signal.throwIfAborted();
        const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, end - pos), pos);
        if (bytesRead === 0) break;
        crc = update(crc, buf.subarray(0, bytesRead));
        pos += bytesRead;
      }
      return crc;
    };
    const fileTail = async () =>
      size >= ASUS_TAIL_BYTES ? parseAsusTail(await readAt(size - ASUS_TAIL_BYTES, ASUS_TAIL_BYTES)) : null;
    const head = await readAt(0, Math.max(TRX_HEADER_BYTES, UIMAGE_HEADER_BYTES));
    const bare = parseUImage(head);
    if (bare) {
      const crc = await crcOver(UIMAGE_HEADER_BYTES, UIMAGE_HEADER_BYTES + bare.dataBytes, 0, (c, b) => crc32(b, c));
      return uImageInfo(bare, crc, size, bare.asus ?? (await fileTail()));
    }
    const header = parseTrxHeader(head);
    const crc = await crcOver(TRX_CRC_START, header.length, trxCrcStart(), trxCrcUpdate);
    let uimage: ReturnType<typeof parseUImageHeader> = null;
    for (const offset of header.offsets.filter((o) => o > 0 && o < size)) {
      uimage = parseUImageHeader(await readAt(offset, UIMAGE_HEADER_BYTES));
      if (uimage) break;
    }
    return {
      format: "trx",
      header,
      computedCrc32: crc,
      crcValid: header.length <= size && crc === header.crc32,
      tail: await fileTail(),
      createdS: uimage?.createdS ?? null,
      imageName: uimage?.name ?? "",
    };
  } finally {
    await fh.close();
  }
}

/** The FirmwareInfo of a bare U-Boot image `h` whose data CRC is `crc`, in a file of `size` bytes. */
function uImageInfo(h: UImageHeader, crc: number, size: number, tail: AsusTail | null): FirmwareInfo {
  const length = UIMAGE_HEADER_BYTES + h.dataBytes;
  return {
    format: "uimage",
    header: { length, crc32: h.dataCrc32, flags: 0, version: 0, offsets: [] },
    computedCrc32: crc,
    crcValid: h.headerCrcValid && length <= size && crc === h.dataCrc32,
    tail,
    createdS: h.createdS,
    imageName: h.name,
  };
}

/** `file` opened for reading: a user's file beneath its scope (fs/beneath.ts), else by its path. */
function openFirmware(file: { scope: string; path: string } | string): Promise<FileHandle> {
  return typeof file === "string"
    ? open(file, "r")
    : openHandleBeneath(file.scope, file.path, constants.O_RDONLY | constants.O_NONBLOCK);
}
