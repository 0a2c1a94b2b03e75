/** @module Streams entries as a ZIP through client-zip: stored (no compression), ZIP64 past 4 GiB, Unix modes and mtimes. */
import { makeZip } from "client-zip";
import type { ArchiveEntry } from "./collect";
import { readFileChunks } from "../fs/read-chunks";

// client-zip writes Zip64 records when an entry or the archive passes 4 GiB; fflate cannot (STACK-NOTES section 5).
// Entries are stored: a zip download of media is read at disk speed, and the tar formats offer compression.
async function* zipInputs(entries: AsyncIterable<ArchiveEntry>, signal: AbortSignal) {
  for await (const e of entries) {
    const lastModified = new Date(e.mtimeMs);
    // "Version made by" is Unix, so unzip restores these permission bits (client-zip adds the file type bits).
    if (e.isDir) yield { name: `${e.name}/`, lastModified, mode: e.mode };
    else yield { name: e.name, lastModified, mode: e.mode, input: readFileChunks(e.abs, signal) };
  }
}

/**
 * A ZIP of `entries`, produced only as fast as it is read. Modification times are DOS times (local time,
 * 2-second steps), as every unzip expects. Aborting `signal` closes the file being read.
 */
export function zipStream(entries: AsyncIterable<ArchiveEntry>, signal: AbortSignal): ReadableStream<Uint8Array> {
  return makeZip(zipInputs(entries, signal), { buffersAreUTF8: true });
}
