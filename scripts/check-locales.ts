/**
 * @module Refuses a UI build whose locale files disagree: every language must have exactly the keys of
 * en.json (src/ui/i18n/locales), so no screen shows a raw key in any of the six languages.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const DIR = join(import.meta.dir, "..", "src", "ui", "i18n", "locales");

function keysOf(obj: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === "object" ? keysOf(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

/**
 * Compares each locale file with en.json. Returns one line per problem ("ja: missing files.upload"),
 * empty when all agree.
 */
export function localeProblems(dir = DIR): string[] {
  const load = (f: string) => new Set(keysOf(JSON.parse(readFileSync(join(dir, f), "utf8"))));
  const en = load("en.json");
  const problems: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "en.json")) {
    const keys = load(file);
    const name = file.replace(/\.json$/, "");
    for (const k of en) if (!keys.has(k)) problems.push(`${name}: missing ${k}`);
    for (const k of keys) if (!en.has(k)) problems.push(`${name}: not in en.json: ${k}`);
  }
  return problems;
}

if (import.meta.main) {
  const problems = localeProblems();
  for (const p of problems) console.error(p);
  process.exit(problems.length ? 1 : 0);
}
