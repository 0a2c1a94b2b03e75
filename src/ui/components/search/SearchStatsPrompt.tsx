/**
 * @module Search stats dialog (docs/product.md "Search stats"): a slider for how many hot keywords (3 to 10),
 * a pie or bar chart of their hits, and a remove button per keyword that reloads the chart.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Trash2 } from "lucide-react";
import { Dialog } from "../common/Dialog";
import { closePrompt } from "../../stores/layout";
import { useAuth } from "../../stores/auth";
import { fetchHotKeywords, removeHotKeyword, type HotKeyword } from "../../api/search";
import { errorMessage } from "../../api/errors";
import { removableKeyword } from "../../stores/search-rules";
import { StatsChart, type StatsChartKind } from "./StatsChart";

/** Bounds and default of the search stats slider (docs/product.md "Sizes and paging"). */
const STATS_KEYWORDS_MIN = 3;
const STATS_KEYWORDS_MAX = 10;

/** Loads the top keywords for the slider's count and shows them as a chart and a list. */
export function SearchStatsPrompt() {
  const { t } = useTranslation();
  // Removal is an admin call (the server refuses others): only admins get the buttons.
  const admin = Boolean(useAuth().user?.perm.admin);
  const [count, setCount] = useState(STATS_KEYWORDS_MAX);
  const [kind, setKind] = useState<StatsChartKind>("pie");
  const [keywords, setKeywords] = useState<HotKeyword[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async (num: number) => {
    try {
      setKeywords(await fetchHotKeywords(num));
      setError(null);
    } catch (err) {
      setError(errorMessage(err));
    }
  }, []);
  useEffect(() => void load(count), [count, load]);
  const remove = async (keyword: string) => {
    const kw = removableKeyword(keyword);
    if (!kw) return;
    try {
      await removeHotKeyword(kw);
      await load(count);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <Dialog
      wide
      label={t("search.stats.title")}
      title={t("search.stats.title")}
      onClose={closePrompt}
      actions={
        <button type="button" className="btn btn-primary" data-autofocus onClick={closePrompt}>
          {t("prompts.ok")}
        </button>
      }
    >
      <div className="stats-controls">
        <label className="stats-slider">
          <span>{t("search.stats.count", { count })}</span>
          <input
            type="range"
            min={STATS_KEYWORDS_MIN}
            max={STATS_KEYWORDS_MAX}
            step={1}
            value={count}
            onChange={(e) => setCount(Number(e.target.value))}
          />
        </label>
        <div className="stats-kinds" role="radiogroup" aria-label={t("search.stats.kind")}>
          {(["pie", "bar"] as const).map((k) => (
            <label key={k} className="stats-kind">
              <input type="radio" name="stats-kind" checked={kind === k} onChange={() => setKind(k)} />
              {t(`search.stats.${k}`)}
            </label>
          ))}
        </div>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {keywords && keywords.length === 0 && <p className="stats-empty">{t("search.stats.empty")}</p>}
      {keywords && keywords.length > 0 && (
        <>
          <StatsChart keywords={keywords} kind={kind} label={t("search.stats.chart")} />
          <ul className="stats-list" aria-label={t("search.hotKeywords")}>
            {keywords.map((k) => (
              <li key={k.keyword}>
                <span className="stats-keyword">{k.keyword}</span>
                <span className="stats-hits">{t("search.stats.hits", { count: k.hits })}</span>
                {admin && (
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={t("search.stats.remove", { keyword: k.keyword })}
                    title={t("search.stats.remove", { keyword: k.keyword })}
                    onClick={() => void remove(k.keyword)}
                  >
                    <Trash2 size={16} aria-hidden />
                  </button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
