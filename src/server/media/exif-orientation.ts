/**
 * @module Pure reading and resetting of the EXIF Orientation tag of a JPEG, byte for byte: nothing but the tag
 * (and, for a quarter turn, the Exif pixel dimensions) changes. Layout from the Exif 2.32 specification (CIPA
 * DC-008): APP1 `Exif\0\0`, a TIFF header (`II*\0` little or `MM\0*` big endian), IFD0 whose tag 0x0112 (SHORT) is
 * the orientation, and the Exif IFD (pointer tag 0x8769) holding PixelXDimension 0xA002 and PixelYDimension 0xA003.
 */

/** One IFD entry: its tag and where its 4-byte value field starts in the buffer. */
interface IfdEntry {
  tag: number;
  type: number;
  valueAt: number;
}

/** The TIFF block inside the APP1 Exif segment. */
interface TiffBlock {
  /** Offset of the TIFF header in the buffer; IFD offsets count from here. */
  start: number;
  /** End of the APP1 segment (no offset may point past it). */
  end: number;
  little: boolean;
}

const TAG_ORIENTATION = 0x0112;
const TAG_EXIF_IFD = 0x8769;
const TAG_PIXEL_X = 0xa002;
const TAG_PIXEL_Y = 0xa003;
const TYPE_SHORT = 3;
const TYPE_LONG = 4;
const EXIF_ID = [0x45, 0x78, 0x69, 0x66, 0, 0];

/** Finds the Exif APP1 segment before the image data (SOS); null when the JPEG has none or is not a JPEG. */
function findTiff(b: Uint8Array): TiffBlock | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let p = 2;
  while (p + 4 <= b.length) {
    if (b[p] !== 0xff) return null;
    const marker = b[p + 1]!;
    if (marker === 0xff) {
      p++;
      continue;
    } // fill byte
    if (marker === 0xda || marker === 0xd9) return null; // image data or end: no Exif before it
    const len = (b[p + 2]! << 8) | b[p + 3]!;
    const body = p + 4;
    const end = p + 2 + len;
    if (marker === 0xe1 && end <= b.length && EXIF_ID.every((v, i) => b[body + i] === v)) {
      const start = body + 6;
      if (start + 8 > end) return null;
      const little = b[start] === 0x49 && b[start + 1] === 0x49;
      if (!little && !(b[start] === 0x4d && b[start + 1] === 0x4d)) return null;
      return { start, end, little };
    }
    p = end;
  }
  return null;
}

const u16 = (b: Uint8Array, at: number, little: boolean) =>
  little ? b[at]! | (b[at + 1]! << 8) : (b[at]! << 8) | b[at + 1]!;
const u32 = (b: Uint8Array, at: number, little: boolean) =>
  little
    ? (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + b[at + 3]! * 2 ** 24
    : b[at]! * 2 ** 24 + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);

function writeU16(b: Uint8Array, at: number, v: number, little: boolean): void {
  b[at] = little ? v & 0xff : v >> 8;
  b[at + 1] = little ? v >> 8 : v & 0xff;
}

/** The entries of the IFD at `offset` (from the TIFF header); empty when it lies outside the segment. */
function ifdEntries(b: Uint8Array, t: TiffBlock, offset: number): IfdEntry[] {
  const at = t.start + offset;
  if (offset < 8 || at + 2 > t.end) return [];
  const count = u16(b, at, t.little);
  const entries: IfdEntry[] = [];
  for (let i = 0; i < count; i++) {
    const e = at + 2 + i * 12;
    if (e + 12 > t.end) break;
    entries.push({ tag: u16(b, e, t.little), type: u16(b, e + 2, t.little), valueAt: e + 8 });
  }
  return entries;
}

/** IFD0's entries, or empty. */
function ifd0(b: Uint8Array, t: TiffBlock): IfdEntry[] {
  return ifdEntries(b, t, u32(b, t.start + 4, t.little));
}

/**
 * The EXIF Orientation (1-8) of the JPEG whose first bytes are `head` (the APP1 segment is at most 64 KiB and comes
 * before the image data, so the first 128 KiB are enough); 1 when the tag is missing, out of range or not a SHORT.
 */
export function readOrientation(head: Uint8Array): number {
  const t = findTiff(head);
  if (!t) return 1;
  const e = ifd0(head, t).find((x) => x.tag === TAG_ORIENTATION);
  if (!e || e.type !== TYPE_SHORT) return 1;
  const v = u16(head, e.valueAt, t.little);
  return v >= 1 && v <= 8 ? v : 1;
}

/** True for the orientations that turn the picture a quarter (5-8): width and height trade places. */
export function swapsDimensions(orientation: number): boolean {
  return orientation >= 5 && orientation <= 8;
}

/**
 * A copy of the JPEG `bytes` whose pixels were already turned upright from `orientation`: the Orientation tag set
 * to 1 and, when the turn was a quarter one, the Exif PixelXDimension and PixelYDimension swapped. The same bytes
 * (a copy) when there is no Exif orientation tag.
 */
export function resetOrientation(bytes: Uint8Array, orientation: number): Uint8Array {
  const b = new Uint8Array(bytes);
  const t = findTiff(b);
  if (!t) return b;
  const entries = ifd0(b, t);
  const o = entries.find((x) => x.tag === TAG_ORIENTATION && x.type === TYPE_SHORT);
  if (!o) return b;
  writeU16(b, o.valueAt, 1, t.little);
  const exifIfd = entries.find((x) => x.tag === TAG_EXIF_IFD);
  if (!swapsDimensions(orientation) || !exifIfd) return b;
  const dims = ifdEntries(b, t, u32(b, exifIfd.valueAt, t.little));
  const x = dims.find((d) => d.tag === TAG_PIXEL_X);
  const y = dims.find((d) => d.tag === TAG_PIXEL_Y);
  // SHORT or LONG, both in the 4-byte value field: swapping the whole fields swaps the values in either case.
  if (x && y && [TYPE_SHORT, TYPE_LONG].includes(x.type) && [TYPE_SHORT, TYPE_LONG].includes(y.type)) {
    const xv = b.slice(x.valueAt, x.valueAt + 4);
    const xt = x.type;
    b.copyWithin(x.valueAt, y.valueAt, y.valueAt + 4);
    b.set(xv, y.valueAt);
    writeU16(b, x.valueAt - 6, y.type, t.little);
    writeU16(b, y.valueAt - 6, xt, t.little);
  }
  return b;
}
