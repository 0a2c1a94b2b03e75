/**
 * @module A tiny writer of stored (uncompressed) zip files with names given as raw bytes, for fixtures no zip tool
 * makes on purpose: names in a legacy encoding without the UTF-8 flag, `../` and absolute entry names.
 * Layout from PKWARE APPNOTE.TXT sections 4.3.7 (local header), 4.3.12 (central header), 4.3.16 (end record).
 */

/** One entry: the name exactly as stored (a string is written as UTF-8 with the UTF-8 flag), and its content. */
export interface StoredZipEntry {
  name: Uint8Array | string;
  data?: Uint8Array | string;
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 of `data` (APPNOTE 4.4.7, the ISO 3309 polynomial). */
function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * Bytes of a zip holding `entries` stored without compression. Names given as bytes get no UTF-8 flag (bit 11), so
 * readers decode them with a code page; names given as strings get the flag. A name ending in "/" is a folder.
 */
export function storedZip(entries: readonly StoredZipEntry[]): Uint8Array {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = typeof e.name === "string" ? enc.encode(e.name) : e.name;
    const data = e.data === undefined ? new Uint8Array() : typeof e.data === "string" ? enc.encode(e.data) : e.data;
    const flags = typeof e.name === "string" ? 0x0800 : 0;
    const crc = crc32(data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 10, true); // version needed 1.0
    local.setUint16(6, flags, true);
    local.setUint16(8, 0, true); // stored
    local.setUint16(10, 0, true); // time
    local.setUint16(12, 0x5b77, true); // date 2025-11-23
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, data.length, true);
    local.setUint16(26, name.length, true);
    locals.push(new Uint8Array(local.buffer), name, data);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 0x031e, true); // made by Unix, spec 3.0
    central.setUint16(6, 10, true);
    central.setUint16(8, flags, true);
    central.setUint16(12, 0, true);
    central.setUint16(14, 0x5b77, true);
    central.setUint32(16, crc, true);
    central.setUint32(20, data.length, true);
    central.setUint32(24, data.length, true);
    central.setUint16(28, name.length, true);
    const isDir = name[name.length - 1] === 0x2f;
    central.setUint32(38, ((isDir ? 0o40755 : 0o100644) << 16) >>> 0, true);
    central.setUint32(42, offset, true);
    centrals.push(new Uint8Array(central.buffer), name);
    offset += 30 + name.length + data.length;
  }
  const cdSize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, cdSize, true);
  end.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, new Uint8Array(end.buffer)];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
