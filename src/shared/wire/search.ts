/** @module Answers of the search calls: GET /api/search/{path}?query= and GET /api/hot-search. Types only. */

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
