/**
 * @module Sends one HTTP/1.1 request with the request target written byte for byte (UTF-8, no dot-segment removal
 * or re-encoding, unlike fetch), any method, headers and body; answers the status, headers and the de-chunked body.
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

/** Sends `<method> <target>` to `origin` (http://host:port) and resolves with the whole answer once the server closes. */
export function rawRequest(origin: string, target: string, init: RawRequestInit = {}): Promise<RawAnswer> {
  const url = new URL(origin);
  const body = init.body === undefined ? undefined : typeof init.body === "string" ? Buffer.from(init.body) : Buffer.from(init.body);
  const headers: Record<string, string> = { Host: url.host, Connection: "close", ...init.headers };
  if (body) headers["Content-Length"] = String(body.length);
  const head = `${init.method ?? "GET"} ${target} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sock = connect(Number(url.port), url.hostname, () => {
      sock.write(Buffer.from(head, "utf8"));
      if (body) sock.write(body);
    });
    const timer = setTimeout(() => sock.destroy(), init.timeoutMs ?? 15_000);
    sock.on("data", (d: Buffer) => chunks.push(d));
    sock.on("close", () => {
      clearTimeout(timer);
      const data = Buffer.concat(chunks).toString("latin1");
      const split = data.indexOf("\r\n\r\n");
      const headText = split < 0 ? data : data.slice(0, split);
      const rest = split < 0 ? "" : data.slice(split + 4);
      const status = Number(/^HTTP\/1\.[01] (\d+)/.exec(headText)?.[1] ?? 0);
      const hs: Record<string, string> = {};
      for (const line of headText.split("\r\n").slice(1)) {
        const c = line.indexOf(":");
        if (c > 0) hs[line.slice(0, c).trim().toLowerCase()] = line.slice(c + 1).trim();
      }
      resolve({ status, headers: hs, body: /chunked/i.test(hs["transfer-encoding"] ?? "") ? dechunk(rest) : rest });
    });
    sock.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}
