/**
 * @module The archive formats of the download dialog (docs/product.md "Download"): extension, MIME type, container and
 * compression.
 */
import { BadRequest } from "../errors";
import type { CompressorTool } from "../tools/compressors";
import type { ArchiveFormat } from "../../shared/wire/archive";

/** How a tar stream is compressed: not at all, in-process (gzip, snappy), or through a tool process. */
export type Compression = "none" | "gzip" | "snappy" | CompressorTool;

export interface FormatInfo {
  format: ArchiveFormat;
  /** File name extension without the dot, the same as the format name. */
  extension: string;
  contentType: string;
  container: "zip" | "tar";
  compression: Compression;
  /** The command-line tool this format needs, if any. */
  tool?: CompressorTool;
}

/** Every format, in the order of the download dialog (docs/product.md "Download"). */
export const ARCHIVE_FORMATS: readonly FormatInfo[] = [
  { format: "zip", extension: "zip", contentType: "application/zip", container: "zip", compression: "none" },
  { format: "tar", extension: "tar", contentType: "application/x-tar", container: "tar", compression: "none" },
  { format: "tar.gz", extension: "tar.gz", contentType: "application/gzip", container: "tar", compression: "gzip" },
  {
    format: "tar.bz2",
    extension: "tar.bz2",
    contentType: "application/x-bzip2",
    container: "tar",
    compression: "bzip2",
    tool: "bzip2",
  },
  {
    format: "tar.xz",
    extension: "tar.xz",
    contentType: "application/x-xz",
    container: "tar",
    compression: "xz",
    tool: "xz",
  },
  {
    format: "tar.lz4",
    extension: "tar.lz4",
    contentType: "application/x-lz4",
    container: "tar",
    compression: "lz4",
    tool: "lz4",
  },
  // Snappy framing format (google/snappy framing_format.txt); .sz is its customary extension.
  {
    format: "tar.sz",
    extension: "tar.sz",
    contentType: "application/x-snappy-framed",
    container: "tar",
    compression: "snappy",
  },
];

/**
 * The format named by the `algo` query parameter (case-insensitive; "tgz" is accepted for tar.gz).
 * @throws BadRequest (400) naming the accepted values for anything else.
 */
export function parseArchiveFormat(raw: string): FormatInfo {
  const name = raw.trim().toLowerCase();
  const found = ARCHIVE_FORMATS.find((f) => f.format === (name === "tgz" ? "tar.gz" : name));
  if (!found) throw new BadRequest(`algo must be one of ${ARCHIVE_FORMATS.map((f) => f.format).join(", ")}`);
  return found;
}
