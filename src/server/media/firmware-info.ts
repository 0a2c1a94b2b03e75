/**
 * @module Reads a TRX firmware image from disk (layouts and their sources in trx-format.ts): the header, the CRC
 * checked by streaming the image once, the ASUS tail and the U-Boot image header of the first partition that has one.
 */
import { open, type FileHandle } from "node:fs/promises";
import { constants } from "node:fs";
import { openHandleBeneath } from "../fs/beneath";
import { STREAM_CHUNK_BYTES } from "../constants";
import {
  ASUS_TAIL_BYTES, TRX_CRC_START, TRX_HEADER_BYTES, UIMAGE_HEADER_BYTES,
  parseAsusTail, parseTrxHeader, parseUImageHeader, trxCrcStart, trxCrcUpdate, type AsusTail, type TrxHeader,
} from "./trx-format";

/** What a firmware image says about itself. */
export interface FirmwareInfo {
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
 * @throws TrxFormatError when it is not a TRX image; FsError OUTSIDE_SCOPE (403) for a path leading out of the
 *   scope; fs errors when it cannot be read.
 */
export async function readFirmwareInfo(file: { scope: string; path: string } | string, signal: AbortSignal): Promise<FirmwareInfo> {
  const fh = await openFirmware(file);
  try {
    const size = (await fh.stat()).size;
    const readAt = async (pos: number, n: number) => {
      const buf = new Uint8Array(Math.max(0, Math.min(n, size - pos)));
      await fh.read(buf, 0, buf.length, pos);
      return buf;
    };
    const header = parseTrxHeader(await readAt(0, TRX_HEADER_BYTES));
    let crc = trxCrcStart();
    const buf = new Uint8Array(STREAM_CHUNK_BYTES);
    const end = Math.min(header.length, size);
    for (let pos = TRX_CRC_START; pos < end; ) {
      signal.throwIfAborted();
      const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, end - pos), pos);
      if (bytesRead === 0) break;
      crc = trxCrcUpdate(crc, buf.subarray(0, bytesRead));
      pos += bytesRead;
    }
    const tail = size >= ASUS_TAIL_BYTES ? parseAsusTail(await readAt(size - ASUS_TAIL_BYTES, ASUS_TAIL_BYTES)) : null;
    let uimage: ReturnType<typeof parseUImageHeader> = null;
    for (const offset of header.offsets.filter((o) => o > 0 && o < size)) {
      uimage = parseUImageHeader(await readAt(offset, UIMAGE_HEADER_BYTES));
      if (uimage) break;
    }
    return {
      header, computedCrc32: crc, crcValid: header.length <= size && crc === header.crc32, tail,
      createdS: uimage?.createdS ?? null, imageName: uimage?.name ?? "",
    };
  } finally {
    await fh.close();
  }
}

/** `file` opened for reading: a user's file beneath its scope (fs/beneath.ts), else by its path. */
function openFirmware(file: { scope: string; path: string } | string): Promise<FileHandle> {
  return typeof file === "string" ? open(file, "r") : openHandleBeneath(file.scope, file.path, constants.O_RDONLY | constants.O_NONBLOCK);
}
