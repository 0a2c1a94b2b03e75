/**
 * @module Text of a .nfo file for GET ?preview=nfo (docs/product.md "Resource calls"): scene .nfo files are written in
 * the IBM PC code page 437 for their box-drawing art, newer ones in UTF-8. Valid UTF-8 is taken as it is, anything else
 * as CP437.
 */
import { iconvLite } from "../archive/legacy-codecs";
import { readFileBeneath, type FileInScope } from "../fs/read-text";
import { TEXT_CONTENT_MAX_BYTES } from "../../shared/wire/resource";
import { BadRequest } from "../errors";

/** The encoding of .nfo files that are not UTF-8 (iconv-lite's name for IBM PC code page 437). */
export const NFO_LEGACY_ENCODING = "cp437";

/** The text of `bytes`: UTF-8 without its BOM when they are valid UTF-8, else decoded as CP437. */
export function decodeNfo(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes); // drops a leading BOM (ignoreBOM is false)
  } catch {
    return iconvLite().decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), NFO_LEGACY_ENCODING);
  }
}

/**
 * The text of the user's file `file`, read beneath its scope (fs/read-text.ts readFileBeneath).
 * @throws BadRequest (400) when it is TEXT_CONTENT_MAX_BYTES (5 MiB, the text limit of docs/interfaces.md "Resource
 * JSON") or larger; FsError
 *   OUTSIDE_SCOPE (403) when its path leads out of the scope now.
 */
export async function readNfoText(file: FileInScope): Promise<string> {
  const { bytes } = readFileBeneath(file, (st) => {
    if (st.size >= TEXT_CONTENT_MAX_BYTES) throw new BadRequest("the file is too large to preview as text");
  });
  return decodeNfo(bytes);
}
