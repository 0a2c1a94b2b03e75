import { describe, expect, it } from "bun:test";
import { createHash } from "node:crypto";
import { parseTorrent, rawInfoBytes, TorrentFormatError } from "../../../src/server/media/torrent-info";

const enc = (s: string) => new TextEncoder().encode(s);
const PIECES = `6:pieces20:${"x".repeat(20)}`;

describe("parseTorrent", () => {
  it("takes the first tracker of announce-list without announce, and UTF-8 path variants when given", () => {
    const info = `d5:filesld6:lengthi5e4:pathl3:old5:a.txte10:path.utf-8l4:néw5:a.txteee4:name3:dir12:piece lengthi16384e${PIECES}7:privatei1ee`;
    const t = parseTorrent(
      enc(`d13:announce-listll9:udp://oneel9:udp://twoee13:creation datei1700000000e4:info${info}e`),
    );
    expect(t.announce).toBe("udp://one");
    expect(t.files).toEqual([{ path: "néw/a.txt", length: 5 }]);
    expect([t.private, t.creationDate, t.length, t.pieceLength]).toEqual([true, 1700000000, 5, 16384]);
    expect(t.infoHash).toBe(createHash("sha1").update(enc(info)).digest("hex"));
  });

  it("reads a creation date written in milliseconds, as some WebTorrent-made torrents hold it, as seconds", () => {
    const info = `d6:lengthi1e4:name1:a12:piece lengthi16384e${PIECES}e`;
    const at = (date: number) => parseTorrent(enc(`d13:creation datei${date}e4:info${info}e`)).creationDate;
    // 2015-12-10T06:51:27.842Z, the date webtorrent-fixtures' numbers.torrent holds.
    expect(at(1449730287842)).toBe(1449730287);
    expect(at(1449730287)).toBe(1449730287);
    // The largest second count kept as it is: 1e11 s, in the year 5138.
    expect(at(100_000_000_000)).toBe(100_000_000_000);
  });

  it("finds the info value after keys whose values are nested lists and dictionaries", () => {
    const info = `d6:lengthi1e4:name1:a12:piece lengthi1e${PIECES}e`;
    const bytes = enc(`d1:ad1:bli1ei-2eee1:cle4:info${info}5:zzzzzi0ee`);
    expect(new TextDecoder().decode(rawInfoBytes(bytes))).toBe(info);
  });

  it("refuses bytes without an info dictionary or cut short", () => {
    expect(() => parseTorrent(enc("d8:announce3:urle"))).toThrow(TorrentFormatError);
    expect(() => parseTorrent(enc("d4:infod4:name"))).toThrow(TorrentFormatError);
    expect(() => parseTorrent(enc("l1:ae"))).toThrow(TorrentFormatError);
  });
});
