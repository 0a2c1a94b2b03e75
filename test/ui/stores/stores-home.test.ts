/** @module UI feature stores have one home: only src/ui/stores imports valtio (src/ui/stores/README.md). */
import { describe, expect, it } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const UI = join(import.meta.dir, "..", "..", "..", "src", "ui");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
  });
}

const importsValtio = (file: string) => /from\s*["']valtio(\/[^"']*)?["']/.test(readFileSync(file, "utf8"));

describe("UI stores (one folder for every feature store)", () => {
  it("imports valtio only in src/ui/stores", () => {
    const offenders = files(UI)
      .map((f) => relative(UI, f))
      .filter((f) => !f.startsWith("stores/") && importsValtio(join(UI, f)));
    expect(offenders).toEqual([]);
  });

  it("finds the stores it polices (the check is not blind)", () => {
    expect(importsValtio(join(UI, "stores", "current-resource.ts"))).toBe(true);
    expect(importsValtio(join(UI, "stores", "audio-player.ts"))).toBe(true);
  });
});
