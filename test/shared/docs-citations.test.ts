/**
 * @module Citations a reader of the repository can follow: comments and test titles cite a heading of our own
 * `docs/` as `docs/<file>.md "<Heading>"` (several headings of one file as `"A", "B" and "C"`), and never a document
 * kept outside the repository.
 */
import { describe, expect, it } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");
const DOCS = join(ROOT, "docs");
const SCANNED = ["src", "test", "scripts", "bench"];
const TEXT_FILE = /\.(ts|tsx|js|cjs|mjs|css|html|json|md|sh|yml|yaml)$/;

/** Citations of the outside documents the code once followed (built in parts so this file does not match itself). */
const OUTSIDE = new RegExp(`\\b${"SPEC"}(?: sections?\\b| ?§|:)|\\b${"CON"}${"TRACT"}\\b`);
/** `docs/<file>.md` followed by one or more quoted headings; not `/docs/...` (a path inside a user's scope). */
const CITATION = /(?<![\w/])docs\/([\w.-]+\.md)((?:(?:,\s*|\s+and\s+|\s)"[^"\n]+")*)/g;
const HEADING_IN_LIST = /"([^"\n]+)"/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    if (n === "node_modules" || n === "sample-files") return [];
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : TEXT_FILE.test(n) ? [p] : [];
  });
}

/** The file's text with comment continuations (`\n * `, `\n // `) joined, so a citation may wrap a line. */
function joined(text: string): string {
  return text.replace(/\n[ \t]*(?:\*(?!\/)|\/\/)[ \t]*/g, " ");
}

/** Every heading text of a docs file, without its leading #s. */
function headingsOf(file: string): Set<string> {
  const lines = readFileSync(join(DOCS, file), "utf8").split("\n");
  return new Set(lines.flatMap((l) => (/^#{1,6} /.test(l) ? [l.replace(/^#+ /, "").trim()] : [])));
}

const scanned = SCANNED.flatMap((d) => files(join(ROOT, d)));

describe("docs citations", () => {
  it("cites no document kept outside the repository", () => {
    const offenders = scanned.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => (OUTSIDE.test(line) ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders).toEqual([]);
  });

  it("names only docs files and headings that exist", () => {
    const headings = new Map<string, Set<string>>();
    const broken: string[] = [];
    let cited = 0;
    for (const file of scanned) {
      for (const [, doc, list] of joined(readFileSync(file, "utf8")).matchAll(CITATION)) {
        // A docs path without a heading may be a file of a test's tree (`docs/notes.md`): only citations are checked.
        if (!list) continue;
        if (!existsSync(join(DOCS, doc))) {
          broken.push(`${relative(ROOT, file)}: docs/${doc} does not exist`);
          continue;
        }
        if (!headings.has(doc)) headings.set(doc, headingsOf(doc));
        for (const [, heading] of list.matchAll(HEADING_IN_LIST)) {
          cited++;
          if (!headings.get(doc)?.has(heading)) broken.push(`${relative(ROOT, file)}: docs/${doc} "${heading}"`);
        }
      }
    }
    expect(broken).toEqual([]);
    // The check ran over real citations, not an empty match.
    expect(cited).toBeGreaterThan(500);
  });

  it("keeps the headings of each docs file unique, so a citation names one place", () => {
    const duplicates = readdirSync(DOCS)
      .filter((n) => n.endsWith(".md"))
      .flatMap((doc) => {
        const all = readFileSync(join(DOCS, doc), "utf8")
          .split("\n")
          .filter((l) => /^#{1,6} /.test(l))
          .map((l) => l.replace(/^#+ /, "").trim());
        return all.filter((h, i) => all.indexOf(h) !== i).map((h) => `${doc}: ${h}`);
      });
    expect(duplicates).toEqual([]);
  });
});
