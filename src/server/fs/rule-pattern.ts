/**
 * @module Regular expressions of path rules (docs/product.md "Rule", docs/security.md "Regex rules"): compiled with
 * RE2's linear-time engine (the pure-JavaScript port re2js), so no pattern can make a request backtrack for
 * seconds; the shape check that keeps rules saved before this engine bounded too.
 */
import { RE2JS } from "re2js";
import { BoundedCache } from "../bounded-cache";

/** A rule pattern ready to search virtual paths. */
export interface RulePattern {
  /** True when the pattern is found anywhere in `path`. */
  test(path: string): boolean;
}

/**
 * How a rule pattern compiles: `linear` (RE2: time linear in the path's length), `legacy` (only JavaScript's
 * engine reads it, e.g. a lookahead, and its shape cannot backtrack catastrophically), `unsafe` (only JavaScript's
 * engine reads it and it nests repetition: never run), or `invalid` (no engine reads it).
 */
export type CompiledRulePattern =
  | { kind: "linear"; pattern: RulePattern }
  | { kind: "legacy"; pattern: RulePattern }
  | { kind: "unsafe" }
  | { kind: "invalid" };

const MAX_CACHED_PATTERNS = 1000;
/** Compiled patterns by source text; rules are few and reused on every listing entry. */
const compiled = new BoundedCache<string, CompiledRulePattern>(MAX_CACHED_PATTERNS);

/** Compiles a rule pattern once (cached by its text); see CompiledRulePattern for the outcomes. */
export function compileRulePattern(source: string): CompiledRulePattern {
  let out = compiled.get(source);
  if (out === undefined) {
    out = compileUncached(source);
    compiled.set(source, out);
  }
  return out;
}

function compileUncached(source: string): CompiledRulePattern {
  try {
    // translateRegExp reads JavaScript's spelling of named groups and \u{...} escapes as RE2 does.
    return { kind: "linear", pattern: RE2JS.compile(RE2JS.translateRegExp(source)) };
  } catch {
    // RE2 refuses lookaround, back-references and repeat counts over 1000: see whether JavaScript reads it.
  }
  let native: RegExp;
  try {
    native = new RegExp(source);
  } catch {
    return { kind: "invalid" };
  }
  return mayBacktrack(source) ? { kind: "unsafe" } : { kind: "legacy", pattern: native };
}

/**
 * True when a pattern has a shape that makes a backtracking engine take exponential time: a repeated group
 * that holds a repetition or an alternation (`(a+)+`, `(a|aa)*`, `(x+y?)+`), or a back-reference. Character
 * classes and escapes are skipped; `?` alone is not a repetition.
 */
export function mayBacktrack(source: string): boolean {
  if (/\\[1-9]|\\k</.test(source)) return true;
  const groups: { repeats: boolean; alternates: boolean }[] = [{ repeats: false, alternates: false }];
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    const top = groups[groups.length - 1];
    if (ch === "\\") i++;
    else if (ch === "[") i = classEnd(source, i);
    else if (ch === "(") groups.push({ repeats: false, alternates: false });
    else if (ch === "|") top.alternates = true;
    else if (repeatsAt(source, i)) top.repeats = true;
    else if (ch === ")" && groups.length > 1) {
      const inner = groups.pop()!;
      const repeated = repeatsAt(source, i + 1);
      if (repeated && (inner.repeats || inner.alternates)) return true;
      const parent = groups[groups.length - 1];
      parent.repeats ||= inner.repeats || repeated;
    }
  }
  return false;
}

/** Whether a repetition (`*`, `+`, `{n,}`, `{n,m}` with m > 1) follows at `i`. */
function repeatsAt(source: string, i: number): boolean {
  const ch = source[i];
  if (ch === "*" || ch === "+") return true;
  const counted = /^\{(\d*)(,?)(\d*)\}/.exec(source.slice(i));
  return (
    counted !== null && (counted[2] === "," ? counted[3] === "" || Number(counted[3]) > 1 : Number(counted[1]) > 1)
  );
}

/** The index of the `]` closing the character class opened at `start` (the last index when unclosed). */
function classEnd(source: string, start: number): number {
  let i = start + 1;
  if (source[i] === "^") i++;
  if (source[i] === "]") i++;
  for (; i < source.length; i++) {
    if (source[i] === "\\") i++;
    else if (source[i] === "]") return i;
  }
  return source.length - 1;
}

/**
 * Why a pattern cannot be saved in a rule, or null when RE2 reads it: `invalid` (no regular expression at all) or
 * `unsupported` (only a backtracking engine reads it: lookahead, lookbehind, back-references, repeat counts over 1000).
 */
export function rulePatternProblem(source: string): "invalid" | "unsupported" | null {
  const kind = compileRulePattern(source).kind;
  return kind === "linear" ? null : kind === "invalid" ? "invalid" : "unsupported";
}
