/**
 * @module Checks a .torrent against its data for tests: parsed with the `bencode` library; the info hash is the
 * SHA-1 of the info dictionary's raw bytes as they stand in the file (found by a bencode walk written here, so it
 * does not depend on the library re-encoding), and every piece's SHA-1 is compared with the data on disk.
 */
import bencode from "bencode";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** What a test looks at in a torrent. */
export interface TorrentFacts {
  name: string;
  announce: string;
  private: boolean;
  pieceLength: number;
  comment: string;
  source: string;
  /** Files as paths inside the torrent (a single-file torrent: its name) with their lengths. */
  files: { path: string; length: number }[];
  /** Hex SHA-1 of the raw bencoded info dictionary. */
  infoHash: string;
  /** The same hash computed from the library's re-encoding of the decoded info. */
  infoHashReencoded: string;
  /** Indexes of pieces whose SHA-1 does not match the data (empty when the torrent is right). */
  badPieces: number[];
  pieceCount: number;
}

const text = (v: unknown) => (v instanceof Uint8Array ? new TextDecoder().decode(v) : v === undefined ? "" : String(v));

/** End offset (exclusive) of the bencoded value starting at `i`. */
function skipValue(b: Uint8Array, i: number): number {
  const c = b[i];
  if (c === 0x69) return b.indexOf(0x65, i) + 1; // i...e
  if (c === 0x6c || c === 0x64) {
    let j = i + 1;
    while (b[j] !== 0x65) j = skipValue(b, j);
    return j + 1;
  }
  const colon = b.indexOf(0x3a, i);
  return colon + 1 + Number(new TextDecoder().decode(b.subarray(i, colon)));
}

/** The raw bytes of the top-level "info" value. */
function rawInfo(b: Uint8Array): Uint8Array {
  let j = 1;
  while (b[j] !== 0x65) {
    const keyEnd = skipValue(b, j);
    const key = new TextDecoder().decode(b.subarray(b.indexOf(0x3a, j) + 1, keyEnd));
    const valueEnd = skipValue(b, keyEnd);
    if (key === "info") return b.subarray(keyEnd, valueEnd);
    j = valueEnd;
  }
  throw new Error("no info dictionary");
}

const sha1 = (data: Uint8Array) => createHash("sha1").update(data).digest("hex");

/**
 * Reads the torrent at `torrentFile` and verifies it against the data at `dataPath` (the file itself, or the
 * folder holding the torrent's files).
 */
export function inspectTorrent(torrentFile: string, dataPath: string): TorrentFacts {
  const raw = new Uint8Array(readFileSync(torrentFile));
  const t = bencode.decode(raw) as Record<string, any>;
  const info = t.info as Record<string, any>;
  const files: { path: string; length: number }[] = info.files
    ? (info.files as any[]).map((f) => ({ path: (f.path as Uint8Array[]).map(text).join("/"), length: f.length }))
    : [{ path: text(info.name), length: info.length }];
  const data = Buffer.concat(files.map((f) => readFileSync(info.files ? join(dataPath, f.path) : dataPath)));
  const pieceLength = info["piece length"] as number;
  const pieces = info.pieces as Uint8Array;
  const pieceCount = pieces.length / 20;
  const badPieces: number[] = [];
  for (let i = 0; i < Math.max(pieceCount, Math.ceil(data.length / pieceLength)); i++) {
    const want = Buffer.from(pieces.subarray(i * 20, i * 20 + 20)).toString("hex");
    if (sha1(data.subarray(i * pieceLength, (i + 1) * pieceLength)) !== want) badPieces.push(i);
  }
  return {
    name: text(info.name),
    announce: text(t.announce),
    private: info.private === 1,
    pieceLength,
    comment: text(t.comment),
    source: text(info.source),
    files,
    pieceCount,
    badPieces,
    infoHash: sha1(rawInfo(raw)),
    infoHashReencoded: sha1(bencode.encode(info)),
  };
}
