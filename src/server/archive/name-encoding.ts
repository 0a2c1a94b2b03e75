/**
 * @module Which legacy encoding the raw bytes of archive entry names are in (pure). Zip names without the UTF-8 flag
 * (APPNOTE 4.4.4 bit 11) are stored in whatever code page the packing machine used: GBK, Shift_JIS, Big5, EUC-KR or
 * CP437 mostly. Valid UTF-8 is kept as is; otherwise every candidate decoding (a fixed list plus chardet's guesses)
 * is scored by how common its characters are in that encoding, and iconv-lite decodes with the best one.
 */
import { chardetLib, iconvLite } from "./legacy-codecs";

/** Candidates always tried, in order of preference on a tie. */
const FIXED_CANDIDATES = ["gb18030", "shift_jis", "big5", "euc-kr", "euc-jp", "cp437"] as const;

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** True when `bytes` is valid UTF-8 (plain ASCII included). */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    UTF8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Decodes a raw name with `encoding` (an iconv-lite name). */
export function decodeName(raw: Uint8Array, encoding: string): string {
  return iconvLite().decode(Buffer.from(raw), encoding);
}

/**
 * How common one character is in `encoding`, 0 to 1, from the byte ranges of each standard's frequent part:
 * GB 2312 level 1 hanzi (leads B0-D7), JIS X 0208 kana and level 1 kanji (Shift_JIS leads 82-83, 88-98; EUC-JP
 * A4-A5, B0-CF), Big5 frequent hanzi (A4-C6), KS X 1001 hangul (B0-C8). Rare and extension areas score 0.
 */
function charScore(encoding: string, ch: string): number {
  const b = iconvLite().encode(ch, encoding);
  const lead = b[0]!;
  const trail = b[1] ?? 0;
  const inRange = (lo: number, hi: number) => lead >= lo && lead <= hi;
  switch (encoding) {
    case "gb18030":
      if (b.length !== 2 || trail < 0xa1) return 0;
      return inRange(0xb0, 0xd7) ? 1 : inRange(0xd8, 0xf7) ? 0.6 : inRange(0xa1, 0xa9) ? 0.5 : 0;
    case "shift_jis":
      if (b.length === 1) return 0.2; // half-width katakana
      return inRange(0x82, 0x83) || inRange(0x88, 0x98)
        ? 1
        : lead === 0x81 || inRange(0x99, 0x9f) || inRange(0xe0, 0xea)
          ? 0.5
          : 0;
    case "euc-jp":
      if (b.length !== 2) return 0.2;
      return inRange(0xa4, 0xa5) || inRange(0xb0, 0xcf) ? 1 : lead === 0xa1 || inRange(0xd0, 0xf4) ? 0.5 : 0;
    case "big5":
      return b.length !== 2 ? 0 : inRange(0xa4, 0xc6) ? 1 : inRange(0xc9, 0xf9) ? 0.6 : inRange(0xa1, 0xa3) ? 0.5 : 0;
    case "euc-kr":
      return b.length !== 2 ? 0 : inRange(0xb0, 0xc8) ? 1 : inRange(0xa1, 0xac) || inRange(0xca, 0xfd) ? 0.5 : 0;
    default:
      // Single-byte code pages: letters (accented Latin, Cyrillic, Greek) are likely, box drawing and symbols are not.
      return /\p{L}/u.test(ch) ? 0.8 : 0.1;
  }
}

/** Mean score of the non-ASCII characters of `text`, or -1 when the decoding is impossible or implausible. */
function textScore(encoding: string, text: string): number {
  // U+FFFD: bytes the encoding cannot decode; C0/C1 controls and the private use area never appear in real names.
  if (/[\uFFFD\u0000-\u001F\u007F-\u009F\uE000-\uF8FF]/u.test(text)) return -1;
  let sum = 0;
  let n = 0;
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) continue;
    sum += charScore(encoding, ch);
    n++;
  }
  return n ? sum / n : -1;
}

/**
 * The encoding to decode the names that are not valid UTF-8 with, judged on all of them together (more text, better
 * guess); null when every name is valid UTF-8 or nothing decodes them plausibly.
 */
export function chooseNameEncoding(rawNames: readonly Uint8Array[]): string | null {
  const legacy = rawNames.filter((n) => !isUtf8(n));
  if (legacy.length === 0) return null;
  const joined = Buffer.concat(legacy.flatMap((n) => [Buffer.from(n), Buffer.from("/")]));
  const iconv = iconvLite();
  const guesses = chardetLib().analyse(new Uint8Array(joined));
  const confidence = new Map(guesses.map((g) => [g.name.toLowerCase(), g.confidence]));
  const candidates = [...new Set<string>([...FIXED_CANDIDATES, ...guesses.map((g) => g.name.toLowerCase())])].filter(
    (e) => e !== "utf-8" && e !== "ascii" && iconv.encodingExists(e),
  );
  let best: { enc: string; score: number } | null = null;
  for (const enc of candidates) {
    const base = textScore(enc, iconv.decode(joined, enc));
    if (base < 0) continue;
    // chardet's confidence (0-100) only breaks near-ties; GB18030 is how chardet names GBK.
    const score = base + 0.003 * (confidence.get(enc === "gb18030" ? "gb18030" : enc) ?? 0);
    if (!best || score > best.score) best = { enc, score };
  }
  return best?.enc ?? null;
}
