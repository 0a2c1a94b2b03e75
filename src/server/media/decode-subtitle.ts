/**
 * @module The text of a subtitle file whatever its encoding (legacy encodings are detected and decoded to
 * UTF-8): a byte order mark decides first, valid UTF-8 is kept, and anything else (GBK, Big5, Shift_JIS, EUC-KR,
 * CP1251, Latin-1...) is judged line by line by the same chardet + frequency scoring that names archive entries
 * (archive/name-encoding.ts), then decoded with iconv-lite.
 */
import { iconvLite } from "../archive/legacy-codecs";
import { chooseNameEncoding, isUtf8 } from "../archive/name-encoding";

/** A decoded subtitle: its text (no byte order mark) and the encoding it was read in (an iconv-lite name). */
export interface DecodedSubtitle {
  text: string;
  encoding: string;
}

/** Byte order marks and the encoding each announces (Unicode 15 section 23.8). */
const BOMS: readonly { bytes: readonly number[]; encoding: string }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: "utf-8" },
  { bytes: [0xff, 0xfe], encoding: "utf-16le" },
  { bytes: [0xfe, 0xff], encoding: "utf-16be" },
];
/** The guess when nothing decodes plausibly: the Western code page most old subtitle editors defaulted to. */
const FALLBACK_ENCODING = "windows-1252";

/** The lines of `bytes` that hold non-ASCII bytes, without their line end (LF or CRLF; no legacy encoding uses 0x0A in a character). */
function nonAsciiLines(bytes: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i < bytes.length && bytes[i] !== 0x0a) continue;
    const end = i > start && bytes[i - 1] === 0x0d ? i - 1 : i;
    const line = bytes.subarray(start, end);
    if (line.some((b) => b >= 0x80)) lines.push(line);
    start = i + 1;
  }
  return lines;
}

/** The encoding of `bytes`: a byte order mark, else UTF-8 when valid, else the best legacy guess. */
export function detectSubtitleEncoding(bytes: Uint8Array): string {
  const bom = BOMS.find((b) => b.bytes.every((v, i) => bytes[i] === v));
  if (bom) return bom.encoding;
  if (isUtf8(bytes)) return "utf-8";
  return chooseNameEncoding(nonAsciiLines(bytes)) ?? FALLBACK_ENCODING;
}

/** Decodes the bytes of a subtitle file to text (see the module note); never throws. */
export function decodeSubtitle(bytes: Uint8Array): DecodedSubtitle {
  const encoding = detectSubtitleEncoding(bytes);
  // iconv-lite strips a leading BOM by default (stripBOM), so the text starts with the first cue or header.
  return {
    text: iconvLite().decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), encoding),
    encoding,
  };
}
