/**
 * @module A value the server and the UI both use is defined once, in src/shared/wire, and neither side repeats
 * it. The check reads every top-level `const` of src/server,
 * src/tasks, src/ui and src/shared whose value is a literal (a string, a number, arithmetic of numbers, an array of
 * those) and fails when two sides define the same value for the same concept:
 * - a string longer than 3 characters, or an array of 2 or more items, equal on two sides is one concept defined
 *   twice (header names, sentences, codec and format lists do not repeat by chance);
 * - numbers repeat by chance (1000 ms, 1024, 10_000 are everywhere), so two equal numbers count only when their
 *   names also share two words besides units and bounds (`TUS_CHUNK_BYTES`, `SHARE_DOWNLOAD_LIMIT_MAX`).
 */
import { describe, expect, it } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const SRC = join(import.meta.dir, "..", "..", "src");

/** The sides whose constants must not repeat each other; src/tasks runs in the server. */
const SIDES = { server: ["server", "tasks"], ui: ["ui"], shared: ["shared"] } as const;
type Side = keyof typeof SIDES;

/**
 * Pairs that hold an equal value on purpose, each with its reason: `file:NAME` of either side, in any order.
 */
const ALLOWED: readonly { pair: readonly [string, string]; reason: string }[] = [
  {
    pair: ["server/constants.ts:TOKEN_ISSUER", "shared/wire/settings.ts:DEFAULT_APP_NAME"],
    reason: "the tokens' `iss` claim is fixed so issued tokens stay valid; the default branding name may change alone",
  },
];

/** Words of a name that say a unit or a bound rather than what is counted. */
const UNIT_WORDS = new Set([
  "MS",
  "S",
  "PX",
  "BYTE",
  "MAX",
  "MIN",
  "DEFAULT",
  "SIZE",
  "COUNT",
  "LIMIT",
  "TIMEOUT",
  "WAIT",
  "INTERVAL",
  "STEP",
  "PER",
  "AT",
  "OF",
  "IN",
  "TO",
  "THE",
  "A",
]);

type Value = string | number | readonly Value[];
interface Constant {
  side: Side;
  /** `server/constants.ts:NAME`, relative to src. */
  id: string;
  name: string;
  value: Value;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
  });
}

/** The value of a literal expression, reading earlier constants of the same file; undefined when not a literal. */
function literal(e: ts.Expression, known: ReadonlyMap<string, Value>): Value | undefined {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text;
  if (ts.isNumericLiteral(e)) return Number(e.text);
  if (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.MinusToken) {
    const v = literal(e.operand, known);
    return typeof v === "number" ? -v : undefined;
  }
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e))
    return literal(e.expression, known);
  if (ts.isIdentifier(e)) return known.get(e.text);
  if (ts.isArrayLiteralExpression(e)) {
    const items = e.elements.map((x) => literal(x, known));
    return items.every((x) => x !== undefined) ? (items as Value[]) : undefined;
  }
  if (ts.isBinaryExpression(e)) {
    const a = literal(e.left, known);
    const b = literal(e.right, known);
    if (typeof a !== "number" || typeof b !== "number") return undefined;
    switch (e.operatorToken.kind) {
      case ts.SyntaxKind.AsteriskToken:
        return a * b;
      case ts.SyntaxKind.AsteriskAsteriskToken:
        return a ** b;
      case ts.SyntaxKind.PlusToken:
        return a + b;
      case ts.SyntaxKind.MinusToken:
        return a - b;
      case ts.SyntaxKind.SlashToken:
        return a / b;
    }
  }
  return undefined;
}

/** Every top-level `const` with a literal value in the folders of `side`. */
function constantsOf(side: Side): Constant[] {
  return SIDES[side]
    .flatMap((folder) => files(join(SRC, folder)))
    .flatMap((file) => {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
      const known = new Map<string, Value>();
      const found: Constant[] = [];
      for (const statement of source.statements) {
        if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
        for (const d of statement.declarationList.declarations) {
          if (!ts.isIdentifier(d.name) || !d.initializer) continue;
          const value = literal(d.initializer, known);
          if (value === undefined) continue;
          known.set(d.name.text, value);
          found.push({ side, id: `${relative(SRC, file)}:${d.name.text}`, name: d.name.text, value });
        }
      }
      return found;
    });
}

/** The words of a constant's name that say what it is: units and bounds dropped, plurals made singular. */
function conceptWords(name: string): Set<string> {
  const words = name.split("_").map((w) => (w.length > 3 && w.endsWith("S") ? w.slice(0, -1) : w));
  return new Set(words.filter((w) => w && !UNIT_WORDS.has(w)));
}

/** True when `a` and `b` look like one concept defined twice (see the module comment). */
function sameConcept(a: Constant, b: Constant): boolean {
  if (JSON.stringify(a.value) !== JSON.stringify(b.value)) return false;
  if (typeof a.value === "string") return a.value.length > 3;
  if (Array.isArray(a.value)) return a.value.length >= 2;
  if (a.name === b.name) return true;
  const words = conceptWords(a.name);
  return [...conceptWords(b.name)].filter((w) => words.has(w)).length >= 2;
}

function allowed(a: Constant, b: Constant): boolean {
  return ALLOWED.some(({ pair: [x, y] }) => (a.id === x && b.id === y) || (a.id === y && b.id === x));
}

/** `a = b` for every pair of constants of different sides that look like one concept. */
function duplicates(constants: readonly Constant[]): string[] {
  const found: string[] = [];
  for (const [i, a] of constants.entries()) {
    for (const b of constants.slice(i + 1)) {
      if (a.side !== b.side && sameConcept(a, b) && !allowed(a, b))
        found.push(`${a.id} = ${b.id} (${JSON.stringify(a.value)})`);
    }
  }
  return found;
}

const constants = (Object.keys(SIDES) as Side[]).flatMap(constantsOf);

describe("constants of the server and the UI (one definition per value, in src/shared/wire when both use it)", () => {
  it("reads the constants it polices (the check is not blind)", () => {
    const ids = new Set(constants.map((c) => c.id));
    expect(ids).toContain("server/constants.ts:TUS_MAX_CHUNK_BYTES");
    expect(ids).toContain("ui/constants.ts:MOBILE_MAX_WIDTH");
    expect(ids).toContain("ui/stores/listing-view.ts:PAGE_SIZE");
    expect(ids).toContain("shared/wire/headers.ts:AUTH_HEADER");
    expect(constants.find((c) => c.id === "shared/wire/upload.ts:TUS_CHUNK_BYTES")?.value).toBe(32 * 1024 * 1024);
  });

  it("finds no value defined on two sides", () => {
    expect(duplicates(constants)).toEqual([]);
  });

  it("keeps the allow-list to pairs that still exist", () => {
    const ids = new Set(constants.map((c) => c.id));
    expect(ALLOWED.flatMap(({ pair }) => pair).filter((id) => !ids.has(id))).toEqual([]);
  });

  it("flags the duplicates it is meant to catch, and not coincidences", () => {
    const at = (side: Side, name: string, value: Value): Constant => ({ side, id: `${side}:${name}`, name, value });
    expect(
      duplicates([
        at("server", "IF_MODIFIED_AT_HEADER", "X-If-Modified-At"),
        at("ui", "SAVE_HEADER", "X-If-Modified-At"),
      ]),
    ).toHaveLength(1);
    expect(duplicates([at("server", "CODECS", ["a", "b"]), at("shared", "PICTURE_CODECS", ["a", "b"])])).toHaveLength(
      1,
    );
    expect(duplicates([at("server", "TUS_CHUNK_BYTES", 33554432), at("ui", "TUS_CHUNK_BYTES", 33554432)])).toHaveLength(
      1,
    );
    expect(
      duplicates([at("server", "SHARE_DOWNLOAD_LIMIT_MAX", 1e9), at("ui", "SHARE_DOWNLOAD_LIMIT", 1e9)]),
    ).toHaveLength(1);
    expect(duplicates([at("server", "TASK_SHUTDOWN_WAIT_MS", 10_000), at("ui", "TASK_RECONNECT_MS", 10_000)])).toEqual(
      [],
    );
    expect(duplicates([at("server", "CHUNK", "abc"), at("ui", "OTHER", "abc")])).toEqual([]);
    expect(duplicates([at("ui", "A_NAME", "same text"), at("ui", "B_NAME", "same text")])).toEqual([]);
  });
});
