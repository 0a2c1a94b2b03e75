/**
 * @module The bodies of the embedded UI: the table of hashed assets with their precompressed `.br`/`.gz`
 * siblings (written by scripts/precompress.ts), and the negotiated answers for an asset and for the rendered
 * index.html, with an explicit Content-Length so that HEAD reports it too.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { ENCODINGS, negotiateEncoding, type Encoding } from "./accept-encoding";

/** Cache-Control of the UI's hashed assets: their names change with their content, so a year and immutable. */
const STATIC_ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";
/**
 * On-the-fly compression of the rendered index.html (1.5 KB): brotli quality 5 gives 744 B in 0.2 ms where
 * quality 11 gives 657 B in 4 ms; gzip level 6 gives 856 B in 0.1 ms (measured with node:zlib under Bun 1.4.5).
 */
const HTML_BROTLI_QUALITY = 5;
const HTML_GZIP_LEVEL = 6;

/** One file on disk (or in the binary's embedded folder). */
interface Body {
  path: string;
  size: number;
}

/** One addressable asset: the plain file, its type, and the precompressed siblings present. */
export interface StaticAsset extends Body {
  type: string;
  encoded: Partial<Record<Encoding, Body>>;
}

/** File name suffix of each coding's sibling. */
const SUFFIX: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/**
 * Reads the assets of `dir` (flat), leaving out the names in `skip` and the siblings: `x.js.br` and
 * `x.js.gz` are not assets of their own but encodings of `x.js`.
 */
export function readAssets(dir: string, skip: ReadonlySet<string>): Map<string, StaticAsset> {
  const names = new Set(readdirSync(dir));
  const isSibling = (name: string) =>
    ENCODINGS.some((e) => name.endsWith(SUFFIX[e]) && names.has(name.slice(0, -SUFFIX[e].length)));
  const assets = new Map<string, StaticAsset>();
  for (const name of names) {
    if (skip.has(name) || isSibling(name)) continue;
    const path = join(dir, name);
    const encoded: StaticAsset["encoded"] = {};
    for (const e of ENCODINGS) {
      if (names.has(name + SUFFIX[e])) encoded[e] = { path: path + SUFFIX[e], size: statSync(path + SUFFIX[e]).size };
    }
    assets.set(name, { path, size: statSync(path).size, type: Bun.file(path).type, encoded });
  }
  return assets;
}

/**
 * The answer for an asset: the sibling in the coding `Accept-Encoding` prefers, else the plain file, with the
 * original Content-Type, `Vary: Accept-Encoding` when siblings exist, and a year of immutable caching (the
 * names carry a content hash). `head` leaves the body out but keeps the Content-Length.
 */
export function assetResponse(asset: StaticAsset, acceptEncoding: string | undefined, head: boolean): Response {
  const available = ENCODINGS.filter((e) => asset.encoded[e]);
  const coding = negotiateEncoding(acceptEncoding, available);
  const body = coding === "identity" ? asset : asset.encoded[coding]!;
  const headers = new Headers({
    "Content-Type": asset.type,
    "Content-Length": String(body.size),
    "Cache-Control": STATIC_ASSET_CACHE_CONTROL,
  });
  if (available.length) headers.set("Vary", "Accept-Encoding");
  if (coding !== "identity") headers.set("Content-Encoding", coding);
  return new Response(head ? null : Bun.file(body.path), { headers });
}

/**
 * The answer for the rendered index.html: compressed on the fly in the coding `Accept-Encoding` prefers
 * (about 0.2 ms for the 1.5 KB page, halving it), uncached since it carries the live config.
 */
export function htmlResponse(html: string, acceptEncoding: string | undefined, head: boolean): Response {
  const coding = negotiateEncoding(acceptEncoding, ENCODINGS);
  const plain = Buffer.from(html);
  const body =
    coding === "br"
      ? brotliCompressSync(plain, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: HTML_BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
          },
        })
      : coding === "gzip"
        ? gzipSync(plain, { level: HTML_GZIP_LEVEL })
        : plain;
  const headers = new Headers({
    "Content-Type": "text/html; charset=UTF-8",
    "Content-Length": String(body.length),
    "Cache-Control": "no-cache",
    Vary: "Accept-Encoding",
  });
  if (coding !== "identity") headers.set("Content-Encoding", coding);
  return new Response(head ? null : body, { headers });
}
