/**
 * @module Archive downloads (docs/product.md "Raw files and media URLs"): one or many selected paths streamed as zip or
 * tar.*
 */
import type { ScopedPath } from "../fs/scope";
import { ServiceUnavailable } from "../errors";
import { isToolAvailable } from "../tools/available";
import { collectEntries } from "./collect";
import { compressTar } from "./compress";
import type { FormatInfo } from "./formats";
import { archiveFileName, topLevelPaths } from "./selection";
import { tarStream } from "./tar";
import { zipStream } from "./zip";

export interface ArchiveRequest {
  /** The selected files and folders, each already resolved in the scope (fs/scope.ts). */
  selected: readonly ScopedPath[];
  format: FormatInfo;
  /** The user's scope folder on disk. */
  scopeAbs: string;
  /** Access-rule hook: virtual paths it refuses never enter the archive. */
  filter: (virtualPath: string) => boolean;
  /** The request's signal: a client that goes away stops all work. */
  signal: AbortSignal;
}

export interface ArchiveDownload {
  body: ReadableStream<Uint8Array>;
  /** `<folder>.<ext>`, or `download.<ext>` for several items (selection.ts). */
  fileName: string;
  contentType: string;
}

/**
 * Throws when the format's tool is missing, before any byte is sent.
 * @throws ServiceUnavailable (503) naming the tool, e.g. `503 Service Unavailable (tar.xz needs xz, which is not installed on the server)`.
 */
export function requireFormatTool(format: FormatInfo): void {
  if (format.tool && !isToolAvailable(format.tool)) {
    throw new ServiceUnavailable(`${format.format} needs ${format.tool}, which is not installed on the server`);
  }
}

/** The attachment name of the archive of `selected` in `format` (selection.ts archiveFileName). */
export function downloadName(selected: readonly ScopedPath[], format: FormatInfo): string {
  return archiveFileName(topLevelPaths(selected.map((s) => s.path)), format.extension);
}

/**
 * Starts streaming the archive. Nothing is buffered: files are read as the client downloads, so memory
 * stays flat and the first bytes leave before the last file is read. Cancelling the body or aborting the
 * request's signal stops the walk, closes open files and kills compressor processes at once.
 * @throws ServiceUnavailable (503) when the format's tool is missing.
 */
export function streamArchive(req: ArchiveRequest): ArchiveDownload {
  requireFormatTool(req.format);
  const job = new AbortController();
  const stop = () => job.abort();
  if (req.signal.aborted) job.abort();
  else req.signal.addEventListener("abort", stop, { once: true });
  const entries = collectEntries(req.selected, { scopeAbs: req.scopeAbs, filter: req.filter, signal: job.signal });
  const inner =
    req.format.container === "zip"
      ? zipStream(entries, job.signal)
      : compressTar(tarStream(entries, job.signal), req.format.compression, job.signal);
  const reader = inner.getReader();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(ctrl) {
        try {
          const { value, done } = await reader.read();
          if (!done) return ctrl.enqueue(value);
          req.signal.removeEventListener("abort", stop);
          ctrl.close();
        } catch (err) {
          stop();
          ctrl.error(err);
        }
      },
      async cancel() {
        stop();
        await reader.cancel().catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
  return {
    body,
    fileName: downloadName(req.selected, req.format),
    contentType: req.format.contentType,
  };
}
