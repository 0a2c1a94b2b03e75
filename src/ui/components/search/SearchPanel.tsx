/**
 * @module The search panel in the header (docs/product.md "Search panel"): Ctrl+F or the search button opens it; no
 * dark overlay; input with the syntax hint, type chips, hot-keyword suggestions while empty, the hits; Esc closes.
 * Typing searches once the keys rest; a chip searches again at once.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Loader2, Search, X } from "lucide-react";
import { useShortcuts } from "../../keyboard/useShortcuts";
import { useLayout } from "../../stores/layout";
import { useCurrentResource } from "../../stores/current-resource";
import { closeSearch, openSearch, runSearch, setQuery, typeQuery, useSearch } from "../../stores/search";
import { hotKeywordOf } from "../../stores/search-rules";
import { TypeChips } from "./TypeChips";
import { SearchSuggestions } from "./SearchSuggestions";
import { SearchResults } from "./SearchResults";

/** Delay in ms before the suggestions hide once focus leaves the input (docs/product.md "Timings"). */
const SUGGESTIONS_HIDE_MS = 300;

/** The search button and, while open, the panel searching under `dir` (the listing's folder). */
export function SearchPanel({ dir }: { dir: string }) {
  const { t } = useTranslation();
  const s = useSearch();
  const { prompt } = useLayout();
  const { resource } = useCurrentResource();
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [suggest, setSuggest] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const open = s.status !== "idle";
  const start = () => {
    openSearch(dir);
    requestAnimationFrame(() => input.current?.focus());
  };
  useShortcuts(
    { view: resource?.isDir ? "listing" : "other", promptOpen: prompt !== null, selectedCount: 0, canDelete: false },
    { search: start },
  );
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  useEffect(() => {
    if (!open) return;
    // No overlay: a press outside the panel and its button closes it.
    const outside = (e: PointerEvent) => root.current && !root.current.contains(e.target as Node) && closeSearch();
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);
  const search = (query: string) => {
    setQuery(query);
    void runSearch();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      closeSearch();
      root.current?.querySelector<HTMLButtonElement>(".search-toggle")?.focus();
    }
  };
  const onInputKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      void runSearch();
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      root.current?.querySelector<HTMLAnchorElement>("a.search-hit")?.focus();
    }
  };
  return (
    <div className="search" ref={root} data-state={s.status} onKeyDown={onKey}>
      <button
        type="button"
        className="icon-btn search-toggle"
        aria-label={t("search.open")}
        title={t("search.open")}
        aria-expanded={open}
        aria-controls="search-panel"
        onClick={() => (open ? closeSearch() : start())}
      >
        <Search aria-hidden />
      </button>
      {open && (
        <section id="search-panel" className="search-panel" role="search" aria-label={t("search.label")}>
          <div className="search-box">
            {s.status === "ongoing" ? (
              <Loader2 className="search-spin" size={18} aria-hidden />
            ) : (
              <Search size={18} aria-hidden />
            )}
            <input
              ref={input}
              type="search"
              className="search-input"
              aria-label={t("search.input")}
              aria-describedby="search-hint"
              placeholder={t("search.placeholder")}
              value={s.query}
              autoComplete="off"
              onChange={(e) => typeQuery(e.target.value)}
              onKeyDown={onInputKey}
              onFocus={() => (clearTimeout(hideTimer.current), setSuggest(true))}
              onBlur={() => (hideTimer.current = setTimeout(() => setSuggest(false), SUGGESTIONS_HIDE_MS))}
            />
            <button
              type="button"
              className="icon-btn search-close"
              aria-label={t("search.close")}
              title={t("search.close")}
              onClick={closeSearch}
            >
              <X size={18} aria-hidden />
            </button>
          </div>
          <p id="search-hint" className="search-hint">
            {t("search.hint")}
          </p>
          <TypeChips query={s.query} onChange={(q) => (hotKeywordOf(q) ? search(q) : setQuery(q))} />
          <p className="search-status" role="status">
            {s.status === "ongoing"
              ? t("search.searching")
              : s.hits && s.hits.length > 0
                ? t("search.found", { count: s.hits.length })
                : ""}
          </p>
          {s.error && (
            <p className="search-error" role="alert">
              {s.error}
            </p>
          )}
          {suggest && !s.query && <SearchSuggestions onPick={search} />}
          {s.hits && s.query && !s.error && (
            <SearchResults dir={s.dir} hits={s.hits} shown={s.shown} onLeaveTop={() => input.current?.focus()} />
          )}
        </section>
      )}
    </div>
  );
}
