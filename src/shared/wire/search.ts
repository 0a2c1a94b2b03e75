/** @module Answers and counts of the search calls: GET /api/search/{path}?query= and GET /api/hot-search. Types and one count. */

/** Hot keywords GET /api/hot-search answers when it names no `num`; the search panel suggests as many. */
export const HOT_KEYWORDS_DEFAULT = 10;

/** One hit of GET /api/search: a path relative to the searched folder, and whether it is a folder. */
export interface SearchHit {
  readonly path: string;
  readonly dir: boolean;
}

/** One row of GET /api/hot-search: a keyword and how often the user searched it. */
export interface HotKeyword {
  readonly keyword: string;
  readonly hits: number;
}
