/** @module Checksums a file can be asked for with GET /api/resources{path}?checksum=. */

/** The algorithms, in the order the info dialog shows them. */
export const CHECKSUM_ALGORITHMS = ["md5", "sha1", "sha256", "sha512"] as const;
export type ChecksumAlgorithm = (typeof CHECKSUM_ALGORITHMS)[number];
