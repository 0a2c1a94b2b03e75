/** @module HTTP-mapped error classes and the one place that turns any thrown value into a short text answer. */
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  412: "Precondition Failed",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  416: "Range Not Satisfiable",
  421: "Misdirected Request",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
  507: "Insufficient Storage",
};

/** Returns the reason phrase of an HTTP status (RFC 9110 section 15), e.g. 404 -> "Not Found". */
export function reasonPhrase(status: number): string {
  return REASONS[status] ?? "Error";
}

/**
 * Formats the error body (docs/interfaces.md "Errors on the wire"): "<code> <reason>" plus an optional detail in
 * parentheses, e.g. `400 Bad Request (mode must be 1-3 octal digits)`.
 */
export function errorBody(status: number, detail?: string): string {
  const head = `${status} ${reasonPhrase(status)}`;
  return detail ? `${head} (${detail})` : head;
}

/** Base of the HTTP errors thrown by core code; the status picks the answer, the detail is shown to users. */
export class HttpError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly detail?: string,
  ) {
    super(status, { message: errorBody(status, detail) });
  }
}

export class BadRequest extends HttpError {
  constructor(detail?: string) {
    super(400, detail);
  }
}
export class Unauthorized extends HttpError {
  constructor(detail?: string) {
    super(401, detail);
  }
}
export class Forbidden extends HttpError {
  constructor(detail?: string) {
    super(403, detail);
  }
}
export class NotFound extends HttpError {
  constructor(detail?: string) {
    super(404, detail);
  }
}
export class Conflict extends HttpError {
  constructor(detail?: string) {
    super(409, detail);
  }
}
/** 412: a request's precondition (the editor's X-If-Modified-At) no longer holds: the file changed meanwhile. */
export class PreconditionFailed extends HttpError {
  constructor(detail?: string) {
    super(412, detail);
  }
}
/** 413: a body (or a declared upload length) larger than the server takes. */
export class PayloadTooLarge extends HttpError {
  constructor(detail?: string) {
    super(413, detail);
  }
}
/** 415: a body of a content type the route does not read (a tus PATCH that is not application/offset+octet-stream). */
export class UnsupportedMediaType extends HttpError {
  constructor(detail?: string) {
    super(415, detail);
  }
}
export class RangeNotSatisfiable extends HttpError {
  constructor(detail?: string) {
    super(416, detail);
  }
}
/** 429: a ban or a rate limit; `retryAfterS` (seconds), when known, goes out as the Retry-After header. */
export class TooManyRequests extends HttpError {
  constructor(
    detail?: string,
    readonly retryAfterS?: number,
  ) {
    super(429, detail);
  }
}
/** 503: the server lacks what the request needs right now, e.g. an optional tool that is not installed. */
export class ServiceUnavailable extends HttpError {
  constructor(detail?: string) {
    super(503, detail);
  }
}

/** Node-style file system error codes mapped to statuses; OUTSIDE_SCOPE is ours (a path escaping the user's scope). */
const FS_CODES: Record<string, ContentfulStatusCode> = {
  ENOENT: 404,
  ENOTDIR: 404,
  EEXIST: 409,
  ENOTEMPTY: 409,
  EACCES: 403,
  EPERM: 403,
  OUTSIDE_SCOPE: 403,
  EISDIR: 400,
  ENAMETOOLONG: 400,
  EINVAL: 400,
  ENOSPC: 507,
  EDQUOT: 507,
  EROFS: 503,
  ENOTSUP: 400,
  EOPNOTSUPP: 400,
};

/** Details of file system codes whose bare status would not say what happened (RFC 4918 section 11.5 for 507). */
const FS_DETAILS: Record<string, string> = {
  ENOSPC: "no space left on the disk",
  EDQUOT: "disk quota exceeded",
  EROFS: "the file system is read-only",
  ENOTSUP: "not supported by the file system or the item",
  EOPNOTSUPP: "not supported by the file system or the item",
};

/**
 * Maps any thrown value to `{status, body}` for the response. HttpErrors keep their status;
 * file system errors map by `code`; everything else is a 500 with no detail (never a stack).
 */
export function toErrorResponse(err: unknown): {
  status: ContentfulStatusCode;
  body: string;
  unexpected: boolean;
  headers?: Record<string, string>;
} {
  if (err instanceof TooManyRequests && err.retryAfterS !== undefined) {
    return {
      status: 429,
      body: err.message,
      unexpected: false,
      headers: { "Retry-After": String(Math.max(1, Math.ceil(err.retryAfterS))) },
    };
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return { status, body: err.message || errorBody(status), unexpected: false };
  }
  // The client closed the connection while its request body was read (Bun rejects with an AbortError): nobody
  // reads this answer, and the server did nothing wrong.
  if ((err as { name?: string } | null)?.name === "AbortError") {
    return { status: 400, body: errorBody(400, "the connection was closed"), unexpected: false };
  }
  const code = (err as { code?: string } | null)?.code;
  if (code && FS_CODES[code]) {
    const status = FS_CODES[code];
    return { status, body: errorBody(status, FS_DETAILS[code]), unexpected: false };
  }
  return { status: 500, body: errorBody(500), unexpected: true };
}

/**
 * Bun.serve's `error` handler: a failure after the app answered (a file removed between its stat and the send of
 * its body) gets the same short status and message as any other error, never Bun's own error page.
 */
export function serveErrorResponse(err: unknown): Response {
  const { status, body, headers } = toErrorResponse(err);
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
}
