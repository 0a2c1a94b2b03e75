/**
 * @module The one reader of JSON request bodies, with a byte cap checked before anything is parsed
 * (docs/security.md "Request bodies"): a declared Content-Length over the cap is refused unread, and a streamed
 * body is read only up to the cap, so an oversized body is never held in memory.
 */
import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import { PayloadTooLarge } from "../../errors";

/** Cap of every JSON body (bytes): settings, users, share options; far above any real one. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
/**
 * Cap of the JSON bodies anyone may send before logging in (bytes): login, signup, share password. Room for a
 * 64-character name, a long passphrase and a captcha response (Turnstile documents at most 2,048 characters;
 * reCAPTCHA's and hCaptcha's are of the same order).
 */
export const CREDENTIALS_BODY_MAX_BYTES = 8 * 1024;

/**
 * Reads the request body as JSON, at most `maxBytes` bytes of it.
 * Returns the parsed value, or undefined for an empty body or one that is not JSON (the route words its 400).
 * @throws PayloadTooLarge (413) when the body declares or turns out to be longer than `maxBytes`; the rest of it
 * is not read.
 */
export async function readJsonBody(c: Context<AppEnv>, maxBytes = JSON_BODY_MAX_BYTES): Promise<unknown> {
  const tooLarge = () => new PayloadTooLarge(`JSON body over ${maxBytes} bytes`);
  const declared = c.req.header("Content-Length");
  if (declared !== undefined && !(Number(declared) <= maxBytes)) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return undefined;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
