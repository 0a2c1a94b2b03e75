/** @module Content negotiation of `Accept-Encoding` (RFC 9110 section 12.5.3) between the codings we hold precompressed. */
import { parseAccept } from "hono/utils/accept";

/** The content codings the server can send, in its own order of preference (brotli is smaller than gzip). */
export const ENCODINGS = ["br", "gzip"] as const;
export type Encoding = (typeof ENCODINGS)[number];

// RFC 9110 section 8.4.1.3: recipients treat "x-gzip" as "gzip".
const ALIASES: Record<string, string> = { "x-gzip": "gzip" };

/**
 * The coding to answer with, given the request's `Accept-Encoding` and the codings available for this body:
 * the one with the highest q-value the client gives it (by name, else through `*`), the server's order
 * (br, then gzip) breaking ties. A coding with q=0, or one the header does not name and no `*` covers, is
 * refused, and "identity" wins when the header rates it above the best coding. No header, or nothing
 * acceptable, gives "identity" (the plain body).
 */
export function negotiateEncoding(
  header: string | null | undefined,
  available: readonly Encoding[],
): Encoding | "identity" {
  if (!header) return "identity";
  const q = new Map<string, number>();
  for (const { type, q: quality } of parseAccept(header)) {
    const name = type.toLowerCase();
    const coding = ALIASES[name] ?? name;
    // A coding named twice keeps its highest quality.
    q.set(coding, Math.max(q.get(coding) ?? 0, quality));
  }
  let best: Encoding | "identity" = "identity";
  let bestQ = 0;
  for (const coding of ENCODINGS) {
    if (!available.includes(coding)) continue;
    const quality = q.get(coding) ?? q.get("*") ?? 0;
    if (quality > bestQ) {
      best = coding;
      bestQ = quality;
    }
  }
  const identityQ = q.get("identity");
  return identityQ !== undefined && identityQ > bestQ ? "identity" : best;
}
