import { describe, expect, it } from "bun:test";
import {
  parseAsusTail,
  parseTrxHeader,
  parseUImageHeader,
  TrxFormatError,
  trxCrcStart,
  trxCrcUpdate,
} from "../../../src/server/media/trx-format";
import { buildTrx, trxCrcBitwise } from "../../support/trx";

describe("trxCrcUpdate", () => {
  it("matches the bit-by-bit trx.c CRC, whole or in pieces", () => {
    const data = Uint8Array.from({ length: 5000 }, (_, i) => (i * 31) & 0xff);
    const whole = trxCrcUpdate(trxCrcStart(), data);
    const pieces = [data.subarray(0, 7), data.subarray(7, 4096), data.subarray(4096)].reduce(
      trxCrcUpdate,
      trxCrcStart(),
    );
    expect([whole, pieces]).toEqual([trxCrcBitwise(data), trxCrcBitwise(data)]);
    // "123456789": zlib's CRC-32 check value is 0xCBF43926; trx.c skips the final inversion.
    expect(trxCrcUpdate(trxCrcStart(), new TextEncoder().encode("123456789"))).toBe(~0xcbf43926 >>> 0);
  });
});

describe("parseTrxHeader", () => {
  it("reads length, CRC, flags, version and three offsets of a version 1 header", () => {
    const img = buildTrx({ version: 1, flags: 0x11, payloadBytes: 10 });
    expect(parseTrxHeader(img.bytes.subarray(0, 32))).toEqual({
      length: img.bytes.length,
      crc32: img.crc,
      flags: 0x11,
      version: 1,
      offsets: img.offsets,
    });
  });

  it("refuses bytes without the magic, or too short", () => {
    expect(() => parseTrxHeader(new TextEncoder().encode("0RDH".padEnd(32, "\0")))).toThrow(TrxFormatError);
    expect(() => parseTrxHeader(new TextEncoder().encode("HDR0"))).toThrow(TrxFormatError);
  });
});

describe("parseAsusTail and parseUImageHeader", () => {
  it("reads a tail only when its product id is printable text padded with NULs", () => {
    const tail = new Uint8Array(64);
    tail.set([2, 6, 1, 0], 0);
    tail.set(new TextEncoder().encode("RT-AX88U"), 4);
    expect(parseAsusTail(tail)).toEqual({ productId: "RT-AX88U", kernelVersion: "2.6", fsVersion: "1.0" });
    tail[14] = 0x41; // a character after the NUL padding started
    expect(parseAsusTail(tail)).toBeNull();
    expect(parseAsusTail(new Uint8Array(64).fill(0xff))).toBeNull();
    expect(parseAsusTail(new Uint8Array(64))).toBeNull();
  });

  it("reads a U-Boot header's time and name, and nothing without its magic", () => {
    const h = new Uint8Array(64);
    new DataView(h.buffer).setUint32(0, 0x27051956, false);
    new DataView(h.buffer).setUint32(8, 1234567890, false);
    h.set(new TextEncoder().encode("kernel"), 32);
    expect(parseUImageHeader(h)).toEqual({ createdS: 1234567890, name: "kernel" });
    expect(parseUImageHeader(new Uint8Array(64))).toBeNull();
  });
});
