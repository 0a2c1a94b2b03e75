/** @module Types of the `bencode` package (v4 ships none): the two calls the torrent reader and its tests use. */
declare module "bencode" {
  const bencode: {
    /** Decodes bencoded bytes; byte strings stay Uint8Array (no encoding argument under Bun). */
    decode(data: Uint8Array): unknown;
    /** Encodes a value (dictionaries with sorted keys). */
    encode(value: unknown): Uint8Array;
  };
  export default bencode;
}
