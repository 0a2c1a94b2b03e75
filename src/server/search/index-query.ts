/**
 * @module The ranking SQL of the recent changes: every non-excluded term must be in the name (a term with "/": in
 * the path), excluded terms must not, the type filter, the `under` prefix; exact name matches first, then shorter
 * paths. Terms of 3+ characters go through the FTS5 trigram table, shorter ones through instr() on the lower-cased
 * name. Rows are read one by one (Statement.iterate).
 */
import type { Database } from "bun:sqlite";
import { belowRange } from "./index-store";
import { foldName } from "./snapshot-codec";
import type { RankedHit } from "./search-plan";
import type { SearchRequest, SearchType } from "./types";

/** Shortest term the trigram table can find (FTS5 trigram tokenizer: 3 characters). */
const TRIGRAM_MIN = 3;

/** SQL condition and parameters of a type filter. */
function typeClause(type: SearchType): { sql: string; params: string[] } {
  if (type === "dir") return { sql: "e.is_dir = 1", params: [] };
  if (type === "pdf") return { sql: "e.is_dir = 0 AND e.lname LIKE '%.pdf'", params: [] };
  return { sql: "e.is_dir = 0 AND e.type = ?", params: [type] };
}

/** Most trigrams of one term asked from the table (the rest is checked by instr on the rows it returns). */
const MAX_TRIGRAMS = 6;

/**
 * FTS5 query of a term: its trigrams ANDed, each a quoted single token (the table has detail=none, which keeps it
 * small but refuses phrase queries; instr() then checks the whole term on the candidate rows).
 */
function ftsTrigrams(text: string): string {
  const chars = [...text];
  const grams = new Set<string>();
  for (let i = 0; i + TRIGRAM_MIN <= chars.length; i++) grams.add(chars.slice(i, i + TRIGRAM_MIN).join(""));
  const all = [...grams];
  // Spread over the term: the first, the last and evenly between.
  const picked =
    all.length <= MAX_TRIGRAMS
      ? all
      : Array.from({ length: MAX_TRIGRAMS }, (_, k) => all[Math.round((k * (all.length - 1)) / (MAX_TRIGRAMS - 1))]);
  return picked.map((g) => `"${g.replaceAll('"', '""')}"`).join(" AND ");
}

/** Builds the SQL and parameters of a request; null when no term can match (a query of excluded terms only). */
export function buildSearchSql(req: SearchRequest): { sql: string; params: (string | number)[] } {
  const where: string[] = [];
  const params: (string | number)[] = [];
  const fts: string[] = [];
  const exact: string[] = [];
  for (const term of req.query.terms) {
    const text = foldName(term.text);
    if (!text) continue;
    // No name holds a NUL (POSIX), and SQLite ends an FTS5 query string at one: such a term matches nothing.
    if (text.includes("\0")) {
      if (!term.excluded) where.push("0");
      continue;
    }
    const column = text.includes("/") ? "lower(e.path)" : "e.lname";
    if (term.excluded) {
      where.push(`instr(${column}, ?) = 0`);
      params.push(text);
      continue;
    }
    where.push(`instr(${column}, ?) > 0`);
    params.push(text);
    if (!text.includes("/")) {
      exact.push(text);
      if ([...text].length >= TRIGRAM_MIN) fts.push(ftsTrigrams(text));
    }
  }
  if (req.query.type) {
    const t = typeClause(req.query.type);
    where.push(t.sql);
    params.push(...t.params);
  }
  if (req.under !== "/") {
    const [lo, hi] = belowRange(req.under);
    where.push("e.path >= ? AND e.path < ?");
    params.push(lo, hi);
  }
  const head: (string | number)[] = [];
  let from = "entries e";
  if (fts.length > 0) {
    from = "names JOIN entries e ON e.id = names.rowid";
    where.unshift("names MATCH ?");
    head.push(fts.join(" AND "));
  }
  const exactSql = exact.length > 0 ? `(e.lname IN (${exact.map(() => "?").join(", ")}))` : "0";
  const sql = `SELECT e.path AS path, e.is_dir AS isDir, ${exactSql} AS ex FROM ${from} WHERE ${where.join(" AND ") || "1"}
    ORDER BY ex DESC, length(e.path), e.path`;
  return { sql, params: [...exact, ...head, ...params] };
}

/** Ranked hits of the recent changes for `req`, read row by row (the statement is finalized when the caller stops). */
export function* recentHits(db: Database, req: SearchRequest): Generator<RankedHit> {
  const { sql, params } = buildSearchSql(req);
  const stmt = db.prepare(sql);
  try {
    for (const row of stmt.iterate(...params) as IterableIterator<{ path: string; isDir: number; ex: number }>) {
      yield { path: row.path, isDir: row.isDir === 1, exact: row.ex === 1 };
    }
  } finally {
    stmt.finalize();
  }
}
