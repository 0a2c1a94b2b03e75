/**
 * @module The search query language (docs/product.md "Search query"): terms ANDed, `+term` required, `-term` excluded,
 * `"quoted phrases"`, `type:` filters, case-insensitive; plus the matcher the live walk and tests use. Pure.
 */
import type { ParsedQuery, QueryTerm, SearchType } from "./types";

/** The `type:` values of docs/product.md "Search query". */
export const SEARCH_TYPES: readonly SearchType[] = [
  "video",
  "audio",
  "image",
  "pdf",
  "text",
  "archive",
  "document",
  "font",
  "dir",
];

/**
 * The answer to a query that has a type filter and no keyword (docs/product.md "Search query", "Search and archive
 * messages").
 */
export const EMPTY_KEYWORD = "empty keyword is not allowed!";

/** Why a query cannot be searched: the message of docs/product.md "Search query" for a type-only query. */
export class QueryError extends Error {}

/** Lower case (Unicode) and NFC, so a decomposed accent on disk matches a composed one typed (and back). */
export function foldText(text: string): string {
  return text.normalize("NFC").toLowerCase();
}

/** One token: an optional sign, then a quoted phrase (closing quote optional) or a run of non-space characters. */
const TOKEN = /([+-]?)(?:"([^"]*)"?|(\S+))/g;
const TYPE_PREFIX = /^type:(.*)$/i;

/**
 * Parses a query. With `indexLocation` set (docs/product.md "Search query"), every plain term becomes a required quoted
 * term - which matches exactly what the plain term matches (a substring of the name, spaces cannot occur in it).
 * Returns null for empty input (nothing to search; docs/product.md "Search query": empty input is ignored).
 * @throws QueryError EMPTY_KEYWORD when the query has a type filter and no keyword.
 */
export function parseQuery(input: string, indexLocation = false): ParsedQuery | null {
  const terms: QueryTerm[] = [];
  let type: SearchType | null = null;
  let sawType = false;
  for (const m of input.matchAll(TOKEN)) {
    const sign = m[1];
    const quoted = m[2] !== undefined;
    const raw = quoted ? m[2] : m[3];
    if (!quoted && /^[+-]+$/.test(sign + raw)) continue; // a lone sign is no term
    const typed = !quoted && !sign ? TYPE_PREFIX.exec(raw) : null;
    if (typed) {
      sawType = true;
      const value = typed[1].toLowerCase() as SearchType;
      if (SEARCH_TYPES.includes(value)) type = value;
      continue;
    }
    const text = foldText(quoted ? raw.trim() : raw);
    if (!text) continue;
    const plain = !sign && !quoted;
    terms.push({
      text,
      excluded: sign === "-",
      required: sign === "+" || (plain && indexLocation),
      phrase: quoted || (plain && indexLocation),
    });
  }
  if (!terms.some((t) => !t.excluded)) {
    if (sawType) throw new QueryError(EMPTY_KEYWORD);
    if (terms.length === 0) return null;
  }
  return { terms, type };
}

/** What the matcher needs of a file or folder. */
export interface Matchable {
  readonly name: string;
  readonly isDir: boolean;
  /** The listing's file type ("" for folders). */
  readonly type: string;
}

/** True when the entry passes the type filter: `pdf` is the .pdf extension, `text` includes textImmutable. */
export function matchesType(type: SearchType | null, entry: Matchable): boolean {
  if (type === null) return true;
  if (type === "dir") return entry.isDir;
  if (entry.isDir) return false;
  if (type === "pdf") return entry.name.toLowerCase().endsWith(".pdf");
  if (type === "text") return entry.type === "text" || entry.type === "textImmutable";
  return entry.type === type;
}

/**
 * True when the entry's name holds every non-excluded term and no excluded one (case-insensitive substrings),
 * and passes the type filter. A term with a "/" is looked for in the path instead, as the index does.
 */
export function matchesQuery(query: ParsedQuery, entry: Matchable & { readonly path?: string }): boolean {
  if (!matchesType(query.type, entry)) return false;
  const name = foldText(entry.name);
  const path = entry.path === undefined ? name : foldText(entry.path);
  return query.terms.every((t) => (t.text.includes("/") ? path : name).includes(t.text) !== t.excluded);
}

/** True when the whole name is one of the searched words (as the index ranks them): ranked first. */
export function isExactName(query: ParsedQuery, name: string): boolean {
  const folded = foldText(name);
  return query.terms.some((t) => !t.excluded && t.text === folded);
}

/** Ranking order of hits: exact name matches first, then shorter paths, then by path. */
export function compareHits(query: ParsedQuery, a: { path: string }, b: { path: string }): number {
  const ea = isExactName(query, baseName(a.path)) ? 0 : 1;
  const eb = isExactName(query, baseName(b.path)) ? 0 : 1;
  if (ea !== eb) return ea - eb;
  if (a.path.length !== b.path.length) return a.path.length - b.path.length;
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}
