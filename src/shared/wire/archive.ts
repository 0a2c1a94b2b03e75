/**
 * @module Archive names of the wire: the download formats of GET /api/raw?algo= and the compressed single streams that have no table of entries.
 */

/** Archive formats of a download, in the order the picker shows them. */
export const ARCHIVE_FORMATS = ["zip", "tar", "tar.gz", "tar.bz2", "tar.xz", "tar.lz4", "tar.sz"] as const;
export type ArchiveFormat = (typeof ARCHIVE_FORMATS)[number];

/** Name endings of compressed single streams (not archives of entries): neither listed nor shown as a table. */
export const COMPRESSED_STREAM_SUFFIXES: readonly string[] = [
  ".tar.gz",
  ".tar.bz2",
  ".tar.xz",
  ".gz",
  ".bz2",
  ".xz",
  ".tgz",
];
