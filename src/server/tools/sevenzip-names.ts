/**
 * @module How 7-Zip names an entry whose stored name is not valid UTF-8 (pure), so such an entry can be given to
 * 7-Zip exactly in a list file. On Linux 7-Zip reads names as UTF-8 and keeps every byte it cannot decode as the
 * code point U+EF00 + byte (an "escape"; 7-Zip 21.02+, CPP/Common/UTFConvert.cpp Utf8_To_Utf16 with the flags
 * USE_ESCAPE, SURROGATE_ERROR and BMP_ESCAPE_CONVERT), and prints escapes back as the raw byte. A list file read
 * with `-scsUTF-16LE` may hold those code points, while `-scsUTF-8` refuses a list that is not valid UTF-8.
 */

/** 7-Zip's UTF_ESCAPE_BASE: an undecodable byte b becomes U+EF00 + b. */
const ESCAPE_BASE = 0xef00;

/** True for U+EF80..U+EFFF, the code points 7-Zip uses as escapes (a valid UTF-8 name holding one is escaped too). */
const isEscapePoint = (cp: number) => (cp & 0xffffff80) === ESCAPE_BASE + 0x80;

/**
 * The code point of the UTF-8 sequence at `i` and its length in bytes, by 7-Zip's rules, or null when 7-Zip escapes
 * the byte at `i` (then decoding goes on at the next byte).
 */
function sequenceAt(raw: Uint8Array, i: number): { cp: number; len: number } | null {
  const c = raw[i]!;
  if (c < 0xc2 || c >= 0xf5) return null;
  const tail = c < 0xe0 ? 1 : c < 0xf0 ? 2 : 3;
  let cp = c - (0x100 - (1 << (7 - tail)));
  for (let k = 1; k <= tail; k++) {
    const c2 = raw[i + k];
    if (c2 === undefined || c2 < 0x80 || c2 >= 0xc0) return null;
    cp = (cp << 6) | (c2 - 0x80);
    if (k === 1) {
      // Overlong forms, UTF-16 surrogates (ED A0..BF) and points past U+10FFFF are errors.
      if (cp < 0x80 >> tail) return null;
      if (tail === 2 && (cp & (0xf800 >> 6)) === 0xd800 >> 6) return null;
      if (tail === 3 && cp >= 0x110000 >> 12) return null;
    }
  }
  return isEscapePoint(cp) ? null : { cp, len: tail + 1 };
}

/** The name 7-Zip gives the entry stored as the bytes `raw`, as a string (UTF-16, like 7-Zip's own). */
export function sevenZipName(raw: Uint8Array): string {
  let out = "";
  for (let i = 0; i < raw.length; ) {
    const c = raw[i]!;
    const seq = c < 0x80 ? { cp: c, len: 1 } : sequenceAt(raw, i);
    out += seq ? String.fromCodePoint(seq.cp) : String.fromCharCode(ESCAPE_BASE + c);
    i += seq ? seq.len : 1;
  }
  return out;
}

/** A list file (`-i@` / `-x@` with `-scsUTF-16LE`) naming exactly the entries stored as `rawNames`, one a line. */
export function sevenZipListFile(rawNames: readonly Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.from(rawNames.map((n) => `${sevenZipName(n)}\n`).join(""), "utf16le"));
}
