/**
 * @module Reads a .torrent file (BEP 3 metainfo, plus BEP 27 `private` and the common `source`, `comment`,
 * `created by`, `creation date` keys) into TorrentInfo. Decoding goes through the `bencode` library; the v1 info
 * hash is the SHA-1 of the `info` value's bytes exactly as they stand in the file (BEP 3), found by walking the
 * bencoded top-level dictionary here: re-encoding the decoded value would change the hash of a torrent whose
 * dictionary keys are not sorted or whose integers are not canonical.
 */
import bencode from "bencode";
import { createHash } from "node:crypto";

/**
 * A torrent `creation date` above this is taken as milliseconds and divided by 1000 (BEP 3 says seconds; some
 * WebTorrent-made torrents hold milliseconds, e.g. webtorrent-fixtures' numbers.torrent: 1449730287842, 2015-12-10).
 * 1e11 seconds is the year 5138, while every millisecond time since 1973 is larger.
 */
const TORRENT_MS_DATE_ABOVE = 100_000_000_000;

/** One file of a torrent. */
export interface TorrentFile {
  /** "/"-separated path inside the torrent (below its name for a multi-file torrent; the name itself otherwise). */
  path: string;
  /** Bytes. */
  length: number;
}

/** What a torrent says about itself. Absent text fields are "", absent numbers 0. */
export interface TorrentInfo {
  name: string;
  /** The `announce` URL, else the first of `announce-list`, else "". */
  announce: string;
  /** v1 info hash, 40 lower-case hex digits. */
  infoHash: string;
  /** Total bytes of all files. */
  length: number;
  files: TorrentFile[];
  /** Unix time in seconds, 0 when absent. */
  creationDate: number;
  comment: string;
  source: string;
  createdBy: string;
  /** Bytes per piece. */
  pieceLength: number;
  private: boolean;
}

/** Thrown for bytes that are not a bencoded torrent. */
export class TorrentFormatError extends Error {}

type Dict = Record<string, unknown>;

const E = 0x65; // "e": ends an integer, list or dictionary
const COLON = 0x3a;

/** End (exclusive) of the bencoded value starting at `at`. @throws TorrentFormatError past the end of `b`. */
function valueEnd(b: Uint8Array, at: number): number {
  const c = b[at];
  if (c === undefined) throw new TorrentFormatError("truncated bencode");
  if (c === 0x69) return indexOrThrow(b, E, at) + 1; // i<digits>e
  if (c === 0x6c || c === 0x64) {
    let j = at + 1; // l<values>e, d<key value ...>e
    while (b[j] !== E) j = valueEnd(b, j);
    return j + 1;
  }
  const colon = indexOrThrow(b, COLON, at); // <length>:<bytes>
  const len = Number(new TextDecoder().decode(b.subarray(at, colon)));
  if (!Number.isSafeInteger(len) || colon + 1 + len > b.length) throw new TorrentFormatError("bad string length");
  return colon + 1 + len;
}

function indexOrThrow(b: Uint8Array, byte: number, from: number): number {
  const i = b.indexOf(byte, from);
  if (i < 0) throw new TorrentFormatError("truncated bencode");
  return i;
}

/** The raw bytes of the top-level dictionary's `info` value. @throws TorrentFormatError when there is none. */
export function rawInfoBytes(b: Uint8Array): Uint8Array {
  if (b[0] !== 0x64) throw new TorrentFormatError("a torrent is a bencoded dictionary");
  let j = 1;
  while (b[j] !== E) {
    const keyEnd = valueEnd(b, j);
    const key = new TextDecoder().decode(b.subarray(indexOrThrow(b, COLON, j) + 1, keyEnd));
    const end = valueEnd(b, keyEnd);
    if (key === "info") return b.subarray(keyEnd, end);
    j = end;
  }
  throw new TorrentFormatError("the torrent has no info dictionary");
}

const text = (v: unknown): string => (v instanceof Uint8Array ? new TextDecoder().decode(v) : "");
const int = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
/** The UTF-8 variant of a key (BEP 3 extensions written by many clients) when present, else the key. */
const utf8First = (d: Dict, key: string): unknown => d[`${key}.utf-8`] ?? d[key];
/** `creation date` in seconds: a value written in milliseconds (TORRENT_MS_DATE_ABOVE) is brought back to seconds. */
const creationSeconds = (v: unknown): number => {
  const n = int(v);
  return n > TORRENT_MS_DATE_ABOVE ? Math.floor(n / 1000) : n;
};

function filesOf(info: Dict): TorrentFile[] {
  if (!Array.isArray(info.files)) return [{ path: text(utf8First(info, "name")), length: int(info.length) }];
  return (info.files as Dict[]).map((f) => {
    const parts = utf8First(f, "path");
    return { path: Array.isArray(parts) ? parts.map(text).join("/") : "", length: int(f.length) };
  });
}

function firstAnnounce(t: Dict): string {
  if (t.announce instanceof Uint8Array) return text(t.announce);
  const tiers = Array.isArray(t["announce-list"]) ? (t["announce-list"] as unknown[][]) : [];
  return text(tiers.find((tier) => Array.isArray(tier) && tier.length)?.[0]);
}

/**
 * Reads the torrent in `bytes`.
 * @throws TorrentFormatError when the bytes are not a bencoded dictionary with an info dictionary.
 */
export function parseTorrent(bytes: Uint8Array): TorrentInfo {
  const raw = rawInfoBytes(bytes);
  let t: Dict;
  try {
    t = bencode.decode(bytes) as Dict;
  } catch (err) {
    throw new TorrentFormatError(`not bencoded: ${(err as Error).message}`);
  }
  const info = t.info as Dict;
  if (!info || typeof info !== "object") throw new TorrentFormatError("the torrent has no info dictionary");
  const files = filesOf(info);
  return {
    name: text(utf8First(info, "name")),
    announce: firstAnnounce(t),
    infoHash: createHash("sha1").update(raw).digest("hex"),
    length: files.reduce((sum, f) => sum + f.length, 0),
    files,
    creationDate: creationSeconds(t["creation date"]),
    comment: text(utf8First(t, "comment")),
    source: text(info.source),
    createdBy: text(t["created by"]),
    pieceLength: int(info["piece length"]),
    private: info.private === 1,
  };
}
