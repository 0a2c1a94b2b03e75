/**
 * @module Builds the Response for one file: single-part Range (RFC 9110 section 14), ETag/Last-Modified with
 * conditional requests (RFC 9110 section 13), Content-Disposition with a UTF-8 file name (RFC 6266, RFC 8187).
 */
import { closeSync, type Stats } from "node:fs";
import { RangeNotSatisfiable } from "../errors";
import { fdBody, WHOLE_READ_MAX } from "./fd-body";
import { canCloseAfterBody, closeAfterBody } from "./fd-release";
import { fdPath } from "../fs/beneath";

/** Weak validator built from mtime and size, e.g. `W/"18c2f0a1b2c-400"`. */
export function etagOf(st: Stats): string {
  return `W/"${Math.floor(st.mtimeMs).toString(16)}-${st.size.toString(16)}"`;
}

/**
 * Content-Disposition value: `attachment` or `inline`, an ASCII fallback `filename` (non-ASCII and quotes
 * replaced by "_") and `filename*=UTF-8''<percent-encoded>` for the real name (RFC 8187).
 */
export function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? "inline" : "attachment"}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Parses a `Range: bytes=...` header for a body of `size` bytes into one inclusive [start, end] range.
 * Returns null to serve the whole body (no header, a unit other than bytes, or several ranges).
 * @throws RangeNotSatisfiable (416) when the single range lies outside the body.
 */
export function parseRange(header: string | null, size: number): [number, number] | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  const [, a, b] = m;
  if (a === "" && b === "") return null;
  let start: number;
  let end: number;
  if (a === "") {
    const suffix = Number(b);
    if (suffix === 0) throw new RangeNotSatisfiable();
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(a);
    end = b === "" ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start >= size || start > end) throw new RangeNotSatisfiable();
  return [start, end];
}

function notModified(req: Request, etag: string, mtimeMs: number): boolean {
  const inm = req.headers.get("if-none-match");
  if (inm)
    return inm
      .split(",")
      .some((t) => t.trim() === etag || t.trim() === "*" || t.trim().replace(/^W\//, "") === etag.replace(/^W\//, ""));
  const ims = req.headers.get("if-modified-since");
  if (ims) {
    const since = Date.parse(ims);
    if (!Number.isNaN(since)) return Math.floor(mtimeMs / 1000) <= Math.floor(since / 1000);
  }
  return false;
}

/** If-Range holds when it names the current ETag (strong compare ignoring W/) or an HTTP date not before the mtime. */
function ifRangeHolds(req: Request, etag: string, mtimeMs: number): boolean {
  const ir = req.headers.get("if-range");
  if (!ir) return true;
  if (ir.startsWith('"') || ir.startsWith("W/")) return ir.replace(/^W\//, "") === etag.replace(/^W\//, "");
  const d = Date.parse(ir);
  return !Number.isNaN(d) && Math.floor(mtimeMs / 1000) <= Math.floor(d / 1000);
}

export interface FileResponseOptions {
  /** The file by path (files of our own cache), or `fd` below. */
  abs?: string;
  /**
   * The file as an open descriptor (a user's file, opened beneath the scope: fs/beneath.ts); fileResponse owns it
   * and closes it once the answer is sent, cut, or needs no body. `st` must be its fstat.
   */
  fd?: number;
  st: Stats;
  /** File name for Content-Disposition. */
  name: string;
  contentType: string;
  inline: boolean;
  /** Extra headers (e.g. the sandbox CSP). */
  headers?: Record<string, string>;
}

/**
 * Answers GET/HEAD for a file: 304 when the validators match, 206 with Content-Range for one valid range,
 * 416 for an unsatisfiable one, else 200. The body streams from disk (Bun.file), so memory stays flat and a
 * client that disconnects just stops the read.
 */
export function fileResponse(req: Request, o: FileResponseOptions): Response {
  const etag = etagOf(o.st);
  const headers = new Headers({
    "Content-Type": o.contentType,
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": new Date(o.st.mtimeMs).toUTCString(),
    "Content-Disposition": contentDisposition(o.name, o.inline),
    "Cache-Control": "private, no-cache",
    ...o.headers,
  });
  const body = bodySource(o);
  if (notModified(req, etag, o.st.mtimeMs)) return body.none(new Response(null, { status: 304, headers }));
  let range: [number, number] | null = null;
  try {
    range = ifRangeHolds(req, etag, o.st.mtimeMs) ? parseRange(req.headers.get("range"), o.st.size) : null;
  } catch (err) {
    headers.set("Content-Range", `bytes */${o.st.size}`);
    headers.set("Content-Type", "text/plain; charset=utf-8");
    headers.delete("Content-Disposition");
    return body.none(new Response((err as Error).message, { status: 416, headers }));
  }
  const head = req.method === "HEAD";
  if (range) {
    const [start, end] = range;
    headers.set("Content-Range", `bytes ${start}-${end}/${o.st.size}`);
    headers.set("Content-Length", String(end - start + 1));
    return head ? body.none(new Response(null, { status: 206, headers })) : body.answer(start, end + 1, 206, headers);
  }
  headers.set("Content-Length", String(o.st.size));
  return head ? body.none(new Response(null, { status: 200, headers })) : body.answer(0, o.st.size, 200, headers);
}

/** How an answer gets its bytes: `answer(start, end, …)` with bytes [start, end), `none(answer)` when it sends none. */
interface BodySource {
  answer: (start: number, end: number, status: number, headers: Headers) => Response;
  none: (r: Response) => Response;
}

function bodySource(o: FileResponseOptions): BodySource {
  if (o.fd !== undefined) {
    const fd = o.fd;
    return {
      answer: (start, end, status, headers) => {
        // Small parts are read at once. Larger ones go to Bun by the descriptor's own path (sendfile, Content-Length),
        // closed once Bun took the body (fd-release.ts), or else stream from it.
        if (end - start <= WHOLE_READ_MAX || !canCloseAfterBody())
          return new Response(fdBody(fd, start, end), { status, headers });
        const file = Bun.file(fdPath(fd));
        const answer = new Response(start === 0 && end === o.st.size ? file : file.slice(start, end), {
          status,
          headers,
        });
        closeAfterBody(fd, answer);
        return answer;
      },
      none: (r) => (closeSync(fd), r),
    };
  }
  const file = Bun.file(o.abs!);
  return {
    answer: (start, end, status, headers) =>
      new Response(start === 0 && end === o.st.size ? file : file.slice(start, end), { status, headers }),
    none: (r) => r,
  };
}
