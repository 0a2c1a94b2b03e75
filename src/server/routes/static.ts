/**
 * @module The embedded UI: hashed assets under `<base>/static/` (cached for a year) and index.html, with the
 * server-injected config (SPEC section 3), for every other non-API path (not cached).
 */
import { Hono } from "hono";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { AppEnv } from "../env";
import type { Deps } from "../deps";
import { getSettings } from "../settings/settings-service";
import { DEFAULT_APP_NAME } from "../constants";
import { NotFound } from "../errors";

// Inside the binary, `--asset dist/ui` lands at /$bunfs/root/ui (Bun 1.4.5; STACK-NOTES saw dist/ui kept whole).
const COMPILED = import.meta.dir.startsWith("/$bunfs/");
const UI_DIR = COMPILED
  ? [join(import.meta.dir, "ui"), join(import.meta.dir, "dist", "ui")].find((d) => existsSync(join(d, "index.html"))) ?? join(import.meta.dir, "ui")
  : join(import.meta.dir, "..", "..", "..", "dist", "ui");

/** The config object the UI reads from `<script id="fbe-config" type="application/json">`. */
export function injectedConfig(deps: Deps): Record<string, unknown> {
  const settings = getSettings(deps.db);
  const base = deps.config.baseurl;
  return {
    name: settings.branding.name || DEFAULT_APP_NAME,
    description: settings.branding.description,
    baseURL: base,
    staticURL: `${base}/static`,
    signup: settings.signup || deps.config.signup,
    noAuth: deps.config.noauth,
    captcha: false,
    captchaKey: "",
    loginPage: !deps.config.noauth,
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
  const template = loadIndexTemplate(deps.config.baseurl);
  const assets = new Set(existsSync(UI_DIR) ? readdirSync(UI_DIR).filter((f) => f !== "index.html") : []);
  const renderIndex = () => {
    if (!template) return "<!doctype html><title>fbe</title><p>The UI is not built: run npm run build.</p>";
    const tag = `<script id="fbe-config" type="application/json">${scriptSafeJson(injectedConfig(deps))}</script>`;
    return template.replace("</head>", `${tag}</head>`);
  };
  return new Hono<AppEnv>()
    .get("/static/:file", (c) => {
      const name = c.req.param("file");
      if (!assets.has(name)) throw new NotFound();
      const f = Bun.file(join(UI_DIR, name));
      return new Response(f, {
        headers: { "Content-Type": f.type, "Cache-Control": "public, max-age=31536000, immutable" },
      });
    })
    .get("/api/*", () => {
      throw new NotFound();
    })
    .get("*", (c) => {
      c.header("Cache-Control", "no-cache");
      return c.html(renderIndex());
    });
}
