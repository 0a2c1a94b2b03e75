/**
 * @module What a public share answer costs against its link's download limit (docs/security.md "Share links"):
 * every answer that sends the file's own bytes counts, inline or not, and a Range part counts by its bytes, so a
 * series of parts covering the file once costs one download; an archive costs one download; derived renditions
 * (thumbnails) and answers without a body (HEAD, 304, 416) cost nothing.
 */
import { DOWNLOAD_UNITS } from "../db/shares-table";

/** What the public route knows of the answer it is about to send. */
export interface SharedAnswer {
  method: string;
  res: Response;
  /** True for an archive (`algo=`) of the shared item. */
  archive: boolean;
  /** ETag of the shared file as it is on disk (http/file-response.ts etagOf) and its size in bytes. */
  file: { etag: string; size: number } | null;
}

/**
 * Download units (DOWNLOAD_UNITS = one whole download) that `answer` costs: ceil(bytes * DOWNLOAD_UNITS / size)
 * for the file's own bytes (rounded up, so no part is free), DOWNLOAD_UNITS for an archive or an empty file, 0 for
 * anything else.
 */
export function answerUnits({ method, res, archive, file }: SharedAnswer): number {
  if (method !== "GET" || !res.body || (res.status !== 200 && res.status !== 206)) return 0;
  if (archive) return DOWNLOAD_UNITS;
  // A thumbnail or another rendition has its own validator; only the file's own bytes carry the file's ETag.
  if (!file || res.headers.get("ETag") !== file.etag) return 0;
  const sent = Number(res.headers.get("Content-Length") ?? file.size);
  if (file.size <= 0) return DOWNLOAD_UNITS;
  // BigInt: bytes * 10^6 passes 2^53 for files over 9 GB.
  const units = (BigInt(sent) * BigInt(DOWNLOAD_UNITS) + BigInt(file.size) - 1n) / BigInt(file.size);
  return Number(units);
}
