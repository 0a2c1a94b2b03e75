/**
 * @module Hot-keyword suggestions under the empty search input (docs/product.md "Search panel", "Sizes and paging").
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Flame } from "lucide-react";
import { fetchHotKeywords, type HotKeyword } from "../../api/search";
import { HOT_KEYWORDS_DEFAULT } from "../../../shared/wire/search";

/** Loads the 10 hot keywords when shown; a click on one hands it to `onPick`. A failed load shows nothing. */
export function SearchSuggestions({ onPick }: { onPick: (keyword: string) => void }) {
  const { t } = useTranslation();
  const [keywords, setKeywords] = useState<HotKeyword[]>([]);
  useEffect(() => {
    let live = true;
    fetchHotKeywords(HOT_KEYWORDS_DEFAULT)
      .then((list) => live && setKeywords(list))
      .catch(() => live && setKeywords([]));
    return () => {
      live = false;
    };
  }, []);
  if (!keywords.length) return null;
  return (
    <div className="search-suggestions">
      <h3 className="search-section-title">{t("search.hotKeywords")}</h3>
      <ul className="search-suggestion-list" aria-label={t("search.hotKeywords")}>
        {keywords.map((k) => (
          <li key={k.keyword}>
            <button type="button" className="search-suggestion" onClick={() => onPick(k.keyword)}>
              <Flame size={14} aria-hidden />
              <span>{k.keyword}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
