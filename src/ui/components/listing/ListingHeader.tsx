/** @module Sortable column headers name, size, modified and mode (docs/product.md "Listing"). */
import { ArrowDown, ArrowUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Sorting } from "../../auth/token";

const COLUMNS: Array<{ by: Sorting["by"]; key: "name" | "size" | "modified" | "mode" }> = [
  { by: "name", key: "name" },
  { by: "size", key: "size" },
  { by: "modified", key: "modified" },
  { by: "modeStr", key: "mode" },
];

/** The header row; clicking a column sorts by it and clicking again flips the order. */
export function ListingHeader({ sorting, onSort }: { sorting: Sorting; onSort: (by: Sorting["by"]) => void }) {
  const { t } = useTranslation();
  return (
    <div className="listing-header" role="group" aria-label={t("files.sortBy")}>
      {COLUMNS.map((c) => {
        const active = sorting.by === c.by;
        const Arrow = sorting.asc ? ArrowUp : ArrowDown;
        return (
          <button
            key={c.by}
            type="button"
            className={`col col-${c.key}${active ? " active" : ""}`}
            aria-pressed={active}
            aria-label={t(`files.columns.${c.key}`)}
            title={t("files.sortHint")}
            onClick={() => onSort(c.by)}
          >
            <span>{t(`files.columns.${c.key}`)}</span>
            {active && <Arrow size={14} aria-hidden />}
          </button>
        );
      })}
    </div>
  );
}
