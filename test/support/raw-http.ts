/** @module Sends an HTTP/1.1 request with the path exactly as given (no client-side dot-segment removal). */
import { connect } from "node:net";

/** Returns the status code and body of `GET <path>` sent byte for byte to `origin`. */
export function rawGet(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const sock = connect(Number(url.port), url.hostname, () => {
      const extra = Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join("");
      sock.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n${extra}\r\n`);
    });
    let data = "";
    sock.on("data", (d) => (data += d.toString("latin1")));
    sock.on("end", () => {
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.split("\r\n\r\n").slice(1).join("\r\n\r\n") });
    });
    sock.on("error", reject);
  });
}
