/** @module A request through node:http, which sends no Accept-Encoding of its own and never decodes: the bytes on the wire. */
import { request } from "node:http";

/** An answer as it came over the wire. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Sends `method` (GET by default) to `url` with exactly `headers`; resolves with the undecoded answer. */
export function rawRequest(
  url: string | URL,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
