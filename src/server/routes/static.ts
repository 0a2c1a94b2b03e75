/**
 * @module The embedded UI: hashed assets under `<base>/static/` (cached for a year, precompressed siblings sent
 * to clients that accept them) and index.html, with the server-injected config (docs/product.md "Page config"), for
 * every other non-API path (not cached, compressed on the fly).
 */
import { Hono } from "hono";
import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { AppEnv } from "../app-env";
import type { Deps } from "../deps";
import { currentSettings } from "../settings/settings-service";
import { DEFAULT_APP_NAME } from "../../shared/wire/settings";
import { NotFound } from "../errors";
import { isCaptchaActive } from "../auth/captcha";
import { assetResponse, htmlResponse, readAssets } from "./request/static-assets";
import { videoEncoderWithin } from "../media/video-encoder";

/** A page render waits at most this long (ms) for the encoder probe; About then says "probing" until a reload. */
const ENCODER_PAGE_WAIT_MS = 1_000;

// Inside the binary, `--asset dist/ui` lands at /$bunfs/root/ui (Bun 1.4.5 keeps dist/ui whole there too).
const COMPILED = import.meta.dir.startsWith("/$bunfs/");
const UI_DIR = COMPILED
  ? ([join(import.meta.dir, "ui"), join(import.meta.dir, "dist", "ui")].find((d) =>
      existsSync(join(d, "index.html")),
    ) ?? join(import.meta.dir, "ui"))
  : join(import.meta.dir, "..", "..", "..", "dist", "ui");

/** Files a branding folder may hold (docs/product.md "Branding"), served at `<base>/branding/<file>`. */
const BRANDING_FILES = { "custom.css": "text/css; charset=utf-8", "img/logo.svg": "image/svg+xml" } as const;
type BrandingFile = keyof typeof BRANDING_FILES;

/** The branding file on disk when the branding folder is set and holds it; relative folders sit under the files root. */
function brandingFile(deps: Deps, file: BrandingFile): string | null {
  const dir = currentSettings(deps.db).branding.files;
  if (!dir) return null;
  const abs = join(isAbsolute(dir) ? dir : join(deps.config.root, dir), file);
  return existsSync(abs) ? abs : null;
}

/**
 * The config object the UI reads from `<script id="fbe-config" type="application/json">` (docs/product.md "Page
 * config"); `encoder` is the video encoder About shows (media/video-encoder.ts).
 */
export function injectedConfig(deps: Deps, encoder: string): Record<string, unknown> {
  const settings = currentSettings(deps.db);
  const base = deps.config.baseurl;
  const { cacheRoot: _cacheRoot, ...thumbnail } = settings.thumbnail;
  return {
    name: settings.branding.name || DEFAULT_APP_NAME,
    description: settings.branding.description,
    baseURL: base,
    staticURL: `${base}/static`,
    signup: settings.signup || deps.config.signup,
    noAuth: deps.config.noauth,
    captcha: isCaptchaActive(settings.captcha),
    captchaKey: isCaptchaActive(settings.captcha) ? settings.captcha.key : "",
    loginPage: !deps.config.noauth,
    // Present only when the branding folder holds the file, so the UI links them only then.
    customCSS: brandingFile(deps, "custom.css") ? `${base}/branding/custom.css` : "",
    logoURL: brandingFile(deps, "img/logo.svg") ? `${base}/branding/img/logo.svg` : "",
    videoAutoplay: settings.video.autoplay,
    video: settings.video,
    slideshow: settings.slideshow,
    thumbnail,
    indexLocation: settings.indexLocation !== "",
    // Whether a delete goes to the trash (docs/product.md "Trash"), so the delete confirmation says where items go.
    trash: !settings.skipTrash,
    videoEncoder: encoder,
    // Resumable uploads send chunks of this many bytes (FBE_TUS_CHUNK_BYTES, below a proxy's body limit).
    tusChunkSize: deps.tus.options.chunkBytes,
    version: {
      Version: deps.build.version,
      OS: deps.build.os,
      Arch: deps.build.arch,
      CommitSHA: deps.build.commit,
      BuildDate: deps.build.buildDate,
      GoVersion: deps.build.runtime,
    },
  };
}

function loadIndexTemplate(base: string): string | null {
  const file = join(UI_DIR, "index.html");
  if (!existsSync(file)) return null;
  // The bundler writes relative asset URLs ("./index-abc.js"); deep routes need them absolute under the base.
  return readFileSync(file, "utf8").replace(/(src|href)="\.\//g, `$1="${base}/static/`);
}

/** Escapes JSON for a script element: "<" would let a value close the element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** Builds the sub-app serving the UI; mount it last, after the API. */
export function staticRoutes(deps: Deps) {
  // The binary's UI never changes, so it is read once; run from sources, dist/ui may be rebuilt under a
  // running server, so index.html and the asset list are read again on each request.
  const readUi = () => ({
    template: loadIndexTemplate(deps.config.baseurl),
    assets: existsSync(UI_DIR) ? readAssets(UI_DIR, new Set(["index.html"])) : new Map(),
  });
  const fixed = COMPILED ? readUi() : null;
  const ui = () => fixed ?? readUi();
  const renderIndex = async () => {
    const { template } = ui();
    if (!template) return "<!doctype html><title>fbe</title><p>The UI is not built: run npm run build.</p>";
    const tag = `<script id="fbe-config" type="application/json">${scriptSafeJson(injectedConfig(deps, await videoEncoderWithin(ENCODER_PAGE_WAIT_MS)))}</script>`;
    return template.replace("</head>", `${tag}</head>`);
  };
  return new Hono<AppEnv>()
    .get("/static/:file", (c) => {
      const asset = ui().assets.get(c.req.param("file"));
      if (!asset) throw new NotFound();
      return assetResponse(asset, c.req.header("accept-encoding"), c.req.method === "HEAD");
    })
    .get("/branding/:file{custom\\.css|img/logo\\.svg}", (c) => {
      const name = c.req.param("file") as BrandingFile;
      const abs = brandingFile(deps, name);
      if (!abs) throw new NotFound();
      return new Response(Bun.file(abs), {
        headers: {
          "Content-Type": BRANDING_FILES[name],
          "Cache-Control": "no-cache",
          // An SVG opened on its own must not run script in the app's origin.
          "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
        },
      });
    })
    .get("/api/*", () => {
      throw new NotFound();
    })
    .get("*", async (c) => htmlResponse(await renderIndex(), c.req.header("accept-encoding"), c.req.method === "HEAD"));
}
