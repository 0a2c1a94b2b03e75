/**
 * @module Sends one HTTP/1.1 request with the request target written byte for byte (UTF-8, no dot-segment removal
 * or re-encoding, unlike fetch), any method, headers and body; answers the status, headers and the de-chunked body
 * as soon as the answer is complete.
 */
import { connect } from "node:net";

/** An answer as read from the socket. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body (chunked transfer decoded), as latin1 text so every byte survives. */
  body: string;
}

export interface RawRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Gives up (status 0) after this many milliseconds; default 15 000. */
  timeoutMs?: number;
}

function dechunk(raw: string): string {
  let out = "";
  let i = 0;
  for (;;) {
    const eol = raw.indexOf("\r\n", i);
    if (eol < 0) return out + raw.slice(i);
    const size = parseInt(raw.slice(i, eol), 16);
    if (!Number.isFinite(size) || size === 0) return out;
    out += raw.slice(eol + 2, eol + 2 + size);
    i = eol + 2 + size + 2;
  }
}

/** Parses what arrived so far; returns the answer once it is complete (by Content-Length, chunked end, 101, HEAD). */
function parse(data: string, method: string, closed: boolean): RawAnswer | null {
  const split = data.indexOf("\r\n\r\n");
  if (split < 0) return closed ? { status: 0, headers: {}, body: "" } : null;
  const headText = data.slice(0, split);
  const rest = data.slice(split + 4);
  const status = Number(/^HTTP\/1\.[01] (\d+)/.exec(headText)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of headText.split("\r\n").slice(1)) {
    const c = line.indexOf(":");
    if (c > 0) headers[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim();
  }
  const chunked = /chunked/i.test(headers["transfer-encoding"] ?? "");
  const length = headers["content-length"] === undefined ? null : Number(headers["content-length"]);
  const complete =
    closed ||
    status === 101 ||
    method === "HEAD" ||
    status === 204 ||
    status === 304 ||
    (chunked ? /(^|\r\n)0\r\n\r\n$/.test(rest) : length !== null && Buffer.byteLength(rest, "latin1") >= length);
  if (!complete) return null;
  return { status, headers, body: chunked ? dechunk(rest) : rest };
}

/**
 * Sends `<method> <target>` to `origin` (http://host:port) and resolves with the answer as soon as it is complete
 * (or the server closed); after `timeoutMs` it resolves with what arrived (status 0 when nothing did).
 */
export function rawRequest(origin: string, target: string, init: RawRequestInit = {}): Promise<RawAnswer> {
  const url = new URL(origin);
  const method = init.method ?? "GET";
  const body = init.body === undefined ? undefined : Buffer.from(init.body);
  const headers: Record<string, string> = { Host: url.host, Connection: "close", ...init.headers };
  if (body) headers["Content-Length"] = String(body.length);
  const head = `${method} ${target} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (answer: RawAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sock.destroy();
      resolve(answer);
    };
    const sock = connect(Number(url.port), url.hostname, () => {
      sock.write(Buffer.from(head, "utf8"));
      if (body) sock.write(body);
    });
    const timer = setTimeout(
      () => finish(parse(Buffer.concat(chunks).toString("latin1"), method, true)!),
      init.timeoutMs ?? 15_000,
    );
    sock.on("data", (d: Buffer) => {
      chunks.push(d);
      const answer = parse(Buffer.concat(chunks).toString("latin1"), method, false);
      if (answer) finish(answer);
    });
    sock.on("close", () => finish(parse(Buffer.concat(chunks).toString("latin1"), method, true)!));
    sock.on("error", (err) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      reject(err);
    });
  });
}
