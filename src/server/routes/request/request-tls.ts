/** @module Whether a request came over TLS (http/request-tls.ts), read from the Hono context and the trustProxy setting. */
import type { Context } from "hono";
import type { AppEnv } from "../../app-env";
import { claimsForwardedTls, isTlsRequest } from "../../http/request-tls";
import { currentSettings } from "../../settings/settings-service";

/** True for an https request URL, or `X-Forwarded-Proto: https` with the trustProxy setting on. */
export function requestOverTls(c: Context<AppEnv>): boolean {
  const facts = { url: c.req.url, forwardedProto: c.req.header("X-Forwarded-Proto") };
  if (facts.url.startsWith("https:")) return true;
  // The settings are read only when the header claims TLS: plain requests cost no query.
  return claimsForwardedTls(facts) && isTlsRequest(facts, currentSettings(c.get("deps").db).trustProxy);
}
