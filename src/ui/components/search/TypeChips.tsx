/**
 * @module Type-filter chips of the search panel: each adds or removes `type:x` in the query (docs/product.md "Search
 * query").
 */
import { useTranslation } from "react-i18next";
import { queryTypes, toggleType } from "../../stores/search-rules";

/** The type filters offered as chips in the search panel (docs/product.md "Search query": filter, the common ones). */
const SEARCH_TYPE_CHIPS = ["video", "audio", "image", "pdf", "text", "archive", "dir"] as const;

/** A row of toggle buttons, pressed when the query holds their `type:` filter; `onChange` gets the new query. */
export function TypeChips({ query, onChange }: { query: string; onChange: (next: string) => void }) {
  const { t } = useTranslation();
  const active = queryTypes(query);
  return (
    <div className="search-chips" role="group" aria-label={t("search.types.label")}>
      {SEARCH_TYPE_CHIPS.map((type) => (
        <button
          key={type}
          type="button"
          className="search-chip"
          aria-pressed={active.includes(type)}
          onClick={() => onChange(toggleType(query, type))}
        >
          {t(`search.types.${type}`)}
        </button>
      ))}
    </div>
  );
}
