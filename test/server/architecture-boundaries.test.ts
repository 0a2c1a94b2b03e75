/**
 * @module Boundaries beside the layering tests (architecture.test.ts): the UI builds from its own files, the wire
 * module and npm packages alone, and the environment is read only where configuration is resolved.
 */
import { describe, expect, it } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");
const SRC = join(ROOT, "src");

function files(dir: string, names: RegExp): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p, names) : names.test(n) ? [p] : [];
  });
}

/**
 * Module specifiers of static and dynamic imports, re-exports, require calls and CSS `@import`s. `from` counts only
 * after a space or a brace, as in `} from "x"`: a translation key such as `t("activity.from")` is no import.
 */
const SPECIFIER = /(?:(?<=[\s}])from\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|@import\s+)["']([^"']+)["']/g;

/** The npm package a bare specifier names: `swiper` of `swiper/react`, `@scope/name` of `@scope/name/x`. */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

describe("boundaries", () => {
  it("lets the UI import only src/shared, its own files and npm packages of package.json", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Record<
      string,
      Record<string, string> | undefined
    >;
    const packages = new Set(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }));
    const offenders: string[] = [];
    for (const file of files(join(SRC, "ui"), /\.(tsx?|css)$/)) {
      for (const [, specifier] of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
        const ok = specifier.startsWith(".")
          ? /^(ui|shared)\//.test(relative(SRC, resolve(dirname(file), specifier)))
          : packages.has(packageOf(specifier));
        if (!ok) offenders.push(`${relative(SRC, file)}: ${specifier}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("reads process.env only in src/server/config, src/server/main.ts and src/server/tools", () => {
    // Configuration is resolved once at boot into the frozen Config, which everything else gets passed down.
    const allowed = /^server\/(config\/|main\.ts$|tools\/)/;
    const offenders = files(SRC, /\.tsx?$/)
      .map((f) => relative(SRC, f))
      .filter((f) => !allowed.test(f) && /\bprocess\.env\b|\bBun\.env\b/.test(readFileSync(join(SRC, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});
