/**
 * @module A zip whose one entry declares a huge unpacked size (ZIP64 extra field, PKWARE APPNOTE.TXT 4.5.3) while
 * holding two bytes of deflate: what a listing sees of a zip bomb, without the bomb. Nothing can extract it whole.
 */

/** Bytes of a zip with one file `name` declaring `claimed` unpacked bytes (method deflate, an empty stream). */
export function claimedSizeZip(name: string, claimed: bigint): Uint8Array {
  const nameBytes = new TextEncoder().encode(name);
  const data = Uint8Array.from([0x03, 0x00]); // an empty final deflate block
  const zip64 = (usize: bigint, csize: bigint) => {
    const x = new DataView(new ArrayBuffer(20));
    x.setUint16(0, 0x0001, true);
    x.setUint16(2, 16, true);
    x.setBigUint64(4, usize, true);
    x.setBigUint64(12, csize, true);
    return new Uint8Array(x.buffer);
  };
  const extra = zip64(claimed, BigInt(data.length));
  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(4, 45, true); // version needed 4.5 (ZIP64)
  local.setUint16(8, 8, true); // deflate
  local.setUint16(12, 0x5b77, true); // date 2025-11-23
  local.setUint32(18, 0xffffffff, true);
  local.setUint32(22, 0xffffffff, true);
  local.setUint16(26, nameBytes.length, true);
  local.setUint16(28, extra.length, true);
  const central = new DataView(new ArrayBuffer(46));
  central.setUint32(0, 0x02014b50, true);
  central.setUint16(4, 0x032d, true); // made by Unix, 4.5
  central.setUint16(6, 45, true);
  central.setUint16(10, 8, true);
  central.setUint16(14, 0x5b77, true);
  central.setUint32(20, 0xffffffff, true);
  central.setUint32(24, 0xffffffff, true);
  central.setUint16(28, nameBytes.length, true);
  central.setUint16(30, extra.length, true);
  central.setUint32(38, (0o100644 << 16) >>> 0, true);
  const localBytes = [new Uint8Array(local.buffer), nameBytes, extra, data];
  const cdOffset = localBytes.reduce((n, p) => n + p.length, 0);
  const centralBytes = [new Uint8Array(central.buffer), nameBytes, extra];
  const cdSize = centralBytes.reduce((n, p) => n + p.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, cdSize, true);
  end.setUint32(16, cdOffset, true);
  return new Uint8Array(Buffer.concat([...localBytes, ...centralBytes, new Uint8Array(end.buffer)]));
}
