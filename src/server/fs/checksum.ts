/**
 * @module File checksums for the info dialog (docs/product.md "File info": MD5, SHA1, SHA256, SHA512), streamed so
 * memory stays flat.
 */
import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import { BadRequest } from "../errors";
import { readFileChunks } from "./read-chunks";
import { CHECKSUM_ALGORITHMS, type ChecksumAlgorithm } from "../../shared/wire/checksum";

/**
 * The algorithm named by the `checksum` query value (case-insensitive).
 * @throws BadRequest (400) naming the accepted values for anything else.
 */
export function parseChecksumAlgorithm(raw: string): ChecksumAlgorithm {
  const name = raw.trim().toLowerCase() as ChecksumAlgorithm;
  if (!CHECKSUM_ALGORITHMS.includes(name))
    throw new BadRequest(`checksum must be one of ${CHECKSUM_ALGORITHMS.join(", ")}`);
  return name;
}

/**
 * Lower-case hex digest of the file at `abs`, read in STREAM_CHUNK_BYTES chunks through node:crypto.
 * Stops reading when `signal` aborts (the client went away) and then rejects. With `scope` (the scope folder `abs`
 * lies in) the file is opened beneath it (fs/beneath.ts), so a folder swapped for a link out reads nothing outside.
 * @throws FsError ENOENT (404) when the file does not exist.
 */
export async function fileChecksum(
  abs: string,
  algorithm: ChecksumAlgorithm,
  signal: AbortSignal,
  scope?: string,
): Promise<string> {
  const hash = createHash(algorithm);
  // Checked first: a missing file is ENOENT (404), never the digest of nothing.
  await stat(abs);
  for await (const chunk of readFileChunks(abs, signal, scope)) hash.update(chunk);
  if (signal.aborted) throw new Error("checksum aborted");
  return hash.digest("hex");
}
