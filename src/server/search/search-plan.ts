/**
 * @module What a search request asks of each entry, in the folded form both index layers (snapshot and recent
 * changes) test: name terms (ANDed), path terms (a term with "/" matches the whole path), excluded terms, the type
 * filter and the folder the hits must be below.
 */
import { foldName, TYPE_CODES } from "./snapshot-codec";
import type { SearchRequest, SearchType } from "./types";

/** A request reduced to folded terms. */
export interface MatchPlan {
  /** Positive terms without "/": each must be in the folded name. */
  readonly names: readonly string[];
  /** Positive terms with "/": each must be in the folded path. */
  readonly paths: readonly string[];
  readonly notNames: readonly string[];
  readonly notPaths: readonly string[];
  readonly type: SearchType | null;
  /** Hits must start with this prefix ("/" for the whole root, else "/a/b/"). */
  readonly prefix: string;
  /** Names equal to one of these rank first (the positive name terms). */
  readonly exact: ReadonlySet<string>;
}

/** Folds the terms of `req`; null when nothing can match (no positive term and no type filter). */
export function planOf(req: SearchRequest): MatchPlan | null {
  const names: string[] = [];
  const paths: string[] = [];
  const notNames: string[] = [];
  const notPaths: string[] = [];
  for (const term of req.query.terms) {
    const text = foldName(term.text);
    if (!text) continue;
    const withSlash = text.includes("/");
    if (term.excluded) (withSlash ? notPaths : notNames).push(text);
    else (withSlash ? paths : names).push(text);
  }
  if (names.length + paths.length === 0 && !req.query.type) return null;
  const prefix = req.under === "/" ? "/" : `${req.under}/`;
  return { names, paths, notNames, notPaths, type: req.query.type, prefix, exact: new Set(names) };
}

/** True when an entry passes the terms and the type filter; `path` is its root-relative path. */
export function entryMatches(plan: MatchPlan, folded: string, path: string, typeCode: number): boolean {
  for (const t of plan.names) if (!folded.includes(t)) return false;
  for (const t of plan.notNames) if (folded.includes(t)) return false;
  if (plan.type) {
    if (plan.type === "dir") {
      if (typeCode !== 0) return false;
    } else if (plan.type === "pdf") {
      if (typeCode === 0 || !folded.endsWith(".pdf")) return false;
    } else if (TYPE_CODES[typeCode] !== plan.type) return false;
  }
  if (plan.paths.length + plan.notPaths.length > 0) {
    const fp = foldName(path);
    for (const t of plan.paths) if (!fp.includes(t)) return false;
    for (const t of plan.notPaths) if (fp.includes(t)) return false;
  }
  return plan.prefix === "/" || path.startsWith(plan.prefix);
}

/** A hit of one layer, with what the ranking needs. */
export interface RankedHit {
  readonly path: string;
  readonly isDir: boolean;
  /** The name equals a term. */
  readonly exact: boolean;
}

/** Ranking order: exact name matches first, then shorter paths, then by path. */
export function compareHits(a: RankedHit, b: RankedHit): number {
  if (a.exact !== b.exact) return a.exact ? -1 : 1;
  if (a.path.length !== b.path.length) return a.path.length - b.path.length;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
