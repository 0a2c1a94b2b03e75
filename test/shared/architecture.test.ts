import { describe, expect, it } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SRC = join(import.meta.dir, "..", "..", "src");
const SHARED = join(SRC, "shared");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
  });
}

/** Every module specifier a file imports or re-exports from. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g);
  return [...found].map((m) => m[1]);
}

describe("the shared wire module (one definition of the wire's shapes)", () => {
  it("holds modules to check", () => {
    expect(files(SHARED).length).toBeGreaterThan(0);
  });

  it("imports only its own modules: nothing from src/server, src/ui or any package, so the UI bundle can take it", () => {
    const offenders = files(SHARED).flatMap((file) =>
      specifiers(file)
        .filter((spec) => !spec.startsWith(".") || relative(SHARED, resolve(dirname(file), spec)).startsWith(".."))
        .map((spec) => `${relative(SRC, file)} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("finds the imports it polices (the check is not blind)", () => {
    expect(specifiers(join(SRC, "ui", "api", "settings.ts"))).toContain("../../shared/wire/settings");
    expect(specifiers(join(SRC, "server", "presenters", "user.ts"))).toContain("../../shared/wire/user");
  });
});
